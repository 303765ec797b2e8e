import type { Readable } from 'node:stream';
import type { Database } from '../db/data-source';
import type { OutboxAttachmentRow } from '../db/types';

/**
 * Attachments are described in the outbox row (what, for which campaign, which letters) and made
 * at send time, each try afresh, by the renderer registered for their kind: a packet of 10,000
 * letters is never stored twice, and streams from the database into the SMTP conversation.
 */
export interface RenderedAttachment {
  filename: string;
  contentType: string;
  /** Read once, by the send; a stream error aborts the send (the server never sees a partial file). */
  content: Readable;
}

/** Throw PermanentMailError (./failures.ts) when the attachment can never be made (its campaign is gone). */
export type AttachmentRenderer = (db: Database, attachment: OutboxAttachmentRow) => Promise<RenderedAttachment>;

export type AttachmentRenderers = Partial<Record<OutboxAttachmentRow['kind'], AttachmentRenderer>>;

/**
 * The server's renderers: the hearing packet's PDF and CSV (../packet/render.ts, the `packet`
 * branch). Until that lands, none: a queued packet fails with a message that says so, and tests
 * register a stand-in (test/mail/packet-stand-in.ts).
 */
export const serverAttachmentRenderers: AttachmentRenderers = {};
