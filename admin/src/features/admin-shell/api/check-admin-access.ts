import { useEffect, useState } from 'react';
import { fetchDashboard } from '../../../lib/admin-dashboard';
import { ApiError } from '../../../lib/api';

export type AdminAccess = 'checking' | 'allowed' | 'denied' | 'redirect';

/**
 * The admin shell's access check (SPEC.md section 2): GET /api/admin/dashboard. 403 is 'denied';
 * any other failure, a network failure included, is 'redirect' (back to /).
 */
export async function checkAdminAccess(signal: AbortSignal): Promise<Exclude<AdminAccess, 'checking'>> {
  try {
    // Kept for the Dashboard page, which usually opens next (see lib/admin-dashboard.ts).
    await fetchDashboard(signal, { prime: true });
    return 'allowed';
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return 'denied';
    if (!signal.aborted) console.error('Admin access check failed:', error);
    return 'redirect';
  }
}

/** Runs the check once for the shell's lifetime (the shell stays mounted across admin pages). */
export function useAdminAccess(): AdminAccess {
  const [access, setAccess] = useState<AdminAccess>('checking');
  useEffect(() => {
    const controller = new AbortController();
    void checkAdminAccess(controller.signal).then((result) => {
      if (!controller.signal.aborted) setAccess(result);
    });
    return () => controller.abort();
  }, []);
  return access;
}
