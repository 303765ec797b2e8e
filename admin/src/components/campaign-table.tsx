/**
 * The All Campaigns table (SPEC.md section 2), shared by the dashboard (with the Toggle column)
 * and the campaign list (without it: leave out onToggle).
 */
import type { ReactNode } from 'react';
import { progressPercent, type AdminCampaign } from '@dais/api/contract';
import { progressLabel } from '../lib/campaign-progress';
import { copyText } from '../lib/clipboard';
import { iframeEmbedCode, EMBED_COPIED_MESSAGE } from '../lib/embed-code';
import { formatDate, formatNumber } from '../lib/format';
import { useNotify } from '../lib/notify';
import { Link } from '../lib/router';
import { useScreenTimeZone } from '../lib/time-zone';
import { CardTable, type Column } from './card-table';
import { PositionCounts } from './position-counts';
import { ResidentCounts } from './resident-counts';
import { Spinner } from './spinner';

interface CampaignTableProps {
  campaigns: AdminCampaign[];
  /** The id of the heading that names the table ('All Campaigns'). */
  labelledBy: string;
  /** Adds the Toggle column; called with the campaign to switch on or off. */
  onToggle?: (campaign: AdminCampaign) => void;
  /** Campaigns whose toggle request is running: spinner, disabled. */
  togglePending?: ReadonlySet<number>;
  /** Shown instead of the table when there are no campaigns. */
  empty?: ReactNode;
}

export function CampaignTable({ campaigns, labelledBy, onToggle, togglePending, empty }: CampaignTableProps) {
  const notify = useNotify();
  const zone = useScreenTimeZone();
  if (campaigns.length === 0) return <>{empty ?? <p className="card empty">No campaigns yet</p>}</>;
  // The title names each row's controls (aria-describedby), so a screen reader's list of controls
  // tells ten Edit buttons apart.
  const titleId = (rowId: string) => `${rowId}-title`;

  const copyEmbed = async (c: AdminCampaign) => {
    try {
      await copyText(iframeEmbedCode(window.location.origin, c));
      notify.success(EMBED_COPIED_MESSAGE);
    } catch (error) {
      console.error('Failed to copy embed code:', error);
      notify.error('Could not copy the embed code: your browser refused access to the clipboard');
    }
  };

  const columns: (Column<AdminCampaign> | false | undefined)[] = [
    {
      header: 'Campaign',
      className: 'campaign-cell',
      cell: (c, rowId) => (
        <>
          <p className="campaign-title" id={titleId(rowId)}>
            {c.title}
          </p>
          <p className="campaign-description">{c.description}</p>
          {c.category && <span className="badge">{c.category}</span>}
        </>
      ),
    },
    { header: 'Progress', cell: (c, rowId) => <ProgressCell campaign={c} describedBy={titleId(rowId)} /> },
    { header: 'Supporters', className: 'num', cell: (c) => formatNumber(c.supporter_count) },
    { header: 'Letters', className: 'num', cell: (c) => formatNumber(c.letter_count) },
    // Only where some campaign asks a position; a row that asks none leaves it empty.
    campaigns.some((c) => c.position_options !== 'none') && { header: 'By Position', cell: (c) => <PositionCounts campaign={c} /> },
    // Only where some campaign has a boundary set: its residents among the counted rows.
    campaigns.some((c) => c.boundary_set_id !== null) && { header: 'Residents', cell: (c) => <ResidentCounts campaign={c} /> },
    { header: 'Created', className: 'nowrap', cell: (c) => formatDate(c.created_at, zone) },
    {
      header: 'Tab Settings',
      cell: (c) => (
        <div className="tab-badges">
          <TabBadge label="Sign" enabled={c.enable_sign_tab} />
          <TabBadge label="Letter" enabled={c.enable_letter_tab} />
          <TabBadge label="Share" enabled={c.enable_share_tab} />
        </div>
      ),
    },
    {
      header: 'Status',
      cell: (c) => <span className={c.is_active ? 'badge badge-active' : 'badge badge-inactive'}>{c.is_active ? 'Active' : 'Inactive'}</span>,
    },
    onToggle && {
      header: 'Toggle',
      cell: (c) => {
        const pending = togglePending?.has(c.id) ?? false;
        return (
          <button
            type="button"
            role="switch"
            className="switch"
            aria-checked={c.is_active}
            // The title in the name itself: a screen reader's list of controls reads "Campaign active:
            // Protect Riverside Park", not ten identical "Campaign active" switches.
            aria-label={`Campaign active: ${c.title}`}
            aria-busy={pending || undefined}
            disabled={pending}
            onClick={() => onToggle(c)}
          >
            <span className="switch-thumb">{pending && <Spinner size="sm" />}</span>
          </button>
        );
      },
    },
    {
      header: 'Widget',
      cell: (c, rowId) => (
        <div className="actions-cell widget-actions">
          <a className="button button-secondary button-small" href={`/widget/${c.id}?preview`} target="_blank" rel="noopener" aria-describedby={titleId(rowId)}>
            Preview
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          <button type="button" className="button button-secondary button-small" aria-describedby={titleId(rowId)} onClick={() => void copyEmbed(c)}>
            Copy embed code
          </button>
        </div>
      ),
    },
    {
      header: 'Actions',
      cell: (c, rowId) => (
        <Link to={`/admin/campaigns/${c.id}`} className="button button-primary button-small" aria-describedby={titleId(rowId)}>
          Edit
        </Link>
      ),
    },
  ];
  return <CardTable labelledBy={labelledBy} className="campaign-table" columns={columns} rows={campaigns} rowKey={(c) => c.id} />;
}

/** Supporters against the goal, in words and as a bar capped at 100%. */
function ProgressCell({ campaign: c, describedBy }: { campaign: AdminCampaign; describedBy: string }) {
  const percent = progressPercent(c.supporter_count, c.target_signatures);
  return (
    <div className="progress">
      <div className="progress-text">
        <span>
          {formatNumber(c.supporter_count)} / {formatNumber(c.target_signatures)}
        </span>
        <span>{progressLabel(c.supporter_count, c.target_signatures)}</span>
      </div>
      <div
        className="progress-track"
        role="progressbar"
        aria-label="Signature goal reached"
        aria-describedby={describedBy}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percent)}
      >
        <span className="progress-fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

function TabBadge({ label, enabled }: { label: string; enabled: boolean }) {
  return (
    <span className={enabled ? 'badge badge-on' : 'badge badge-off'}>
      {label}
      <span className="visually-hidden">{enabled ? ' tab enabled' : ' tab disabled'}</span>
    </span>
  );
}
