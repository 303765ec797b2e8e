import { useCallback, useEffect, useMemo, useState } from 'react';
import type { PageMeta } from '@dais/api/contract';
import { LoadError } from '../../../components/load-error';
import { Pagination } from '../../../components/pagination';
import { Loading } from '../../../components/spinner';
import { useCampaigns } from '../../../lib/admin-campaigns';
import { navigate, useLocation, type NavigateOptions } from '../../../lib/router';
import { browserZone, campaignZone, ScreenTimeZone } from '../../../lib/time-zone';
import { usePageTitle } from '../../../lib/use-page-title';
import { TimeZoneNote } from '../../../components/time-zone-note';
import { useAuditLog } from '../api/get-audit-log';
import { auditFiltersFrom, auditFiltersSearch, hasFilters, NO_FILTERS, type AuditFilters } from '../utils/audit-filters';
import { AuditFiltersForm } from './audit-filters-form';
import { AuditTable } from './audit-table';
import './audit-log.css';

const PATH = '/admin/audit-log';
const PAGE_SIZE = 25;

/**
 * /admin/audit-log: every admin write (and Dais's own anonymisation), newest first, filtered by
 * action, campaign and admin. The filters and the page live in the address, so a view can be
 * bookmarked.
 */
export function AuditLogPage() {
  usePageTitle('Audit Log');
  const { search } = useLocation();
  const filters = useMemo(() => auditFiltersFrom(new URLSearchParams(search)), [search]);
  const log = useAuditLog({
    page: filters.page,
    pageSize: PAGE_SIZE,
    action: filters.action,
    campaign_id: filters.campaignId,
    actor: filters.actor || undefined,
  });
  const campaigns = useCampaigns();
  const titles = useMemo(() => new Map((campaigns.data ?? []).map((c) => [c.id, c.title])), [campaigns.data]);

  // The last meta of this filter: the page buttons stay put (and keep focus) while the next page loads.
  const view = auditFiltersSearch({ ...filters, page: 1 });
  const [kept, setKept] = useState<{ view: string; meta: PageMeta } | null>(null);
  useEffect(() => {
    if (log.status === 'success') setKept({ view, meta: log.data.meta });
  }, [log.status, log.data, view]);
  const meta = kept && kept.view === view ? kept.meta : null;

  // One campaign's entries are read in its zone; all of them in the browser's.
  const campaign = filters.campaignId === undefined ? undefined : campaigns.data?.find((c) => c.id === filters.campaignId);
  const zone = campaign ? campaignZone(campaign) : browserZone();

  const show = useCallback((next: AuditFilters, options?: NavigateOptions) => navigate(`${PATH}${auditFiltersSearch(next)}`, options), []);
  const filtered = hasFilters(filters);

  return (
    <ScreenTimeZone zone={zone}>
      <div className="page">
        <div className="page-header">
          <div>
            <h1 id="audit-title">Audit Log</h1>
            <p>Every change made in the console, who made it and when, newest first. Entries cannot be changed or deleted.</p>
            <TimeZoneNote zone={zone} campaignHasNone={campaign !== undefined && !campaign.time_zone} />
          </div>
        </div>
        <AuditFiltersForm filters={filters} campaigns={campaigns.data ?? []} onChange={show} />
        {campaigns.status === 'error' && (
          <p className="field-error-inline">
            Could not load the campaigns, so campaigns are shown by number: {campaigns.error.message}{' '}
            <button type="button" className="link-button" onClick={campaigns.retry}>
              Retry
            </button>
          </p>
        )}
        {log.status === 'loading' ? (
          <Loading label="Loading the audit log..." />
        ) : log.status === 'error' ? (
          <LoadError what="the audit log" error={log.error} onRetry={log.retry} />
        ) : log.data.meta.total === 0 ? (
          filtered ? (
            <div className="card empty">
              <p>No entries match these filters.</p>
              <button type="button" className="button button-secondary" onClick={() => show(NO_FILTERS)}>
                Clear filters
              </button>
            </div>
          ) : (
            <p className="card empty">Nothing has been recorded yet. Changes to campaigns, message points, settings and supporters' records will be listed here.</p>
          )
        ) : log.data.data.length === 0 ? (
          <div className="card empty">
            <p>There are no entries on this page.</p>
            <button type="button" className="button button-secondary" onClick={() => show({ ...filters, page: 1 })}>
              Go to the first page
            </button>
          </div>
        ) : (
          <AuditTable entries={log.data.data} labelledBy="audit-title" campaignTitle={(id) => titles.get(id)} />
        )}
        {meta && meta.total > 0 && <Pagination meta={{ ...meta, page: filters.page }} noun="entries" singular="entry" onPage={(page) => show({ ...filters, page })} />}
      </div>
    </ScreenTimeZone>
  );
}
