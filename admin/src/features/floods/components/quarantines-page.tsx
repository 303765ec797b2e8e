import { useEffect, useRef, useState } from 'react';
import { pathId, type AdminCampaign, type QuarantineView } from '@dais/api/contract';
import { useConfirm } from '../../../components/confirm-dialog';
import { CampaignNotFound } from '../../../components/campaign-not-found';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/spinner';
import { failureText } from '../../../lib/error-reason';
import { useNotify } from '../../../lib/notify';
import { quarantinePrefillFrom } from '../../../lib/quarantine-link';
import { Link, useParams, useSearchParams } from '../../../lib/router';
import { campaignZone, ScreenTimeZone } from '../../../lib/time-zone';
import { usePageTitle } from '../../../lib/use-page-title';
import { TimeZoneNote } from '../../../components/time-zone-note';
import { useCampaign } from '../api/get-campaign';
import { useQuarantines } from '../api/get-quarantines';
import { restoreQuarantine } from '../api/restore-quarantine';
import { initialQuarantineForm } from '../utils/quarantine-form-values';
import { quarantinedText, restoredText, signaturesAndLetters, sourceText } from '../utils/quarantine-text';
import { QuarantineForm } from './quarantine-form';
import { QuarantineTable } from './quarantine-table';
import './floods.css';

/**
 * /admin/campaigns/{id}/quarantines: take a burst of signatures and letters from one network or
 * e-mail domain out of the campaign's counts (after a preview and a confirmation), and restore it.
 * A flood alert on the dashboard links here with the burst filled in (lib/quarantine-link.ts).
 */
export function QuarantinesPage() {
  const { id } = useParams();
  const parsed = pathId('Campaign id').safeParse(id);
  if (!parsed.success) return <CampaignNotFound />;
  // A new campaign is a new screen: nothing typed for one is kept for another.
  return <CampaignQuarantines key={parsed.data} id={parsed.data} />;
}

function CampaignQuarantines({ id }: { id: number }) {
  const campaign = useCampaign(id);
  const missing = campaign.status === 'error' && campaign.error.status === 404;
  usePageTitle(missing ? 'Campaign Not Found' : campaign.data ? `Quarantine: ${campaign.data.title}` : 'Quarantine');

  if (campaign.status === 'loading') return <Loading label="Loading campaign..." />;
  // A background refresh that fails keeps the campaign on screen.
  if (campaign.data) return <QuarantineScreen campaign={campaign.data} reloadCampaign={campaign.reload} />;
  if (missing) return <CampaignNotFound />;
  return (
    <div className="page">
      <h1>Quarantine</h1>
      <LoadError what="the campaign" error={campaign.error} onRetry={campaign.retry} />
    </div>
  );
}

function QuarantineScreen({ campaign, reloadCampaign }: { campaign: AdminCampaign; reloadCampaign: () => Promise<void> }) {
  const confirm = useConfirm();
  const notify = useNotify();
  const params = useSearchParams();
  const quarantines = useQuarantines(campaign.id);
  // A campaign's screen: its times in its zone, the range typed in it too.
  const zone = campaignZone(campaign);
  // Read once: the alert's burst, ending now (the moment the screen opened).
  const [initial] = useState(() => initialQuarantineForm(quarantinePrefillFrom(params), new Date(), zone.timeZone));
  // Numbered, so the same words twice (two alike quarantines) are still a new message.
  const [message, setMessage] = useState<{ text: string; n: number } | null>(null);
  const [restoring, setRestoring] = useState<number | null>(null);
  const messageRef = useRef<HTMLParagraphElement>(null);
  // The button that was pressed goes away (the preview, the row's Restore): focus moves to what happened.
  const focusMessage = useRef(false);

  useEffect(() => {
    if (!focusMessage.current) return;
    focusMessage.current = false;
    messageRef.current?.focus();
  }, [message]);

  const done = (text: string) => {
    focusMessage.current = true;
    setMessage((m) => ({ text, n: (m?.n ?? 0) + 1 }));
    void quarantines.reload();
    void reloadCampaign();
  };

  const restore = async (q: QuarantineView) => {
    if (restoring !== null) return;
    const ok = await confirm({
      title: 'Restore this quarantine?',
      message:
        `The ${signaturesAndLetters(q.signatures, q.letters)} from ${sourceText(q)} come back to the admin lists, the exports and the ` +
        "hearing packet, and those that were counted count again in the campaign's totals.",
      confirmLabel: 'Restore',
      destructive: false,
    });
    if (!ok) return;
    setRestoring(q.id);
    try {
      done(restoredText(await restoreQuarantine(q.id)));
    } catch (error) {
      console.error('Error restoring quarantine:', error);
      notify.error(failureText('Failed to restore the quarantine', error));
      // Another admin may have restored it already: show the list as it is now.
      void quarantines.reload();
    } finally {
      setRestoring(null);
    }
  };

  return (
    <ScreenTimeZone zone={zone}>
      <div className="page">
        <div className="page-header">
          <div>
            <p className="breadcrumb">
              <Link to="/admin/causes">Campaigns</Link>
              <span aria-hidden="true"> / </span>
              <Link to={`/admin/campaigns/${campaign.id}`}>{campaign.title}</Link>
            </p>
            <h1>Quarantine</h1>
            <p className="page-subtitle">{campaign.title}</p>
            <TimeZoneNote zone={zone} campaignHasNone={!campaign.time_zone} />
            <p>
              Take a burst of signatures and letters from one network or e-mail domain out of the counts, the admin lists, the exports and
              the hearing packet. Nothing is deleted: restore it here at any time.
            </p>
          </div>
        </div>
        <p className="quarantine-counted">
          Counted now: <span className="strong">{signaturesAndLetters(campaign.supporter_count, campaign.letter_count)}</span>
        </p>
        <section className="card" aria-labelledby="new-quarantine-title">
          <h2 id="new-quarantine-title" className="quarantine-section-title">
            New quarantine
          </h2>
          <QuarantineForm campaignId={campaign.id} initial={initial} onQuarantined={(q) => done(quarantinedText(q))} />
        </section>
        <div role="status" className="quarantine-message">
          {message && (
            <p key={message.n} ref={messageRef} tabIndex={-1} className="notice">
              {message.text}
            </p>
          )}
        </div>
        <section className="section" aria-labelledby="quarantines-title">
          <div className="section-title">
            <h2 id="quarantines-title" className="quarantine-section-title">
              Quarantines
            </h2>
          </div>
          {quarantines.status === 'loading' ? (
            <Loading label="Loading quarantines..." />
          ) : quarantines.status === 'error' && !quarantines.data ? (
            <LoadError what="the quarantines" error={quarantines.error} onRetry={quarantines.retry} compact />
          ) : quarantines.data && quarantines.data.length > 0 ? (
            <QuarantineTable quarantines={quarantines.data} labelledBy="quarantines-title" restoring={restoring} onRestore={(q) => void restore(q)} />
          ) : (
            <p className="card empty">Nothing from this campaign has been quarantined.</p>
          )}
        </section>
      </div>
    </ScreenTimeZone>
  );
}
