/**
 * A STAND-IN for the hearing packet's renderers (api/src/packet/render.ts, built on the `packet`
 * branch), for the mail tests only, registered the way the server registers the real ones
 * (AttachmentRenderers by kind). It reads the letters in the attachment's scope from the database
 * at send time, as the real ones do, and writes a small PDF (one line per letter) and a CSV, so a
 * test can read both back from the delivered e-mail. Replace with the real renderers once `packet`
 * is on main.
 */
import { Readable } from 'node:stream';
import { jsPDF } from 'jspdf';
import { And, LessThanOrEqual, MoreThan } from 'typeorm';
import type { AttachmentRenderers } from '../../src/mail/attachments';
import { PermanentMailError } from '../../src/mail/failures';

export const packetStandIn: AttachmentRenderers = {
  async 'packet-pdf'(db, a) {
    const { campaign, letters } = await scope(db, a);
    const doc = new jsPDF({ unit: 'mm', format: 'letter' });
    doc.text(`Hearing packet (test stand-in): ${campaign.title}`, 20, 20);
    doc.text(`${letters.length} letters`, 20, 30);
    letters.forEach((l, i) => doc.text(`Letter ${i + 1}: ${l.supporter_name}, ${l.city}`, 20, 40 + i * 8));
    return {
      filename: `packet-campaign-${campaign.id}.pdf`,
      contentType: 'application/pdf',
      content: Readable.from([Buffer.from(doc.output('arraybuffer'))]),
    };
  },
  async 'packet-csv'(db, a) {
    const { campaign, letters } = await scope(db, a);
    const rows = [['name', 'city', 'letter'], ...letters.map((l) => [l.supporter_name, l.city, l.letter_content])];
    const csv = rows.map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(',')).join('\r\n');
    return { filename: `packet-campaign-${campaign.id}.csv`, contentType: 'text/csv', content: Readable.from([Buffer.from(`${csv}\r\n`)]) };
  },
};

async function scope(db: Parameters<NonNullable<AttachmentRenderers['packet-pdf']>>[0], a: Parameters<NonNullable<AttachmentRenderers['packet-pdf']>>[1]) {
  const campaign = await db.ds.getRepository(db.entities.Campaign).findOneBy({ id: a.campaign_id });
  if (!campaign) throw new PermanentMailError(`Campaign ${a.campaign_id} no longer exists`);
  const until = LessThanOrEqual(new Date(a.until));
  const letters = await db.ds.getRepository(db.entities.Letter).find({
    where: { campaign_id: a.campaign_id, created_at: a.since ? And(MoreThan(new Date(a.since)), until) : until },
    order: { created_at: 'ASC', id: 'ASC' },
  });
  return { campaign, letters };
}
