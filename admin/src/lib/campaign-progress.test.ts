import { describe, expect, it } from 'vitest';
import { progressLabel } from './campaign-progress';

describe('the progress label', () => {
  it('labels in whole percents without claiming 0% or 100% too early', () => {
    expect(progressLabel(250, 1000)).toBe('25%');
    expect(progressLabel(5000, 1000)).toBe('100%');
    expect(progressLabel(0, 1000)).toBe('0%');
    expect(progressLabel(1, 1000)).toBe('<1%');
    expect(progressLabel(999, 1000)).toBe('99%');
    expect(progressLabel(1, 3)).toBe('33%');
  });
});
