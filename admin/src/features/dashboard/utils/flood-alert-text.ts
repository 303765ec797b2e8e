import type { FloodAlert } from '@dais/api/contract';
import { formatNumber, formatTime } from '../../../lib/format';

/** Who sent the burst, as the sentence opens: the network, or the domain (flagged when throwaway). */
function sender(alert: Pick<FloodAlert, 'kind' | 'source' | 'disposable'>): string {
  if (alert.kind === 'network') return alert.source;
  return alert.disposable ? `${alert.source} (a throwaway-mail provider)` : `Addresses at ${alert.source}`;
}

/**
 * One flood alert in words: '203.0.113.0/24 sent 60 of the 160 signatures for “Title” since
 * 4:52 PM'. The time is the reader's own; `timeZone` is for tests.
 */
export function floodAlertText(alert: Omit<FloodAlert, 'campaign_id'>, timeZone?: string): string {
  const of = alert.of === 1 ? 'the 1 signature' : `the ${formatNumber(alert.of)} signatures`;
  return `${sender(alert)} sent ${formatNumber(alert.signatures)} of ${of} for “${alert.campaign_title}” since ${formatTime(alert.since, timeZone)}`;
}
