import { useEffect, useState } from 'react';
import { pathId, type PageMeta } from '@dais/api/contract';
import { LoadError } from '../../../components/load-error';
import { Pagination } from '../../../components/pagination';
import { Loading } from '../../../components/spinner';
import { navigate, useSearchParams } from '../../../lib/router';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSupporters } from '../api/get-supporters';
import { SupportersTable } from './supporters-table';

const PATH = '/admin/supporters';
const PAGE_SIZE = 25;
/** A cursor from the address, checked by the API's own rule; anything else is no cursor. */
const cursorParam = (value: string | null) => {
  const parsed = pathId('cursor').safeParse(value);
  return parsed.success ? parsed.data : undefined;
};

/**
 * /admin/supporters: every signature, newest first, paginated like the letters (the page and its
 * cursor in the address). A signature from a throwaway-mail provider is marked beside its address;
 * quarantined ones are not listed (a campaign's Quarantine screen restores them).
 */
export function SupportersPage() {
  usePageTitle('Supporters');
  const params = useSearchParams();
  const pageParam = params.get('page') ?? '';
  const page = /^[1-9]\d{0,5}$/.test(pageParam) ? Number(pageParam) : 1;
  const after = cursorParam(params.get('after'));
  const before = after === undefined ? cursorParam(params.get('before')) : undefined;
  const supporters = useSupporters({ page, pageSize: PAGE_SIZE, after, before });
  // The last meta the server gave: the page buttons stay put (and keep focus) while a page loads.
  const [meta, setMeta] = useState<PageMeta | null>(null);

  useEffect(() => {
    if (supporters.status === 'success') setMeta(supporters.data.meta);
  }, [supporters.status, supporters.data]);

  const goTo = (next: number) => {
    const shown = supporters.status === 'success' ? supporters.data.data : [];
    if (next <= 1) navigate(PATH);
    else if (next === page + 1 && shown.length > 0) navigate(`${PATH}?page=${next}&after=${shown[shown.length - 1]!.id}`);
    else if (next === page - 1 && shown.length > 0) navigate(`${PATH}?page=${next}&before=${shown[0]!.id}`);
    else navigate(`${PATH}?page=${next}`);
  };

  return (
    <div className="page">
      <div className="page-header">
        <div>
          <h1 id="supporters-title">Supporters</h1>
          <p>Everyone who signed a campaign, newest first. Quarantined signatures are not listed.</p>
        </div>
        {meta && meta.total > 0 && (
          <a className="button button-secondary" href="/api/admin/supporters.csv" download>
            Download All (CSV)
          </a>
        )}
      </div>
      {supporters.status === 'loading' ? (
        <Loading label="Loading supporters..." />
      ) : supporters.status === 'error' ? (
        <LoadError what="the supporters" error={supporters.error} onRetry={supporters.retry} />
      ) : supporters.data.meta.total === 0 ? (
        <p className="card empty">No supporters yet</p>
      ) : supporters.data.data.length === 0 ? (
        <div className="card empty">
          <p>There are no supporters on this page.</p>
          <button type="button" className="button button-secondary" onClick={() => goTo(1)}>
            Go to the first page
          </button>
        </div>
      ) : (
        <SupportersTable supporters={supporters.data.data} labelledBy="supporters-title" />
      )}
      {meta && meta.total > 0 && <Pagination meta={{ ...meta, page }} noun="supporters" onPage={goTo} />}
    </div>
  );
}
