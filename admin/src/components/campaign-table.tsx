/**
 * The All Campaigns table (SPEC.md section 2), shared by the dashboard (with the Toggle column)
 * and the campaign list (without it: leave out onToggle).
 */
import { useId, type ReactNode } from 'react';
import { progressPercent, type AdminCampaign } from '@dais/api/contract';
import { progressLabel } from '../lib/campaign-progress';
import { copyText } from '../lib/clipboard';
import { iframeEmbedCode, EMBED_COPIED_MESSAGE } from '../lib/embed-code';
import { formatDate, formatNumber } from '../lib/format';
import { useNotify } from '../lib/notify';
import { Link } from '../lib/router';
import { useScreenTimeZone } from '../lib/time-zone';
import { CardTable } from './card-table';
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
  if (campaigns.length === 0) return <>{empty ?? <p className="card empty">No campaigns yet</p>}</>;
  return (
    <CardTable labelledBy={labelledBy} className="campaign-table">
      <thead>
        <tr>
          <th scope="col">Campaign</th>
          <th scope="col">Progress</th>
          <th scope="col" className="num">
            Supporters
          </th>
          <th scope="col" className="num">
            Letters
          </th>
          <th scope="col">Created</th>
          <th scope="col">Tab Settings</th>
          <th scope="col">Status</th>
          {onToggle && <th scope="col">Toggle</th>}
          <th scope="col">Widget</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {campaigns.map((c) => (
          <CampaignRow key={c.id} campaign={c} onToggle={onToggle} pending={togglePending?.has(c.id) ?? false} />
        ))}
      </tbody>
    </CardTable>
  );
}

interface RowProps {
  campaign: AdminCampaign;
  onToggle?: (campaign: AdminCampaign) => void;
  pending: boolean;
}

function CampaignRow({ campaign: c, onToggle, pending }: RowProps) {
  const titleId = useId();
  const notify = useNotify();
  const zone = useScreenTimeZone();
  const percent = progressPercent(c.supporter_count, c.target_signatures);

  const copyEmbed = async () => {
    try {
      await copyText(iframeEmbedCode(window.location.origin, c));
      notify.success(EMBED_COPIED_MESSAGE);
    } catch (error) {
      console.error('Failed to copy embed code:', error);
      notify.error('Could not copy the embed code: your browser refused access to the clipboard');
    }
  };

  return (
    <tr>
      <td className="campaign-cell" data-label="Campaign">
        <p className="campaign-title" id={titleId}>
          {c.title}
        </p>
        <p className="campaign-description">{c.description}</p>
        {c.category && <span className="badge">{c.category}</span>}
      </td>
      <td data-label="Progress">
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
            aria-describedby={titleId}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(percent)}
          >
            <span className="progress-fill" style={{ width: `${percent}%` }} />
          </div>
        </div>
      </td>
      <td className="num" data-label="Supporters">{formatNumber(c.supporter_count)}</td>
      <td className="num" data-label="Letters">{formatNumber(c.letter_count)}</td>
      <td className="nowrap" data-label="Created">{formatDate(c.created_at, zone)}</td>
      <td data-label="Tab Settings">
        <div className="tab-badges">
          <TabBadge label="Sign" enabled={c.enable_sign_tab} />
          <TabBadge label="Letter" enabled={c.enable_letter_tab} />
          <TabBadge label="Share" enabled={c.enable_share_tab} />
        </div>
      </td>
      <td data-label="Status">
        <span className={c.is_active ? 'badge badge-active' : 'badge badge-inactive'}>{c.is_active ? 'Active' : 'Inactive'}</span>
      </td>
      {onToggle && (
        <td data-label="Toggle">
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
        </td>
      )}
      <td data-label="Widget">
        <div className="actions-cell widget-actions">
          <a
            className="button button-secondary button-small"
            href={`/widget/${c.id}?preview`}
            target="_blank"
            rel="noopener"
            aria-describedby={titleId}
          >
            Preview
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          <button type="button" className="button button-secondary button-small" aria-describedby={titleId} onClick={() => void copyEmbed()}>
            Copy embed code
          </button>
        </div>
      </td>
      <td data-label="Actions">
        <Link to={`/admin/campaigns/${c.id}`} className="button button-primary button-small" aria-describedby={titleId}>
          Edit
        </Link>
      </td>
    </tr>
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
