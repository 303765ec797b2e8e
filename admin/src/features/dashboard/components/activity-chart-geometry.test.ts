import { describe, expect, it } from 'vitest';
import { CHART, chartGeometry, niceStep, summarize } from './activity-chart-geometry';

const day = (i: number) => `2026-05-${String(i + 1).padStart(2, '0')}`;
const activity = (values: [number, number][]) => values.map(([signatures, letters], i) => ({ date: day(i), signatures, letters }));

describe('niceStep', () => {
  it('is a whole 1, 2 or 5 times a power of ten', () => {
    expect(niceStep(0)).toBe(1);
    expect(niceStep(0.75)).toBe(1);
    expect(niceStep(1.5)).toBe(2);
    expect(niceStep(3)).toBe(5);
    expect(niceStep(7)).toBe(10);
    expect(niceStep(12)).toBe(20);
    expect(niceStep(260)).toBe(500);
  });
});

describe('chartGeometry', () => {
  it('scales the axis to the busiest day with whole-number ticks', () => {
    const g = chartGeometry(activity([[3, 1], [18, 2], [0, 0]]));
    expect(g.yMax).toBe(20);
    expect(g.yTicks.map((t) => t.value)).toEqual([0, 5, 10, 15, 20]);
    expect(g.yTicks[0]!.y).toBe(CHART.height - CHART.bottom);
    expect(g.yTicks[4]!.y).toBe(CHART.top);
  });

  it('draws a flat line on the baseline for a month without activity', () => {
    const g = chartGeometry(activity(Array.from({ length: 30 }, () => [0, 0] as [number, number])));
    expect(g.yMax).toBe(4);
    expect(new Set(g.signatures.points.map((p) => p.y))).toEqual(new Set([CHART.height - CHART.bottom]));
  });

  it('puts the first day on the left edge and the last on the right, one point per day', () => {
    const g = chartGeometry(activity(Array.from({ length: 30 }, (_, i) => [i, 0] as [number, number])));
    expect(g.signatures.points).toHaveLength(30);
    expect(g.signatures.points[0]!.x).toBe(CHART.left);
    expect(g.signatures.points[29]!.x).toBe(CHART.width - CHART.right);
    expect(g.signatures.path.startsWith(`M${CHART.left} `)).toBe(true);
    // On a phone the same month spans the narrower width.
    const narrow = chartGeometry(activity(Array.from({ length: 30 }, (_, i) => [i, 0] as [number, number])), 320);
    expect(narrow.signatures.points[29]!.x).toBe(320 - CHART.right);
    // Higher counts are drawn higher up (smaller y).
    expect(g.signatures.points[29]!.y).toBeLessThan(g.signatures.points[0]!.y);
  });

  it('labels one day a week, always including the latest', () => {
    const g = chartGeometry(activity(Array.from({ length: 30 }, () => [1, 1] as [number, number])));
    expect(g.xLabels.map((l) => l.label)).toEqual(['May 2', 'May 9', 'May 16', 'May 23', 'May 30']);
  });
});

describe('summarize', () => {
  it('totals the month and finds the busiest day', () => {
    expect(summarize(activity([[1, 0], [4, 3], [6, 0]]))).toEqual({
      signatures: 11,
      letters: 3,
      busiest: { date: day(1), signatures: 4, letters: 3 },
    });
  });

  it('has no busiest day when nothing happened', () => {
    expect(summarize(activity([[0, 0]]))).toEqual({ signatures: 0, letters: 0, busiest: null });
  });
});
