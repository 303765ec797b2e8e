import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { PassThrough, Readable } from 'node:stream';
import { isoInZone } from '../contract';
import type { Database } from '../db/data-source';
import type { CampaignRow } from '../db/types';
import { notFound } from '../http/errors';
import { csvText, type CsvCell } from '../http/csv';
import { EXPORT_BATCH } from '../services/exports';
import { packetCsvColumns, packetCsvHead, type PacketCsvColumn, type PacketCsvRecord } from './csv-columns';
import { pdfInWorker, type PdfInWorkerOptions } from './pdf-in-worker';
import { lettersById } from './read';
import { packetIds, summarize, type PacketSummary } from './summary';
import { packetZone } from './times';

/**
 * The hearing packet: every letter of a campaign for the decision body, as one PDF (pdf.ts says
 * what it holds) and the matching CSV report. Used by the admin's
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
    .then(async (campaign) => pdfOf(db, scope, campaign, await summarize(db, scope, campaign), options))
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
  return pdfInWorker({ scope, campaign: pick(campaign), zone: packetZone(campaign), summary: figures }, lettersById(db, ids, LETTER_BATCH), options);
}

/** The campaign's fields the PDF prints (a worker gets plain data, and no more than it needs). */
const pick = (c: CampaignRow) => ({
  title: c.title,
  description: c.description,
  position_labels: c.position_labels,
  packet_csv_contacts: c.packet_csv_contacts,
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
  const summary = await summarize(db, scope, campaign);
  return { summary, stream: () => pdfOf(db, scope, campaign, summary, { lane: 'download', stallMs }) };
}

/**
 * The matching CSV report as a stream of formula-safe rows, under its notice, in the packet's
 * order (the PDF's letter numbers). The campaign is read first: its choice of columns decides the
 * header. Nothing in it depends on when it is read, so one scope's letters give the same bytes
 * every time (integrity.ts takes their SHA-256).
 */
export function packetCsv(db: Database, scope: PacketScope): Readable {
  async function* rows(campaign: CampaignRow, columns: readonly PacketCsvColumn[]): AsyncGenerator<CsvCell[][]> {
    const zone = packetZone(campaign);
    const { ids, lateIds } = await packetIds(db, scope);
    const late = new Set(lateIds);
    let n = 0;
    for await (const batch of lettersById(db, ids, EXPORT_BATCH)) {
      yield batch.map((letter) => {
        const record: PacketCsvRecord = { campaign, letter, late: late.has(letter.id), n: ++n, zone };
        return columns.map((c) => c.cell(record));
      });
      // SQLite's reads do not wait on I/O: without a turn between batches a packet's digest (read
      // through before its PDF starts) would hold up every other request until its last row.
      await nextTurn();
    }
  }
  async function* text(): AsyncGenerator<string> {
    const campaign = await findCampaign(db, scope.campaignId);
    const { header, notice } = packetCsvHead(campaign);
    yield* csvText(header, rows(campaign, packetCsvColumns(campaign.packet_csv_contacts)), notice);
  }
  return Readable.from(text(), { objectMode: false });
}

/**
 * The SHA-256 (lower-case hex) of the packet CSV's bytes exactly as packetCsv streams them for this
 * scope: byte-order mark, notice and header included. The CSV is the same bytes on every read of
 * the same letters (in the packet's order, times in the campaign's zone, the campaign's choices
 * as they stand), so the digest printed in the PDF is the digest of the CSV attached beside it.
 * Read through once, never held whole.
 */
export async function packetCsvDigest(db: Database, scope: PacketScope): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of packetCsv(db, scope)) hash.update(chunk as Buffer);
  return hash.digest('hex');
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
