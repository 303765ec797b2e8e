import { useState } from 'react';
import type { AdminCampaign } from '@dais/api/contract';
import { CampaignTable } from '../../../components/campaign-table';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/spinner';
import { useNotify } from '../../../lib/notify';
import { browserZone, ScreenTimeZone } from '../../../lib/time-zone';
import { usePageTitle } from '../../../lib/use-page-title';
import { TimeZoneNote } from '../../../components/time-zone-note';
import { useDashboard } from '../api/get-dashboard';
import { updateCampaign, useCampaigns } from '../../../lib/admin-campaigns';
import { ActivitySection } from './activity-section';
import { FloodAlerts } from './flood-alerts';
import { RecentLetters, RecentSupporters } from './recent-lists';
import { StatCards } from './stat-cards';
import { lettersNote, pendingNote } from '../../../lib/stat-notes';

/** /admin (SPEC.md section 2, Dashboard). */
export function DashboardPage() {
  usePageTitle('Dashboard');
  const dashboard = useDashboard();
  const campaigns = useCampaigns();
  const notify = useNotify();
  const [togglePending, setTogglePending] = useState<ReadonlySet<number>>(new Set());

  const setPending = (id: number, on: boolean) =>
    setTogglePending((ids) => {
      const next = new Set(ids);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  // SPEC.md section 4: spinner and disabled while pending, update the row, then refetch the stats.
  const toggle = async (campaign: AdminCampaign) => {
    setPending(campaign.id, true);
    try {
      const updated = await updateCampaign(campaign.id, { is_active: !campaign.is_active });
      campaigns.setData((rows) => rows.map((row) => (row.id === updated.id ? updated : row)));
      void dashboard.reload();
    } catch (error) {
      console.error('Error toggling campaign status:', error);
      notify.error('Failed to update campaign status');
    } finally {
      setPending(campaign.id, false);
    }
  };

  // No one campaign is in view: the browser's zone, for the chart's days and every date.
  const zone = browserZone();
  return (
    <ScreenTimeZone zone={zone}>
      <div className="page">
        <div className="page-header">
          <div>
            <h1>Dashboard</h1>
            <p>Your campaigns, supporters and letters at a glance. Every figure counts confirmed signatures and letters outside any quarantine.</p>
            <TimeZoneNote zone={zone} />
          </div>
        </div>
        {dashboard.status === 'loading' || campaigns.status === 'loading' ? (
          <Loading label="Loading dashboard..." />
        ) : dashboard.status === 'error' && !dashboard.data ? (
          <LoadError what="the dashboard" error={dashboard.error} onRetry={dashboard.retry} />
        ) : campaigns.status === 'error' && !campaigns.data ? (
          <LoadError what="the campaigns" error={campaigns.error} onRetry={campaigns.retry} />
        ) : (
          dashboard.data &&
          campaigns.data && (
            <>
              <FloodAlerts alerts={dashboard.data.flood_alerts} />
              <StatCards
                stats={[
                  { label: 'Active Campaigns', value: campaigns.data.filter((c) => c.is_active).length },
                  // Totals count confirmed supporters; what waits for a writer's confirmation is said beside.
                  { label: 'Total Supporters', value: dashboard.data.stats.total_supporters, note: pendingNote(dashboard.data.stats.pending_supporters) },
                  { label: 'Total Letters', value: dashboard.data.stats.total_letters, note: lettersNote(dashboard.data.stats.personal_letters, dashboard.data.stats.pending_letters) },
                ]}
              />
              <ActivitySection />
              <div className="two-columns section">
                <RecentSupporters supporters={dashboard.data.recent_supporters} />
                <RecentLetters letters={dashboard.data.recent_letters} />
              </div>
              <section className="section" aria-labelledby="all-campaigns-title">
                <div className="section-title">
                  <h2 id="all-campaigns-title">All Campaigns</h2>
                </div>
                <CampaignTable
                  campaigns={campaigns.data}
                  labelledBy="all-campaigns-title"
                  onToggle={(c) => void toggle(c)}
                  togglePending={togglePending}
                />
              </section>
            </>
          )
        )}
      </div>
    </ScreenTimeZone>
  );
}

/** '3 more pending confirmation', or nothing when none are. */
