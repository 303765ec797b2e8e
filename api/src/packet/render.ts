import { PassThrough, type Readable } from 'node:stream';
import { isoInZone, PACKET_CSV_NOTICE, perspectiveLabel } from '../contract';
import type { Database } from '../db/data-source';
import type { CampaignRow } from '../db/types';
import { notFound } from '../http/errors';
import { csvStream, type CsvCell } from '../http/csv';
import { EXPORT_BATCH } from '../services/exports';
import { pdfInWorker, type PdfInWorkerOptions } from './pdf-in-worker';
import { lettersById, lettersInOrder } from './read';
import { summarize, type PacketSummary } from './summary';
import { displayOffset, isoAtOffset } from './times';

/**
 * The hearing packet: every letter of a campaign for the decision body, as one PDF (a cover of
 * figures, then each letter from its own page) and the matching CSV report. Used by the admin's
 * download (routes/admin-packet) and by the mail worker, which attaches both to a delivery.
 */
export interface PacketScope {
  campaignId: number;
  since: string | null;
  until: string;
  /** The campaign's written-comment deadline, if set: letters submitted after it are marked late. */
  lateAfter: string | null;
}

/** Whole letters read per query for the PDF: a few hundred kilobytes of text. */
const LETTER_BATCH = 250;

/**
 * The hearing packet as a PDF byte stream, produced page by page (never the whole file in memory),
 * in the given lane (the mail worker's packets have their own: pdf-in-worker.ts).
 */
export function packetPdf(db: Database, scope: PacketScope, options: PdfInWorkerOptions): Readable {
  // The stream exists at once; the cover's figures are counted, then the worker starts.
  const out = new PassThrough();
  findCampaign(db, scope.campaignId)
    .then(async (campaign) => pdfOf(db, scope, campaign, await summarize(db, scope), options))
    .then(
      (pdf) => {
        pdf.once('error', (err) => out.destroy(err));
        out.once('close', () => pdf.destroy());
        pdf.pipe(out);
      },
      (err: unknown) => out.destroy(err as Error),
    );
  return out;
}

function pdfOf(db: Database, scope: PacketScope, campaign: CampaignRow, summary: PacketSummary, options: PdfInWorkerOptions): Readable {
  const { ids, ...figures } = summary;
  return pdfInWorker({ scope, campaign: pick(campaign), summary: figures }, lettersById(db, ids, LETTER_BATCH), options);
}

/** The campaign's fields the PDF prints (a worker gets plain data, and no more than it needs). */
const pick = (c: CampaignRow) => ({
  title: c.title,
  decision_body: c.decision_body,
  jurisdiction: c.jurisdiction,
  meeting_date: c.meeting_date,
  agenda_item_number: c.agenda_item_number,
  project_name: c.project_name,
  language: c.language,
});

/**
 * The PDF for the admin's download, in two steps: the cover's figures are counted first (an
 * unknown campaign is still a JSON 404, and the letter count can go in a header for the progress
 * bar), then the stream is made. `stallMs` is for the tests (PACKET_STALL_MS otherwise).
 */
export async function preparePacketPdf(
  db: Database,
  campaign: CampaignRow,
  scope: PacketScope,
  stallMs?: number,
): Promise<{ summary: PacketSummary; stream: () => Readable }> {
  const summary = await summarize(db, scope);
  return { summary, stream: () => pdfOf(db, scope, campaign, summary, { lane: 'download', stallMs }) };
}

/**
 * The columns of a clerk's eComment report (agenda item, who, how to reach them, where from,
 * position, when, the comment as submitted), plus whether it was late and its number in the PDF
 * ("letter n of N"). The contact details are here for the clerk to verify a comment; the PDF,
 * which is published, leaves them out, and the file's first line (PACKET_CSV_NOTICE) says so.
 */
export const PACKET_CSV_HEADER = [
  'Agenda item',
  'Name',
  'Email',
  'Address',
  'City',
  'State',
  'ZIP code',
  'Phone',
  'Perspective',
  'Submitted at',
  'Late',
  'Packet letter no.',
  'Letter',
] as const;

/** The matching CSV report as a stream of formula-safe rows, under its notice. */
export function packetCsv(db: Database, scope: PacketScope): Readable {
  const offset = displayOffset(scope);
  async function* rows(): AsyncGenerator<CsvCell[][]> {
    const campaign = await findCampaign(db, scope.campaignId);
    let n = 0;
    for await (const batch of lettersInOrder(db, scope, EXPORT_BATCH, 'all')) {
      yield batch.map(({ letter: l, late }) => [
        campaign.agenda_item_number ?? '',
        l.supporter_name,
        l.supporter_email,
        l.street_address,
        l.city,
        l.state,
        l.zip_code,
        l.phone_number,
        perspectiveLabel(l.perspective),
        isoAtOffset(l.created_at, offset),
        late,
        ++n,
        l.letter_content,
      ]);
    }
  }
  return csvStream(PACKET_CSV_HEADER, rows(), PACKET_CSV_NOTICE);
}

/** hearing-packet-riverside-park-rezoning.pdf: ASCII only, so every mail client and browser keeps it. */
export function packetFilename(campaign: { title: string }, ext: 'pdf' | 'csv'): string {
  const slug = campaign.title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `hearing-packet${slug ? `-${slug}` : ''}.${ext}`;
}

/** The campaign's written-comment deadline once it has one (a Date from PostgreSQL, text from SQLite). */
export function lateAfterOf(campaign: { id: number; comment_deadline?: Date | string | null; time_zone?: string | null }): string | null {
  const deadline = campaign.comment_deadline ?? null;
  if (!(deadline instanceof Date)) return deadline;
  // With the offset of the campaign's own time zone at the deadline: the packet then shows every
  // time where the decision body sits (times.ts takes its offset from this).
  return isoInZone(deadline, campaign.time_zone ?? 'UTC');
}

/**
 * What an admin's download covers: letters up to now (after `since` when given), marked late
 * after the campaign's written-comment deadline once the campaign has one.
 */
export function downloadScope(campaign: Pick<CampaignRow, 'id'> & { comment_deadline?: Date | string | null; time_zone?: string | null }, since: string | null, now: Date): PacketScope {
  return { campaignId: campaign.id, since, until: now.toISOString(), lateAfter: lateAfterOf(campaign) };
}

async function findCampaign(db: Database, id: number): Promise<CampaignRow> {
  const campaign = await db.ds.getRepository(db.entities.Campaign).findOneBy({ id });
  if (!campaign) throw notFound('Campaign');
  return campaign;
}
