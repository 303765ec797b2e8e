import type { LetterRow } from '../db/types';
import { PacketCsvDigest, type PacketCsvCampaign } from './csv-columns';
import { drawIntegrity, drawSharedPoints, type LetterMark } from './appendix';
import { packetLetter } from './contents';
import { drawCover } from './cover';
import type { CoverCampaign } from './cover-content';
import { drawLetter, letterLabel } from './letter-page';
import { Flow, INK, CONTENT_WIDTH, PAGE } from './page';
import type { Bookmarks, PacketDocument } from './pdf-document';
import type { PacketScope } from './render';
import { Tag } from './structure';
import type { PacketSummary } from './summary';
import { PacketText } from './text';
import { drawVoices } from './voices';
import { HEADINGS } from './words';

/** Letters between two clearances of pdfkit's word layouts (see PacketDocument.forgetWordLayouts). */
const LAYOUTS_KEPT_FOR = 250;

export const PDF_OPTIONS: PDFKit.PDFDocumentOptions = {
  size: 'LETTER',
  margin: 0,
  autoFirstPage: false,
  // Pages stay in memory only until the element running across them ends (page.ts Flow).
  bufferPages: true,
  // PDF/UA-1 (what the ADA's rule for what a council posts asks of a PDF): tagged, its title
  // shown and its language given; pdfkit adds the identifier to the XMP metadata, which it only
  // writes from PDF 1.4 (PDF/UA-1 is built on PDF 1.7). The packet's own words are US English; each
  // letter says its own language (letter-page.ts).
  pdfVersion: '1.7',
  tagged: true,
  subset: 'PDF/UA' as PDFKit.Mixins.PDFSubsets,
  lang: 'en-US',
  displayTitle: true,
};

/** What the PDF is drawn from, apart from the letters themselves: plain data, so it can go to a worker. */
export interface PacketJob {
  scope: PacketScope;
  campaign: CoverCampaign & PacketCsvCampaign;
  /** Where the packet's times are shown (times.ts packetZone). */
  zone: string;
  summary: Omit<PacketSummary, 'ids'>;
}

/**
 * Draws the packet, flowing page after page: the cover, 'In their own words', the talking points
 * the letters share (each once), every letter (in the order `letters` yields them, which must be
 * the summary's), then the integrity appendix. `room` is awaited before each letter (the reader's
 * pace); false stops early. Its structure: a Document of one section each; its outline: one entry
 * a section, 'The letters' closed over one entry a letter.
 */
export async function drawPacket(out: PacketDocument, job: PacketJob, letters: AsyncIterable<LetterRow[]>, room: () => Promise<boolean>): Promise<void> {
  const { doc } = out;
  const { scope, campaign, summary, zone } = job;
  const madeAt = new Date();
  doc.info.Title = `Public comment letters: ${campaign.title}`;
  doc.info.Author = 'Dais';
  doc.info.Subject = [campaign.decision_body, campaign.agenda_item_number && `agenda item ${campaign.agenda_item_number}`].filter(Boolean).join(', ') || campaign.title;
  doc.info.CreationDate = madeAt;
  const text = new PacketText(doc);
  const flow = new Flow(out, text, campaign.title);
  const root = Tag.root(doc);
  const lang = campaign.language;

  flow.newPage();
  doc.outline.addItem('Summary');
  drawCover(flow, text, root, { campaign, scope, summary, madeAt, zone });
  flow.newPage();
  doc.outline.addItem(HEADINGS.voices);
  drawVoices(flow, text, root, summary.voices, summary.voicesUnknown, lang);
  flow.y += 16;
  flow.room(120);
  doc.outline.addItem(HEADINGS.points);
  drawSharedPoints(flow, text, root, summary.points, summary.letters, lang);

  const total = summary.letters;
  const late = new Set(summary.lateIds);
  const pointNumbers = new Map(summary.points.map((p, i) => [p.id, i + 1]));
  const deadline = scope.lateAfter ? new Date(scope.lateAfter) : null;
  const marks: LetterMark[] = [];
  // The CSV's SHA-256 for the appendix, from the same letters in the same order as they pass.
  const csv = new PacketCsvDigest(campaign, zone);
  flow.newPage();
  const section = root.child('Sect');
  section.leaf('H2', () => text.drawLine(HEADINGS.letters, PAGE.margin, flow.y, { size: 14, bold: true, color: INK.text }, CONTENT_WIDTH));
  flow.y += 24;
  let bookmarks: Bookmarks | undefined;
  let n = 0;
  for await (const batch of letters) {
    for (const row of batch) {
      if (!(await room())) return;
      n++;
      const letter = packetLetter(row, { n, late: late.has(row.id), pointNumbers, labels: campaign.position_labels, lang });
      const page = drawLetter(flow, doc, text, section, letter, { total, deadline, zone });
      bookmarks ??= out.bookmarks(HEADINGS.letters, page);
      bookmarks.add(`${letterLabel(n, total)}: ${letter.name}`, page);
      marks.push({ n, id: letter.id, at: letter.at, digest: letter.digest });
      csv.add(row, letter.late, n);
      flow.writePagesBehind();
      out.progress(n, total);
      if (n % LAYOUTS_KEPT_FOR === 0) out.forgetWordLayouts();
    }
  }
  if (n === 0) {
    section.leaf('P', () => text.drawLine('No letters in this period.', PAGE.margin, flow.y, { size: 10, color: INK.muted }, CONTENT_WIDTH));
  }
  bookmarks?.end();
  section.end();
  flow.newPage();
  doc.outline.addItem(HEADINGS.integrity);
  drawIntegrity(flow, text, root, marks, csv.hex(), zone);
  flow.writePages();
  root.end();
  doc.end();
}
