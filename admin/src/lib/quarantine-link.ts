/**
 * The address of a campaign's Quarantine screen, optionally pre-filled with a burst to look at:
 * the dashboard's flood alerts link to it, and the screen reads the burst back from its address
 * (so a reload or a bookmark keeps it). Only the source and the start travel; the screen ends the
 * range at the moment it opens.
 */
export type QuarantineSourceKind = 'network' | 'domain';

export interface QuarantinePrefill {
  kind: QuarantineSourceKind;
  /** '203.0.113.0/24' or 'mailinator.com', as the alert names it. */
  source: string;
  /** An ISO instant: where the range starts. */
  from: string;
}

const PARAM: Record<QuarantineSourceKind, string> = { network: 'network', domain: 'email_domain' };

/** '/admin/campaigns/7/quarantines', with '?network=...&from=...' when pre-filled. */
export function quarantineHref(campaignId: number, prefill?: QuarantinePrefill): string {
  const path = `/admin/campaigns/${campaignId}/quarantines`;
  if (!prefill) return path;
  const search = new URLSearchParams({ [PARAM[prefill.kind]]: prefill.source, from: prefill.from });
  return `${path}?${search.toString()}`;
}

/**
 * The burst an address names, or null when it names none (or names it in a way no link of ours
 * does: both sources, an empty one, a start that is not a moment).
 */
export function quarantinePrefillFrom(search: URLSearchParams): QuarantinePrefill | null {
  const network = search.get('network')?.trim() ?? '';
  const domain = search.get('email_domain')?.trim() ?? '';
  const from = search.get('from')?.trim() ?? '';
  if ((network === '') === (domain === '')) return null;
  if (!/^\d{4}-\d{2}-\d{2}T/.test(from) || Number.isNaN(Date.parse(from))) return null;
  return network ? { kind: 'network', source: network, from } : { kind: 'domain', source: domain, from };
}
