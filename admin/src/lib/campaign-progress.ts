import { progressPercent } from '@dais/api/contract';

/** The percent as people read it: whole numbers, but never '0%' for some progress or '100%' short of it. */
export function progressLabel(count: number, target: number): string {
  const p = progressPercent(count, target);
  if (p === 0 || p === 100) return `${p}%`;
  if (p < 1) return '<1%';
  if (p > 99) return '99%';
  return `${Math.round(p)}%`;
}
