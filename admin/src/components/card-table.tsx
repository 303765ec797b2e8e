import { useId, type Key, type ReactNode } from 'react';
import { useMediaQuery } from '../lib/use-media-query';

/** Below 640 px a CardTable's rows are cards; styles.css ('Tables') switches at the same width. */
export const CARDS_QUERY = '(max-width: 639.98px)';

/** One column: its name (the header, each card's label, what a screen reader reads) and its cell. */
export interface Column<Row> {
  header: string;
  /** The cell of a row. `rowId` is unique to the row, for ids its cells point at (aria-describedby). */
  cell: (row: Row, rowId: string) => ReactNode;
  /** Classes for the column's header and cells: 'num', 'nowrap'. */
  className?: string;
}

interface Naming {
  /** The id of the heading that names the table. */
  labelledBy?: string;
  /** The table's name, for a table without a heading. */
  label?: string;
  /** Classes for the table's own columns, beside `table`. */
  className?: string;
}

interface DeclaredTable<Row> extends Naming {
  /** Declared once: the header, the cells and each card's labels all come from this list. */
  columns: (Column<Row> | false | null | undefined)[];
  rows: Row[];
  rowKey: (row: Row) => Key;
  children?: never;
}

interface HandWrittenTable extends Naming {
  /**
   * The thead and tbody, for a table whose rows are more than cells (one that becomes a form in
   * place); every td carries data-label, its column's heading, shown on the card.
   */
  children: ReactNode;
  columns?: never;
}

/**
 * The console's tables. On a wide screen one too wide for it scrolls sideways in its own region,
 * which takes focus so a keyboard can scroll it too. On a phone each row is a card: every value
 * under its column's name, every action in reach, nothing to scroll sideways, and so no region.
 * It stays a table throughout, so a screen reader still reads each cell with its column.
 */
export function CardTable<Row>(props: DeclaredTable<Row> | HandWrittenTable) {
  const { labelledBy, label, className } = props;
  const cards = useMediaQuery(CARDS_QUERY);
  const name = { 'aria-labelledby': labelledBy, 'aria-label': label };
  return (
    <div className="table-wrap card-table" {...(cards ? {} : { tabIndex: 0, role: 'region', ...name })}>
      <table className={className ? `table ${className}` : 'table'} {...name}>
        {props.columns ? <DeclaredRows {...props} /> : props.children}
      </table>
    </div>
  );
}

function DeclaredRows<Row>({ columns, rows, rowKey }: DeclaredTable<Row>) {
  const shown = columns.filter((c): c is Column<Row> => Boolean(c));
  return (
    <>
      <thead>
        <tr>
          {shown.map((c) => (
            <th key={c.header} scope="col" className={c.className}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <DeclaredRow key={rowKey(row)} row={row} columns={shown} />
        ))}
      </tbody>
    </>
  );
}

function DeclaredRow<Row>({ row, columns }: { row: Row; columns: Column<Row>[] }) {
  const rowId = useId();
  return (
    <tr>
      {columns.map((c) => (
        <td key={c.header} className={c.className} data-label={c.header}>
          {c.cell(row, rowId)}
        </td>
      ))}
    </tr>
  );
}
