/**
 * Progress towards a goal (SPEC.md section 9): supporters divided by the target, as a percent
 * capped at 100. A zero or missing target counts as no progress rather than dividing by zero.
 */
export function progressPercent(count: number, target: number): number {
  if (!Number.isFinite(count) || !Number.isFinite(target) || target <= 0 || count <= 0) return 0;
  return Math.min(100, (count / target) * 100);
}

/** The percent as people read it: whole numbers, but never '0%' for some progress or '100%' short of it. */
export function progressLabel(count: number, target: number): string {
  const p = progressPercent(count, target);
  if (p === 0 || p === 100) return `${p}%`;
  if (p < 1) return '<1%';
  if (p > 99) return '99%';
  return `${Math.round(p)}%`;
}
