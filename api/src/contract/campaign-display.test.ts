import { describe, expect, it } from 'vitest';
import { progressPercent, widgetProgressPercent } from './campaign-display';

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

  it('is rounded to a whole percent in the widget', () => {
    expect(widgetProgressPercent(1, 1000)).toBe(0);
    expect(widgetProgressPercent(5, 1000)).toBe(1);
    expect(widgetProgressPercent(333, 1000)).toBe(33);
    expect(widgetProgressPercent(2, 3)).toBe(67);
    expect(widgetProgressPercent(2500, 1000)).toBe(100);
    expect(widgetProgressPercent(10, 0)).toBe(0);
  });
});
