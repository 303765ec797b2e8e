import { useEffect, useState } from 'react';
import { pathId, type AdminLetter, type PageMeta } from '@dais/api/contract';
import { LoadError } from '../../../components/load-error';
import { Pagination } from '../../../components/pagination';
import { Loading } from '../../../components/spinner';
import { navigate, useSearchParams } from '../../../lib/router';
import { usePageTitle } from '../../../lib/use-page-title';
import { useLetters } from '../api/get-letters';
import { letterFileName, letterText } from '../utils/letter-download';
import { saveTextFile } from '../utils/save-text-file';
import { LetterDialog } from './letter-dialog';
import { LettersTable } from './letters-table';

const PAGE_SIZE = 25;
/** A cursor from the address, checked by the API's own rule; anything else is no cursor. */
const cursorParam = (value: string | null) => {
  const parsed = pathId('cursor').safeParse(value);
  return parsed.success ? parsed.data : undefined;
};

/** /admin/letters (SPEC.md section 2, Letters): newest first, paginated; the page is in the address. */
export function LettersPage() {
  usePageTitle('Letters');
  const params = useSearchParams();
  const pageParam = params.get('page') ?? '';
  const page = /^[1-9]\d{0,5}$/.test(pageParam) ? Number(pageParam) : 1;
  // Next and Previous put the letter they start from in the address, so a reload or a bookmark
  // shows the same page and the server seeks to it rather than counting (see get-letters.ts).
  const after = cursorParam(params.get('after'));
  const before = after === undefined ? cursorParam(params.get('before')) : undefined;
  const letters = useLetters({ page, pageSize: PAGE_SIZE, after, before });
  const [viewing, setViewing] = useState<AdminLetter | null>(null);
  // The last meta the server gave: the page buttons stay put (and keep focus) while a page loads.
  const [meta, setMeta] = useState<PageMeta | null>(null);

  useEffect(() => {
    if (letters.status === 'success') setMeta(letters.data.meta);
  }, [letters.status, letters.data]);

  const goTo = (next: number) => {
    const shown = letters.status === 'success' ? letters.data.data : [];
    if (next <= 1) navigate('/admin/letters');
    else if (next === page + 1 && shown.length > 0) navigate(`/admin/letters?page=${next}&after=${shown[shown.length - 1]!.id}`);
    else if (next === page - 1 && shown.length > 0) navigate(`/admin/letters?page=${next}&before=${shown[0]!.id}`);
    else navigate(`/admin/letters?page=${next}`);
  };
  const download = (letter: AdminLetter) => saveTextFile(letterFileName(letter), letterText(letter));

  return (
    <div className="page">
      <div className="page-header">
        <div>
          <h1 id="letters-title">Letters</h1>
          <p>Letters supporters submitted, newest first. View, print or download each one.</p>
        </div>
        {meta && meta.total > 0 && (
          // Streamed by the server however many letters there are; the browser saves it as it arrives.
          <a className="button button-secondary" href="/api/admin/letters.csv" download>
            Download All (CSV)
          </a>
        )}
      </div>
      {letters.status === 'loading' ? (
        <Loading label="Loading letters..." />
      ) : letters.status === 'error' ? (
        <LoadError what="the letters" error={letters.error} onRetry={letters.retry} />
      ) : letters.data.meta.total === 0 ? (
        <p className="card empty">No letters yet</p>
      ) : letters.data.data.length === 0 ? (
        <div className="card empty">
          <p>There are no letters on this page.</p>
          <button type="button" className="button button-secondary" onClick={() => goTo(1)}>
            Go to the first page
          </button>
        </div>
      ) : (
        <LettersTable letters={letters.data.data} labelledBy="letters-title" onView={setViewing} onDownload={download} />
      )}
      {meta && meta.total > 0 && (
        <Pagination meta={{ ...meta, page }} noun="letters" onPage={goTo} />
      )}
      <LetterDialog letter={viewing} onClose={() => setViewing(null)} onDownload={download} />
    </div>
  );
}
