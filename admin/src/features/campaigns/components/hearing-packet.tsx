/**
 * "Hearing packet" on the campaign page: the PDF for the decision body (its figures and how they
 * were counted, the writers' own words, every letter), the same packet as a web page, and the
 * matching CSV report, optionally only of the letters submitted after a date and time. A large packet takes a while to make, so the file is streamed
 * and a progress bar counts the letters as they arrive ("Letter 2,500 of 10,000"); Cancel stops
 * the server making it.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { packetQuerySchema, type AdminCampaign } from '@dais/api/contract';
import { FormField } from '../../../components/form-field';
import { Spinner } from '../../../components/spinner';
import { failureText } from '../../../lib/error-reason';
import { formatNumber } from '../../../lib/format';
import { useNotify } from '../../../lib/notify';
import { useScreenTimeZone, zoneName } from '../../../lib/time-zone';
import { saveFile } from '../../../lib/save-file';
import { downloadPacket, type PacketProgress } from '../api/download-packet';
import { percentOf, sinceFromLocal, type PacketKind } from '../utils/packet-progress';
import './hearing-packet.css';

interface Running {
  kind: PacketKind;
  progress: PacketProgress;
}

const KIND_LABEL: Record<PacketKind, string> = { pdf: 'PDF', csv: 'CSV' };

export function HearingPacket({ campaign }: { campaign: Pick<AdminCampaign, 'id' | 'letter_count'> }) {
  const notify = useNotify();
  const headingId = useId();
  const [sinceValue, setSinceValue] = useState('');
  const [sinceError, setSinceError] = useState<string | undefined>();
  const [running, setRunning] = useState<Running | null>(null);
  const abort = useRef<AbortController | null>(null);

  // Leaving the page stops a download in progress (and the server making it).
  useEffect(() => () => abort.current?.abort(), []);

  // Typed as the screen reads times: in the campaign's zone.
  const timeZone = useScreenTimeZone();

  const start = async (kind: PacketKind) => {
    if (running) return;
    const since = sinceValue ? sinceFromLocal(sinceValue, timeZone) : null;
    // The server's own rule for since, so the message is the one it would give.
    const checked = packetQuerySchema.safeParse(since === null ? {} : { since });
    if ((sinceValue && since === null) || !checked.success) {
      setSinceError(checked.success ? 'Enter a date and a time, or leave both empty' : checked.error.issues[0]?.message);
      return;
    }
    setSinceError(undefined);
    const controller = new AbortController();
    abort.current = controller;
    setRunning({ kind, progress: { done: 0, total: null } });
    try {
      const packet = await downloadPacket(campaign.id, kind, since, (progress) => setRunning({ kind, progress }), controller.signal);
      saveFile(packet.file, packet.filename);
      notify.success(`Hearing packet (${KIND_LABEL[kind]}) downloaded: ${formatNumber(packet.letters)} ${packet.letters === 1 ? 'letter' : 'letters'}`);
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) {
        console.error('Error downloading hearing packet:', error);
        notify.error(failureText('Failed to download hearing packet', error));
      }
    }
    abort.current = null;
    setRunning(null);
  };

  // The same period as the downloads; a since that does not read yet opens every letter.
  const htmlSince = sinceValue ? sinceFromLocal(sinceValue, timeZone) : null;
  const htmlHref = `/api/admin/campaigns/${campaign.id}/packet.html${htmlSince ? `?since=${encodeURIComponent(htmlSince)}` : ''}`;

  const percent = running ? percentOf(running.progress.done, running.progress.total) : null;
  const total = running?.progress.total ?? null;
  const status = running
    ? total === null
      ? 'Counting the letters...'
      : `Letter ${formatNumber(Math.min(running.progress.done, total))} of ${formatNumber(total)}`
    : '';

  return (
    <section className="card hearing-packet" aria-labelledby={headingId}>
      <h2 id={headingId} className="hearing-packet-title">
        Hearing packet
      </h2>
      <p className="hearing-packet-intro">
        Every letter for the decision body: a PDF a council can read and publish (the figures and how they were counted, the
        writers&apos; own words, each shared talking point once, every letter), the same packet as a web page, and a CSV with one
        row per letter, as a clerk&apos;s eComment report has them.
      </p>
      <div className="hearing-packet-controls">
        <FormField label="Only letters submitted after" optional hint={`In ${zoneName(timeZone)}. Leave empty for every letter.`} error={sinceError} className="hearing-packet-since">
          {(p) => (
            <input
              {...p}
              type="datetime-local"
              name="packet_since"
              value={sinceValue}
              disabled={running !== null}
              onChange={(e) => {
                setSinceValue(e.target.value);
                setSinceError(undefined);
              }}
            />
          )}
        </FormField>
        <div className="button-row hearing-packet-buttons">
          <button type="button" className="button button-primary" disabled={running !== null} onClick={() => void start('pdf')}>
            {running?.kind === 'pdf' && <Spinner size="sm" />}
            Download Hearing Packet (PDF)
          </button>
          <button type="button" className="button button-secondary" disabled={running !== null} onClick={() => void start('csv')}>
            {running?.kind === 'csv' && <Spinner size="sm" />}
            Download Hearing Packet (CSV)
          </button>
          {/* A page the browser shows and prints as it arrives: no progress to count. */}
          <a className="button button-secondary" href={htmlHref} target="_blank" rel="noopener noreferrer">
            Open Hearing Packet (web page)
          </a>
        </div>
      </div>
      {running && (
        <div className="hearing-packet-progress">
          <div className="hearing-packet-status">
            <span>
              Making the hearing packet ({KIND_LABEL[running.kind]}): {status}
            </span>
            <button type="button" className="button button-secondary button-small" onClick={() => abort.current?.abort()}>
              Cancel
            </button>
          </div>
          <div
            role="progressbar"
            aria-label={`Making the hearing packet (${KIND_LABEL[running.kind]})`}
            aria-valuemin={0}
            aria-valuemax={total ?? undefined}
            aria-valuenow={total === null ? undefined : Math.min(running.progress.done, total)}
            aria-valuetext={status}
            className="progress-track hearing-packet-track"
          >
            <span className={percent === null ? 'progress-fill hearing-packet-fill-unknown' : 'progress-fill'} style={percent === null ? undefined : { width: `${percent}%` }} />
          </div>
        </div>
      )}
    </section>
  );
}
