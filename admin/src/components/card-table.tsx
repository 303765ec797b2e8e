import type { ReactNode } from 'react';
import { useMediaQuery } from '../lib/use-media-query';

/** Below 640 px a CardTable's rows are cards; styles.css ('Tables') switches at the same width. */
export const CARDS_QUERY = '(max-width: 639.98px)';

interface CardTableProps {
  /** The id of the heading that names the table. */
  labelledBy?: string;
  /** The table's name, for a table without a heading. */
  label?: string;
  /** Classes for the table's own columns, beside `table`. */
  className?: string;
  /** The thead and tbody; every td carries data-label, its column's heading, shown on the card. */
  children: ReactNode;
}

/**
 * The console's tables. On a wide screen one too wide for it scrolls sideways in its own region,
 * which takes focus so a keyboard can scroll it too. On a phone each row is a card: every value
 * under its column's name, every action in reach, nothing to scroll sideways, and so no region.
 * It stays a table throughout, so a screen reader still reads each cell with its column.
 */
export function CardTable({ labelledBy, label, className, children }: CardTableProps) {
  const cards = useMediaQuery(CARDS_QUERY);
  const name = { 'aria-labelledby': labelledBy, 'aria-label': label };
  return (
    <div className="table-wrap card-table" {...(cards ? {} : { tabIndex: 0, role: 'region', ...name })}>
      <table className={className ? `table ${className}` : 'table'} {...name}>
        {children}
      </table>
    </div>
  );
}
