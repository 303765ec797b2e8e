import { describe, expect, it } from 'vitest';
import { isDaisMessage, resizeMessage } from './protocol';

describe('iframe protocol', () => {
  it('accepts the resize message it builds', () => {
    expect(resizeMessage(640)).toEqual({ type: 'dais:resize', height: 640 });
    expect(isDaisMessage(resizeMessage(640))).toBe(true);
  });

  it('ignores anything else', () => {
    for (const data of [null, 'dais:resize', { type: 'dais:resize' }, { type: 'dais:resize', height: -1 }, { type: 'dais:resize', height: 1.5 }, { type: 'other', height: 10 }, { type: 'dais:resize', height: 1e9 }]) {
      expect(isDaisMessage(data)).toBe(false);
    }
  });
});
