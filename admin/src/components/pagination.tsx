import type { PageMeta } from '@dais/api/contract';
import { formatNumber } from '../lib/format';

/**
 * A page of a counted list (PageMeta), or of a search's matches, which is not counted: then only
 * whether a page lies either way is known, and the total is left out.
 */
type PaginationMeta = PageMeta | { page: number; pageCount: null; total: null; has_next: boolean; has_previous: boolean };

interface PaginationProps {
  meta: PaginationMeta;
  /** What the list holds, plural: 'letters'. */
  noun: string;
  /** The singular, where dropping the final s does not make it: 'entry'. */
  singular?: string;
  onPage: (page: number) => void;
  /** Leaves out the total: a list that says its figures apart (counted, pending) above it. */
  hideTotal?: boolean;
}

/**
 * Previous / 'Page X of Y' / Next, with the total. At either end the button is aria-disabled
 * rather than disabled, so a keyboard user who just reached the last page keeps focus on it.
 */
export function Pagination({ meta, noun, singular, onPage, hideTotal = false }: PaginationProps) {
  let page: number;
  let atStart: boolean;
  let atEnd: boolean;
  let status: string;
  let total: string | null = null;
  if (meta.pageCount === null) {
    page = meta.page;
    atStart = !meta.has_previous;
    atEnd = !meta.has_next;
    status = `Page ${formatNumber(page)} of the matches`;
  } else {
    const pageCount = Math.max(1, meta.pageCount);
    page = Math.min(meta.page, pageCount + 1);
    atStart = page <= 1;
    atEnd = page >= pageCount;
    status = `Page ${formatNumber(Math.min(page, pageCount))} of ${formatNumber(pageCount)}`;
    if (!hideTotal) total = `${formatNumber(meta.total)} ${meta.total === 1 ? (singular ?? noun.replace(/s$/, '')) : noun} in all`;
  }
  return (
    <nav className="pagination" aria-label={`Pages of ${noun}`}>
      <p className="pagination-status" aria-live="polite">
        {status}
        {total && <span className="muted"> · {total}</span>}
      </p>
      <div className="button-row">
        <button type="button" className="button button-secondary" aria-disabled={atStart} onClick={() => !atStart && onPage(page - 1)}>
          Previous
        </button>
        <button type="button" className="button button-secondary" aria-disabled={atEnd} onClick={() => !atEnd && onPage(page + 1)}>
          Next
        </button>
      </div>
    </nav>
  );
}
