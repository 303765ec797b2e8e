import type { FloodAlert } from '@dais/api/contract';
import { formatNumber, formatTime } from '../../../lib/format';

/** Who sent the burst, as the sentence opens: the network, or the domain (flagged when throwaway). */
function sender(alert: Pick<FloodAlert, 'kind' | 'source' | 'disposable'>): string {
  if (alert.kind === 'network') return alert.source;
  return alert.disposable ? `${alert.source} (a throwaway-mail provider)` : `Addresses at ${alert.source}`;
}

/**
 * One flood alert in words: '203.0.113.0/24 sent 60 of the 160 signatures received for “Title”
 * since 4:52 PM, confirmed or not'. Unlike every other figure in the console these count what
 * arrived, waiting for confirmation or not (a flood is often unconfirmed), so the sentence says
 * so. The time is in the screen's zone (the reader's own without one).
 */
export function floodAlertText(alert: Omit<FloodAlert, 'campaign_id'>, timeZone?: string): string {
  const of = alert.of === 1 ? 'the 1 signature' : `the ${formatNumber(alert.of)} signatures`;
  return `${sender(alert)} sent ${formatNumber(alert.signatures)} of ${of} received for “${alert.campaign_title}” since ${formatTime(alert.since, timeZone)}, confirmed or not`;
}
