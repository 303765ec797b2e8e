import type { AdminCampaign, DistrictSource, Residency } from '@dais/api/contract';
import { districtText, RESIDENCY_LABELS, RESIDENCY_MEANINGS } from '../lib/residency-text';
import type { Column } from './card-table';
import './district-columns.css';

/** Residents green, rows still waiting dashed; non-residents and unknown plain, labelled like the rest. */
const BADGE: Record<Residency, string> = {
  resident: 'badge badge-on',
  non_resident: 'badge',
  unknown: 'badge',
  pending: 'badge badge-off',
};

interface Placed {
  campaign_id: number;
  district_name: string | null;
  residency: Residency | null;
  district_source: DistrictSource | null;
}

/** A dash for the eye, words for a screen reader. */
function Dash({ says }: { says: string }) {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{says}</span>
    </>
  );
}

/**
 * The Supporters and Letters lists' District and Residency columns (issue 25): the district a row
 * was placed in ('(self-reported)' where its writer chose it) and whether its writer lives there.
 * Every row is listed, non-residents included, each labelled; a dash where its campaign has no
 * boundary set. Left out where no row and no campaign has one, so lists of campaigns that never
 * use districts show nothing extra.
 */
export function districtColumns<Row extends Placed>(rows: Row[], campaigns: AdminCampaign[]): Column<Row>[] {
  if (!rows.some((r) => r.residency !== null) && !campaigns.some((c) => c.boundary_set_id !== null)) return [];
  return [
    {
      header: 'District',
      className: 'district-cell',
      cell: (r) => {
        if (r.residency === null) return <Dash says="No boundary set" />;
        return districtText(r) ?? <Dash says="None" />;
      },
    },
    {
      header: 'Residency',
      className: 'residency-cell',
      cell: (r) =>
        r.residency === null ? (
          <Dash says="No boundary set" />
        ) : (
          <span className={`${BADGE[r.residency]} residency-${r.residency}`} title={RESIDENCY_MEANINGS[r.residency]}>
            {RESIDENCY_LABELS[r.residency]}
          </span>
        ),
    },
  ];
}
