/**
 * The dashboard chart's geometry, pure so it can be tested: scales, axis ticks and the two line
 * paths for signatures and letters per day. The width is the chart's own width in CSS pixels, so
 * its text stays at a readable size from a phone to a wide screen.
 */
import type { Activity } from '@dais/api/contract';
import { formatShortDay } from '../../../lib/format';

export const CHART = { width: 720, height: 260, left: 44, right: 28, top: 16, bottom: 36 } as const;
const Y_TICKS = 4;

/** A whole-number tick step of 1, 2 or 5 times a power of ten, so the axis reads 0, 5, 10, 15, 20. */
export function niceStep(raw: number): number {
  if (!(raw > 1)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const normalised = raw / magnitude;
  const factor = normalised <= 1 ? 1 : normalised <= 2 ? 2 : normalised <= 5 ? 5 : 10;
  return factor * magnitude;
}

export interface ChartGeometry {
  yMax: number;
  yTicks: { value: number; y: number }[];
  xLabels: { label: string; x: number }[];
  signatures: { path: string; points: { x: number; y: number }[] };
  letters: { path: string; points: { x: number; y: number }[] };
}

export function chartGeometry(activity: Activity, width: number = CHART.width): ChartGeometry {
  const { height, left, right, top, bottom } = CHART;
  const plotWidth = width - left - right;
  const plotHeight = height - top - bottom;
  const peak = Math.max(0, ...activity.flatMap((d) => [d.signatures, d.letters]));
  const step = niceStep(peak / Y_TICKS);
  const yMax = step * Y_TICKS;
  const n = activity.length;
  const xAt = (i: number) => left + (n <= 1 ? plotWidth / 2 : (i / (n - 1)) * plotWidth);
  const yAt = (v: number) => top + plotHeight - (v / yMax) * plotHeight;
  const round = (v: number) => Math.round(v * 10) / 10;

  const series = (pick: (d: Activity[number]) => number) => {
    const points = activity.map((d, i) => ({ x: round(xAt(i)), y: round(yAt(pick(d))) }));
    const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x} ${p.y}`).join(' ');
    return { path, points };
  };

  // A label every week, counted back from today so the latest day is always labelled.
  const xLabels = activity
    .map((d, i) => ({ i, d }))
    .filter(({ i }) => (n - 1 - i) % 7 === 0)
    .map(({ i, d }) => ({ label: formatShortDay(d.date), x: round(xAt(i)) }));

  return {
    yMax,
    yTicks: Array.from({ length: Y_TICKS + 1 }, (_, k) => ({ value: k * step, y: round(yAt(k * step)) })),
    xLabels,
    signatures: series((d) => d.signatures),
    letters: series((d) => d.letters),
  };
}

export interface ActivitySummary {
  signatures: number;
  letters: number;
  /** The day with the most signatures and letters together; null when there were none. */
  busiest: { date: string; signatures: number; letters: number } | null;
}

export function summarize(activity: Activity): ActivitySummary {
  let busiest: ActivitySummary['busiest'] = null;
  let signatures = 0;
  let letters = 0;
  for (const d of activity) {
    signatures += d.signatures;
    letters += d.letters;
    const total = d.signatures + d.letters;
    if (total > 0 && (!busiest || total > busiest.signatures + busiest.letters)) busiest = d;
  }
  return { signatures, letters, busiest };
}
