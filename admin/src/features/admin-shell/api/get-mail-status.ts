import type { MailStatus } from '@dais/api/contract';
import { useEffect, useState } from 'react';
import { apiData } from '../../../lib/api';

export function getMailStatus(signal: AbortSignal): Promise<MailStatus> {
  return apiData<MailStatus>('/api/admin/mail', { signal });
}

/**
 * The development mailbox's address when the server keeps mail there (no SMTP_URL, on a laptop),
 * else null; asked once the access check has let the admin in.
 */
export function useDevMailboxUrl(enabled: boolean): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    getMailStatus(controller.signal).then(
      (status) => setUrl(status.dev_mailbox_url),
      (error: unknown) => {
        if (!controller.signal.aborted) console.error('Error loading mail status:', error);
      },
    );
    return () => controller.abort();
  }, [enabled]);
  return url;
}
