import { useId } from 'react';
import type { AdminCampaign } from '@dais/api/contract';
import { CardTable, type Column } from '../../../components/card-table';
import { formatNumber } from '../../../lib/format';
import { RESIDENCY_LABELS } from '../../../lib/residency-text';
import { Link } from '../../../lib/router';
import { RESIDENCY_ORDER, residencyRows, type ResidencyRow } from '../utils/residency-rows';
import './district-counts.css';

type DistrictCount = AdminCampaign['district_counts'][number];

/**
 * The campaign page's figures by where writers live (issue 25), on a campaign with a boundary set:
 * counted signatures and letters by residency, then in each district of the set. Every counted row
 * is in the first table, non-residents included.
 */
export function DistrictCounts({ campaign: c }: { campaign: AdminCampaign }) {
  const titleId = useId();
  const residencyId = useId();
  const districtsId = useId();
  if (c.boundary_set_id === null) return null;

  const residencyColumns: Column<ResidencyRow>[] = [
    { header: 'Counted', cell: (r) => r.kind },
    ...RESIDENCY_ORDER.map((k): Column<ResidencyRow> => ({ header: RESIDENCY_LABELS[k], className: 'num', cell: (r) => formatNumber(r.counts[k]) })),
    { header: 'Total', className: 'num', cell: (r) => formatNumber(r.total) },
  ];
  const districtColumns: Column<DistrictCount>[] = [
    { header: 'District', className: 'district-counts-name', cell: (d) => d.name },
    { header: 'Signatures', className: 'num', cell: (d) => formatNumber(d.supporters) },
    { header: 'Letters', className: 'num', cell: (d) => formatNumber(d.letters) },
  ];
  return (
    <section className="card district-counts" aria-labelledby={titleId}>
      <h2 id={titleId} className="district-counts-title">
        Where supporters live
      </h2>
      <p className="district-counts-intro">
        Confirmed signatures and letters outside any quarantine, placed in the districts of this campaign's{' '}
        <Link to={`/admin/districts/${c.boundary_set_id}`}>boundary set</Link>. Non-residents are counted and labelled, never left out.
      </p>
      <h3 id={residencyId}>By residency</h3>
      <CardTable labelledBy={residencyId} columns={residencyColumns} rows={residencyRows(c)} rowKey={(r) => r.kind} />
      <h3 id={districtsId}>By district</h3>
      {c.district_counts.length > 0 ? (
        <CardTable labelledBy={districtsId} columns={districtColumns} rows={c.district_counts} rowKey={(d) => d.district_id} />
      ) : (
        <p className="muted">No districts to count yet.</p>
      )}
    </section>
  );
}
