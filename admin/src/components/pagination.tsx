import type { PageMeta } from '@dais/api/contract';
import { formatNumber } from '../lib/format';

interface PaginationProps {
  meta: PageMeta;
  /** What the list holds, plural: 'letters'. */
  noun: string;
  /** The singular, where dropping the final s does not make it: 'entry'. */
  singular?: string;
  onPage: (page: number) => void;
}

/**
 * Previous / 'Page X of Y' / Next, with the total. At either end the button is aria-disabled
 * rather than disabled, so a keyboard user who just reached the last page keeps focus on it.
 */
export function Pagination({ meta, noun, singular, onPage }: PaginationProps) {
  const pageCount = Math.max(1, meta.pageCount);
  const page = Math.min(meta.page, pageCount + 1);
  const atStart = page <= 1;
  const atEnd = page >= pageCount;
  return (
    <nav className="pagination" aria-label={`Pages of ${noun}`}>
      <p className="pagination-status" aria-live="polite">
        Page {formatNumber(Math.min(page, pageCount))} of {formatNumber(pageCount)}
        <span className="muted">
          {' '}
          · {formatNumber(meta.total)} {meta.total === 1 ? (singular ?? noun.replace(/s$/, '')) : noun} in all
        </span>
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
