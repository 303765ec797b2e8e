import { RESIDENCIES, type AdminCampaign, type Residency, type ResidencyCounts } from '@dais/api/contract';

export interface ResidencyRow {
  kind: 'Signatures' | 'Letters';
  counts: ResidencyCounts;
  total: number;
}

/** The campaign page's counts by residency: one row for signatures, one for letters, each with its total. */
export function residencyRows(c: Pick<AdminCampaign, 'residency_counts'>): ResidencyRow[] {
  const row = (kind: ResidencyRow['kind'], counts: ResidencyCounts) => ({ kind, counts, total: RESIDENCIES.reduce((n, r) => n + counts[r], 0) });
  return [row('Signatures', c.residency_counts.supporters), row('Letters', c.residency_counts.letters)];
}

/** The columns in the order a reader takes them: residents, then those outside, unknown, still waiting. */
export const RESIDENCY_ORDER: readonly Residency[] = ['resident', 'non_resident', 'unknown', 'pending'];
