/**
 * The Supporters and Letters screens' common frame: the campaign and the search (in the address),
 * the list's figures by the console's one rule, the screen's time zone (the campaign's when one is
 * chosen, else the browser's), the table, and Previous / Next. Each screen brings its rows' loader
 * and its table.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { searchKind, type AdminCampaign, type AdminListMeta } from '@dais/api/contract';
import { useCampaigns } from '../lib/admin-campaigns';
import { listHref, listViewFrom, pageView, type ListView } from '../lib/list-address';
import { navigate, useSearchParams } from '../lib/router';
import { browserZone, campaignZone, ScreenTimeZone } from '../lib/time-zone';
import type { QueryResult } from '../lib/use-query';
import { ListFilters, listFiguresText } from './list-filters';
import { LoadError } from './load-error';
import { Pagination } from './pagination';
import { Loading } from './spinner';
import { TimeZoneNote } from './time-zone-note';

const PAGE_SIZE = 25;

interface ListScreenProps<Row extends { id: number }> {
  path: string;
  title: string;
  description: ReactNode;
  /** 'supporter' and 'supporters', 'letter' and 'letters'. */
  one: string;
  many: string;
  /** The CSV export of every row (or one campaign's): '/api/admin/supporters.csv'. */
  csvPath: string;
  useRows: (view: ListView, pageSize: number) => QueryResult<{ data: Row[]; meta: AdminListMeta }>;
  /** `campaigns`: those the filter offers, for what the rows say in their campaign's words (may be empty while loading). */
  table: (rows: Row[], labelledBy: string, campaigns: AdminCampaign[]) => ReactNode;
}

export function ListScreen<Row extends { id: number }>({ path, title, description, one, many, csvPath, useRows, table }: ListScreenProps<Row>) {
  const view = listViewFrom(useSearchParams());
  const rows = useRows(view, PAGE_SIZE);
  const campaigns = useCampaigns();
  const titleId = `${many}-title`;
  // The last meta the server gave: the figures and page buttons stay put (and keep focus) while a page loads.
  const [meta, setMeta] = useState<AdminListMeta | null>(null);
  useEffect(() => {
    if (rows.status === 'success') setMeta(rows.data.meta);
  }, [rows.status, rows.data]);

  const campaign = view.campaignId === undefined ? undefined : campaigns.data?.find((c) => c.id === view.campaignId);
  const zone = campaign ? campaignZone(campaign) : browserZone();
  const show = (next: ListView) => navigate(listHref(path, next));
  const goTo = (page: number) => show(pageView(view, page, rows.status === 'success' ? rows.data.data.map((r) => r.id) : []));
  const csv = view.campaignId === undefined ? csvPath : `${csvPath}?campaign_id=${view.campaignId}`;

  return (
    <ScreenTimeZone zone={zone}>
      <div className="page">
        <div className="page-header">
          <div>
            <h1 id={titleId}>{title}</h1>
            <p>{description}</p>
            <TimeZoneNote zone={zone} campaignHasNone={campaign !== undefined && !campaign.time_zone} />
          </div>
          {meta && meta.counted + meta.pending + meta.withdrawn > 0 && (
            // Streamed by the server however many rows there are; the browser saves it as it arrives.
            <a className="button button-secondary" href={csv} download>
              {campaign ? 'Download This Campaign (CSV)' : 'Download All (CSV)'}
            </a>
          )}
        </div>
        <ListFilters noun={many} campaigns={campaigns.data ?? []} view={view} onChange={show} />
        {meta && (
          <p className="list-figures" aria-live="polite">
            {campaign ? `${campaign.title}: ` : ''}
            {listFiguresText(meta, one, many)}
          </p>
        )}
        {rows.status === 'loading' ? (
          <Loading label={`Loading ${many}...`} />
        ) : rows.status === 'error' ? (
          <LoadError what={`the ${many}`} error={rows.error} onRetry={rows.retry} />
        ) : rows.data.data.length > 0 ? (
          table(rows.data.data, titleId, campaigns.data ?? [])
        ) : view.q && view.page === 1 ? (
          <p className="card empty">{`No ${one}'s ${searchKind(view.q) === 'email' ? 'e-mail address' : 'name'} starts with “${view.q}”.`}</p>
        ) : rows.data.meta.total === 0 ? (
          <p className="card empty">{campaign ? `No ${many} for this campaign yet` : `No ${many} yet`}</p>
        ) : (
          <div className="card empty">
            <p>There are no {many} on this page.</p>
            <button type="button" className="button button-secondary" onClick={() => goTo(1)}>
              Go to the first page
            </button>
          </div>
        )}
        {meta && (meta.total === null || meta.total > 0) && (
          <Pagination
            meta={meta.total === null ? { ...meta, page: view.page, pageCount: null, total: null } : { ...meta, page: view.page, pageCount: meta.pageCount ?? 0, total: meta.total }}
            noun={many}
            hideTotal
            onPage={goTo}
          />
        )}
      </div>
    </ScreenTimeZone>
  );
}
