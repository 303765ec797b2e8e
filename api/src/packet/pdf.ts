import type { Database } from '../db/data-source';
import type { CampaignRow } from '../db/types';
import { drawCover } from './cover';
import { drawLetter } from './letter-page';
import { Footers } from './page';
import type { StreamedPdf } from './pdf-stream';
import { lettersById } from './read';
import type { PacketScope } from './render';
import type { PacketSummary } from './summary';
import { PacketText } from './text';
import { displayOffset } from './times';

/** Whole letters read per query while drawing: a few hundred kilobytes of text. */
const LETTER_BATCH = 250;
/** Letters between two clearances of pdfkit's word layouts (see StreamedPdf.forgetWordLayouts). */
const LAYOUTS_KEPT_FOR = 250;

export const PDF_OPTIONS: PDFKit.PDFDocumentOptions = {
  size: 'LETTER',
  margin: 0,
  autoFirstPage: false,
  // Pages stay in memory only until their letter is finished: its footers need its page count.
  bufferPages: true,
  lang: 'en-US',
  displayTitle: true,
};

/**
 * Draws the packet into a streamed document: the cover, then each letter from its own page, each
 * flushed to the reader as soon as its footers are on, with a progress mark after it. Stops
 * early, without error, when the reader has gone away.
 */
export async function drawPacket(out: StreamedPdf, db: Database, scope: PacketScope, campaign: CampaignRow, summary: PacketSummary): Promise<void> {
  const { doc } = out;
  const madeAt = new Date();
  doc.info.Title = `Public comment letters: ${campaign.title}`;
  doc.info.Author = 'Dais';
  doc.info.Subject = [campaign.decision_body, campaign.agenda_item_number && `agenda item ${campaign.agenda_item_number}`].filter(Boolean).join(', ') || campaign.title;
  doc.info.CreationDate = madeAt;
  const text = new PacketText(doc);
  const offset = displayOffset(scope);

  const total = summary.letters;
  const footers = new Footers(text, campaign.title, `letter ${total} of ${total}`);
  drawCover(doc, text, { campaign, scope, summary, madeAt, offset });
  footers.draw(doc, 'summary');
  doc.flushPages();

  // Late letters are the last ones in submission order (they came after the deadline).
  const firstLate = total - summary.late + 1;
  const deadline = scope.lateAfter ? new Date(scope.lateAfter) : null;
  let n = 0;
  for await (const batch of lettersById(db, summary.ids, LETTER_BATCH)) {
    for (const letter of batch) {
      if (!(await out.room())) return;
      n++;
      drawLetter(doc, text, letter, { n, total, late: n >= firstLate, deadline, offset });
      footers.draw(doc, `letter ${n} of ${total}`);
      doc.flushPages();
      out.progress(n, total);
      if (n % LAYOUTS_KEPT_FOR === 0) out.forgetWordLayouts();
    }
  }
  doc.end();
}
