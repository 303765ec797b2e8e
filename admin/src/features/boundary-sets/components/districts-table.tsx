import type { District } from '@dais/api/contract';
import { CardTable, type Column } from '../../../components/card-table';
import { representativeText } from '../utils/representative';

/** A dash for the eye, words for a screen reader. */
function None({ says }: { says: string }) {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{says}</span>
    </>
  );
}

/** A set's districts in the file's order, each with its representative as the file gave them. */
export function DistrictsTable({ districts, labelledBy }: { districts: District[]; labelledBy: string }) {
  const columns: Column<District>[] = [
    { header: 'Name', className: 'district-name', cell: (d) => d.name },
    { header: 'Representative', cell: (d) => representativeText(d) ?? <None says="None given" /> },
    {
      header: 'E-mail',
      className: 'district-email',
      cell: (d) => (d.representative_email ? <a href={`mailto:${d.representative_email}`}>{d.representative_email}</a> : <None says="None given" />),
    },
  ];
  return <CardTable labelledBy={labelledBy} columns={columns} rows={districts} rowKey={(d) => d.id} />;
}
