import { describe, expect, it } from 'vitest';
import { campaignMessage, isDaisMessage, resizeMessage } from './protocol';

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

  // Issue 22, point 17: the iframe was titled 'Petition: campaign 1'; the page tells the loader the
  // campaign's title once it knows it.
  it("accepts the campaign message it builds, with the campaign's title", () => {
    expect(campaignMessage('Protect Riverside Park')).toEqual({ type: 'dais:campaign', title: 'Protect Riverside Park' });
    expect(isDaisMessage(campaignMessage('Protect Riverside Park'))).toBe(true);
    expect(isDaisMessage(campaignMessage('Proteger el parque «Las Palmas» & <más>'))).toBe(true);
  });

  it('ignores a campaign message without a sane title', () => {
    for (const title of [undefined, null, 12, '', ' ', 'x'.repeat(501), ['a']]) {
      expect(isDaisMessage({ type: 'dais:campaign', title })).toBe(false);
    }
    expect(isDaisMessage({ type: 'dais:campaign', height: 10 })).toBe(false);
    expect(isDaisMessage({ type: 'dais:resize', title: 'A title' })).toBe(false);
  });
});
