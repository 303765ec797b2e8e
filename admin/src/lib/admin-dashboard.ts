import type { Dashboard } from '@dais/api/contract';
import { apiData } from './api';

/**
 * GET /api/admin/dashboard, which SPEC.md section 2 also makes the admin shell's access check. The
 * check's reply is kept for a few seconds so that the Dashboard, opened right behind it, shows it
 * instead of asking the same question twice; it is used once, and anything older is fetched again.
 */
const PRIMED_MS = 5_000;
let primed: { data: Dashboard; at: number } | undefined;

export async function fetchDashboard(signal: AbortSignal, opts: { prime?: boolean } = {}): Promise<Dashboard> {
  const data = await apiData<Dashboard>('/api/admin/dashboard', { signal });
  if (opts.prime) primed = { data, at: Date.now() };
  return data;
}

/** The access check's reply if it is fresh (once), else a new request. */
export function dashboardFromCheckOrFetch(signal: AbortSignal): Promise<Dashboard> {
  const kept = primed;
  primed = undefined;
  if (kept && Date.now() - kept.at < PRIMED_MS) return Promise.resolve(kept.data);
  return fetchDashboard(signal);
}
