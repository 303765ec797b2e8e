import { z } from 'zod';
import { email } from './fields';
import { RECORD_STATUSES } from './confirmation';

/**
 * Erasure on request (admin Privacy page): an admin looks an address up, sees every record that
 * holds it, and erases them. POST /api/admin/erasure/preview {email}, then POST /api/admin/erasure {email}.
 */
export const erasureSchema = z.strictObject({ email: email() });
export type ErasureInput = z.infer<typeof erasureSchema>;

/** One signature or letter that holds the address. */
export const erasureRecordSchema = z.object({
  kind: z.enum(['signature', 'letter']),
  id: z.number(),
  campaign_id: z.number(),
  campaign_title: z.string(),
  status: z.enum(RECORD_STATUSES),
  created_at: z.string(),
  /**
   * A letter the decision body has (or is being sent), on its own or in a hearing packet: ours is
   * erased, theirs cannot be recalled.
   */
  delivered: z.boolean(),
});
export type ErasureRecord = z.infer<typeof erasureRecordSchema>;

export const erasurePreviewSchema = z.object({
  email: z.string(),
  /**
   * Every form of the address the records were found under, lower-cased, the one asked about first:
   * capitals, a +tag or Gmail's dots reach the same mailbox, so erasure takes them all.
   */
  addresses: z.array(z.string()),
  records: z.array(erasureRecordSchema),
  /** Confirmation e-mails and their reminders sent to the address. */
  mails: z.number(),
});
export type ErasurePreview = z.infer<typeof erasurePreviewSchema>;

export const erasureResultSchema = z.object({ signatures: z.number(), letters: z.number(), mails: z.number() });
export type ErasureResult = z.infer<typeof erasureResultSchema>;
