/**
 * 'YYYY-MM-DD' of the calendar day where the code runs, not UTC (late evening is still today): the
 * supporter's own day in the widget, the server's when a client sent none.
 */
export function localIsoDate(d: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
