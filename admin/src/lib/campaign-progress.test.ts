import { describe, expect, it } from 'vitest';
import { progressLabel, progressPercent } from './campaign-progress';

describe('progress towards a goal', () => {
  it('is supporters over target as a percent', () => {
    expect(progressPercent(250, 1000)).toBe(25);
    expect(progressPercent(1, 3)).toBeCloseTo(33.333, 2);
  });

  it('is capped at 100 when the goal is passed', () => {
    expect(progressPercent(1000, 1000)).toBe(100);
    expect(progressPercent(5000, 1000)).toBe(100);
  });

  it('is 0 for no supporters and for a zero or invalid target', () => {
    expect(progressPercent(0, 1000)).toBe(0);
    expect(progressPercent(10, 0)).toBe(0);
    expect(progressPercent(10, -5)).toBe(0);
    expect(progressPercent(Number.NaN, 10)).toBe(0);
  });

  it('labels in whole percents without claiming 0% or 100% too early', () => {
    expect(progressLabel(250, 1000)).toBe('25%');
    expect(progressLabel(5000, 1000)).toBe('100%');
    expect(progressLabel(0, 1000)).toBe('0%');
    expect(progressLabel(1, 1000)).toBe('<1%');
    expect(progressLabel(999, 1000)).toBe('99%');
    expect(progressLabel(1, 3)).toBe('33%');
  });
});
