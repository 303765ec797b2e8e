import type { CampaignRow, LetterRow } from '../db/types';
import { drawCover } from './cover';
import { drawLetter, letterLabel, printedLetter } from './letter-page';
import { Footers } from './page';
import type { Bookmarks, PacketDocument } from './pdf-document';
import type { PacketScope } from './render';
import { Tag } from './structure';
import type { PacketSummary } from './summary';
import { PacketText } from './text';
import { displayOffset } from './times';

/** Letters between two clearances of pdfkit's word layouts (see PacketDocument.forgetWordLayouts). */
const LAYOUTS_KEPT_FOR = 250;

export const PDF_OPTIONS: PDFKit.PDFDocumentOptions = {
  size: 'LETTER',
  margin: 0,
  autoFirstPage: false,
  // Pages stay in memory only until their letter is finished: its footers need its page count.
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
  campaign: Pick<CampaignRow, 'title' | 'decision_body' | 'jurisdiction' | 'meeting_date' | 'agenda_item_number' | 'project_name' | 'language'>;
  summary: Omit<PacketSummary, 'ids'>;
}

/**
 * Draws the packet: the cover, then each letter (in the order `letters` yields them, which must be
 * the summary's) from its own page, flushed as soon as its footers are on, with a progress mark
 * after it. `room` is awaited before each letter (the reader's pace); false stops early.
 * Its structure: a Document of the cover's section, then the letters' (an H2 and a section for
 * each letter); its outline: the cover ('Summary'), then 'The letters', closed, over one entry a
 * letter.
 */
export async function drawPacket(out: PacketDocument, job: PacketJob, letters: AsyncIterable<LetterRow[]>, room: () => Promise<boolean>): Promise<void> {
  const { doc } = out;
  const { scope, campaign, summary } = job;
  const madeAt = new Date();
  doc.info.Title = `Public comment letters: ${campaign.title}`;
  doc.info.Author = 'Dais';
  doc.info.Subject = [campaign.decision_body, campaign.agenda_item_number && `agenda item ${campaign.agenda_item_number}`].filter(Boolean).join(', ') || campaign.title;
  doc.info.CreationDate = madeAt;
  const text = new PacketText(doc);
  const offset = displayOffset(scope);
  const total = summary.letters;
  const footers = new Footers(text, campaign.title, `letter ${total} of ${total}`);
  const root = Tag.root(doc);

  drawCover(doc, text, root, { campaign, scope, summary, madeAt, offset });
  doc.outline.addItem('Summary');
  footers.draw(doc, 'summary');
  doc.flushPages();
  out.releaseWrittenPages();

  // Late letters are the last ones in submission order (they came after the deadline).
  const firstLate = total - summary.late + 1;
  const deadline = scope.lateAfter ? new Date(scope.lateAfter) : null;
  let section: Tag | undefined;
  let bookmarks: Bookmarks | undefined;
  let n = 0;
  for await (const batch of letters) {
    for (const row of batch) {
      if (!(await room())) return;
      n++;
      const letter = printedLetter(row);
      const opens = n === 1 ? LETTERS_HEADING : undefined;
      section ??= root.child('Sect');
      const page = drawLetter(doc, text, section, letter, { n, total, late: n >= firstLate, deadline, offset, lang: campaign.language, opens });
      bookmarks ??= out.bookmarks(LETTERS_HEADING, page);
      bookmarks.add(`${letterLabel(n, total)}: ${letter.supporter_name}`, page);
      footers.draw(doc, `letter ${n} of ${total}`);
      doc.flushPages();
      out.progress(n, total);
      out.releaseWrittenPages();
      if (n % LAYOUTS_KEPT_FOR === 0) out.forgetWordLayouts();
    }
  }
  bookmarks?.end();
  section?.end();
  root.end();
  doc.end();
}

/** The heading over the letters, on the first one's page, and their group in the outline. */
const LETTERS_HEADING = 'The letters';
