/**
 * The campaign page's delivery card: where the letters stand (the last delivery, the letters
 * submitted since the last packet, the next automatic packet), "Send packet now", and every
 * delivery with its e-mail's status, refreshed while any is still on its way. Times are shown in
 * the screen's zone: the campaign's, like its deadline.
 */
import { useEffect, useId, useState } from 'react';
import { formatInZone, type AdminCampaign, type Delivery } from '@dais/api/contract';
import { CardTable, type Column } from '../../../components/card-table';
import { CheckboxField } from '../../../components/form-field';
import { useConfirm } from '../../../components/confirm-dialog';
import { LoadError } from '../../../components/load-error';
import { Spinner } from '../../../components/spinner';
import { failureText } from '../../../lib/error-reason';
import { formatNumber } from '../../../lib/format';
import { useNotify } from '../../../lib/notify';
import { useScreenTimeZone } from '../../../lib/time-zone';
import { useDeliveries } from '../api/get-deliveries';
import { sendPacket } from '../api/send-packet';
import { DeliveryStatus } from './delivery-status';
import './delivery.css';

const FEW = 10;
const ALL = 200;
const POLL_MS = 4000;
const plural = (n: number, one: string, many = `${one}s`) => `${formatNumber(n)} ${n === 1 ? one : many}`;

export function DeliveriesSection({ campaign }: { campaign: AdminCampaign }) {
  const headingId = useId();
  const notify = useNotify();
  const confirm = useConfirm();
  const [pageSize, setPageSize] = useState(FEW);
  const [onlyNew, setOnlyNew] = useState(true);
  const [sending, setSending] = useState(false);
  const list = useDeliveries(campaign.id, pageSize);
  const zone = useScreenTimeZone();
  const when = (iso: string) => formatInZone(new Date(iso), zone, false);

  // While an e-mail is still on its way, look again now and then: the organiser sees it go out.
  const pending = list.data?.deliveries.some((d) => d.status === 'queued' || d.status === 'sending') ?? false;
  const { reload } = list;
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => void reload(), POLL_MS);
    return () => clearTimeout(timer);
  }, [pending, list.data, reload]);

  const data = list.data;
  const meta = data?.meta;
  const last = data?.deliveries[0];
  const since = onlyNew && meta?.last_packet_until ? meta.last_packet_until : null;
  const letters = since ? (meta?.letters_since_last_packet ?? 0) : campaign.letter_count;
  const recipients = campaign.delivery_recipients;

  const send = async () => {
    if (sending) return;
    const what = since ? `the ${plural(letters, 'letter')} submitted since the last packet` : `all ${plural(letters, 'letter')}`;
    const ok = await confirm({
      title: 'Send the packet now?',
      message: `E-mail the hearing packet (PDF and CSV) with ${what} to ${recipients.join(', ')}?`,
      confirmLabel: 'Send packet',
      destructive: false,
    });
    if (!ok) return;
    setSending(true);
    try {
      const queued = await sendPacket(campaign.id, since ? { since } : {});
      notify.success(`Packet of ${plural(queued.letter_count, 'letter')} queued for ${queued.recipients.join(', ')}`);
      await list.reload();
    } catch (error) {
      console.error('Error sending packet:', error);
      notify.error(failureText('Failed to send the packet', error));
    }
    setSending(false);
  };

  return (
    <section className="card section deliveries" aria-labelledby={headingId}>
      <div className="section-title">
        <h2 id={headingId}>Delivery to the decision body</h2>
        <button
          type="button"
          className="button button-primary"
          onClick={() => void send()}
          disabled={sending || recipients.length === 0}
          aria-describedby={recipients.length === 0 ? `${headingId}-no-recipients` : undefined}
        >
          {sending && <Spinner size="sm" />}
          {sending ? 'Sending...' : 'Send packet now'}
        </button>
      </div>
      {recipients.length === 0 && (
        <p id={`${headingId}-no-recipients`} className="notice">
          No recipients yet: add the clerk&apos;s e-mail address on the Delivery tab below and save, then send.
        </p>
      )}
      {list.status === 'loading' && <p className="muted">Loading deliveries...</p>}
      {list.status === 'error' && <LoadError compact what="the deliveries" error={list.error} onRetry={list.retry} />}
      {data && meta && (
        <>
          <ul className="delivery-summary">
            <li>
              <span className="delivery-summary-label">Last delivery:</span>{' '}
              {last ? (
                <>
                  {last.kind === 'packet' ? `Packet of ${plural(last.letter_count, 'letter')}` : `Letter #${last.letter_id}`}, queued{' '}
                  {when(last.created_at)} <DeliveryStatus delivery={last} when={when} />
                </>
              ) : (
                'none yet'
              )}
            </li>
            <li>
              <span className="delivery-summary-label">Since the last packet:</span>{' '}
              {meta.last_packet_until
                ? `${plural(meta.letters_since_last_packet, 'letter')} submitted after ${when(meta.last_packet_until)}`
                : `${plural(meta.letters_since_last_packet, 'letter')}, none sent in a packet yet`}
            </li>
            {meta.next_automatic_at && (
              <li>
                <span className="delivery-summary-label">Next automatic packet:</span> {when(meta.next_automatic_at)}
              </li>
            )}
          </ul>
          {meta.last_packet_until && recipients.length > 0 && (
            <CheckboxField
              label="Send only the letters submitted since the last packet"
              checked={onlyNew}
              onChange={setOnlyNew}
            />
          )}
          {data.deliveries.length > 0 && <DeliveriesTable deliveries={data.deliveries} when={when} />}
          {meta.total > data.deliveries.length && (
            <p>
              <button type="button" className="link-button" onClick={() => setPageSize(ALL)}>
                Show {pageSize === FEW ? `all ${formatNumber(Math.min(meta.total, ALL))}` : 'more'}
              </button>
              {pageSize === ALL && <span className="muted"> (the latest {ALL} of {formatNumber(meta.total)})</span>}
            </p>
          )}
        </>
      )}
    </section>
  );
}

function DeliveriesTable({ deliveries, when }: { deliveries: Delivery[]; when: (iso: string) => string }) {
  const columns: Column<Delivery>[] = [
    { header: 'Queued', className: 'nowrap', cell: (d) => when(d.created_at) },
    { header: 'What', cell: (d) => describe(d, when) },
    { header: 'To', cell: (d) => d.recipients.join(', ') },
    { header: 'Letters', className: 'num', cell: (d) => formatNumber(d.letter_count) },
    { header: 'Status', cell: (d) => <DeliveryStatus delivery={d} when={when} /> },
    { header: 'Message-ID', className: 'message-id', cell: (d) => d.message_id },
  ];
  return <CardTable label="Deliveries" className="deliveries-table" columns={columns} rows={deliveries} rowKey={(d) => d.id} />;
}

function describe(d: Delivery, when: (iso: string) => string): string {
  if (d.kind === 'letter') return `Letter #${d.letter_id}, e-mailed as submitted`;
  const who = d.trigger === 'schedule' ? 'Automatic packet' : 'Packet sent by an admin';
  const range = d.since ? `letters after ${when(d.since)}` : 'every letter';
  return d.until ? `${who}: ${range} up to ${when(d.until)}` : who;
}
