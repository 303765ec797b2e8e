import type { AttachmentRenderers } from '../mail/attachments';
import { PermanentMailError } from '../mail/failures';
import type { Database } from '../db/data-source';
import type { OutboxAttachmentRow } from '../db/types';
import { lateAfterOf, packetCsv, packetFilename, packetPdf, type PacketScope } from './render';

/**
 * The hearing packet as the mail worker's attachments (mail/attachments.ts): the outbox row names
 * the campaign and the letters' window; the campaign's written-comment deadline, read at send time
 * as for the admin's download, decides which letters are marked late. Both files stream from the
 * database into the SMTP conversation.
 */
export const packetAttachmentRenderers: AttachmentRenderers = {
  async 'packet-pdf'(db, a) {
    const { campaign, scope } = await scopeOf(db, a);
    return { filename: packetFilename(campaign, 'pdf'), contentType: 'application/pdf', content: packetPdf(db, scope, { lane: 'mail' }) };
  },
  async 'packet-csv'(db, a) {
    const { campaign, scope } = await scopeOf(db, a);
    return { filename: packetFilename(campaign, 'csv'), contentType: 'text/csv; charset=utf-8', content: packetCsv(db, scope) };
  },
};

async function scopeOf(db: Database, a: OutboxAttachmentRow): Promise<{ campaign: { title: string }; scope: PacketScope }> {
  const campaign = await db.ds.getRepository(db.entities.Campaign).findOneBy({ id: a.campaign_id });
  // Campaigns are never deleted (their letters are kept); a row naming none can never be sent.
  if (!campaign) throw new PermanentMailError(`Campaign ${a.campaign_id} no longer exists, so its hearing packet cannot be made`);
  return { campaign, scope: { campaignId: a.campaign_id, since: a.since, until: a.until, lateAfter: lateAfterOf(campaign) } };
}
