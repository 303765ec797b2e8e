import { useId } from 'react';
import type { Dashboard } from '@dais/api/contract';
import { quarantineHref } from '../../../lib/quarantine-link';
import { Link } from '../../../lib/router';
import { useScreenTimeZone } from '../../../lib/time-zone';
import { floodAlertText } from '../utils/flood-alert-text';
import './flood-alerts.css';

/**
 * The dashboard's flood alerts (api floods/alerts.ts): a network or e-mail domain behind more than
 * a fifth of a campaign's last hour. A labelled region rather than role="alert": it is there when
 * the page opens, not news that breaks while someone reads. Nothing when there are none.
 */
export function FloodAlerts({ alerts }: { alerts: Dashboard['flood_alerts'] }) {
  const titleId = useId();
  if (alerts.length === 0) return null;
  return (
    <section className="card flood-alerts" aria-labelledby={titleId}>
      <h2 id={titleId} className="flood-alerts-title">
        Possible floods in the last hour
      </h2>
      <p className="flood-alerts-intro">
        One source sent more than a fifth of a campaign&apos;s signatures. If they are not real supporters, quarantine them: they leave
        the counts, the lists, the exports and the hearing packet until you restore them.
      </p>
      <ul className="flood-alerts-list">
        {alerts.map((a) => (
          <FloodAlertItem key={`${a.campaign_id}-${a.kind}-${a.source}`} alert={a} />
        ))}
      </ul>
    </section>
  );
}

function FloodAlertItem({ alert }: { alert: Dashboard['flood_alerts'][number] }) {
  const textId = useId();
  const zone = useScreenTimeZone();
  const href = quarantineHref(alert.campaign_id, { kind: alert.kind, source: alert.source, from: alert.since });
  return (
    <li className="flood-alert">
      <p id={textId} className="flood-alert-text">
        {floodAlertText(alert, zone)}
      </p>
      <Link to={href} className="button button-primary button-small" aria-describedby={textId}>
        Review and quarantine
      </Link>
    </li>
  );
}
