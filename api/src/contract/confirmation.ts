import { z } from 'zod';

/**
 * Confirmed supporters. On a campaign with `require_confirmation`, a signature or letter is stored
 * `pending` and its writer gets an e-mail with two links: /confirm/{token} and /remove/{token}. The
 * pages POST the token (a mail scanner that only fetches the link changes nothing); only then does
 * the record count, get delivered, and appear in exports as confirmed. A letter that was already
 * delivered when its writer removed it stays, `withdrawn`, with nothing personal left in it: the
 * decision body has it, and what was sent is part of the delivery's record.
 */
export const RECORD_STATUSES = ['pending', 'confirmed', 'withdrawn'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

/** How long a confirmation link works, and how long a pending record waits for it (CONFIRMATION_DAYS). */
export const CONFIRMATION_DEFAULT_DAYS = 7;
/** A reminder goes out once, this long after the first e-mail, if the record is still pending. */
export const CONFIRMATION_REMINDER_HOURS = 24;

/** 32 random bytes, base64url: what the e-mail's links carry. */
export const confirmationTokenSchema = z
  .string({ error: 'This link is incomplete: open it again from the e-mail' })
  .regex(/^[A-Za-z0-9_-]{43}$/, 'This link is incomplete: open it again from the e-mail, all of it');

export const confirmationParamsSchema = z.object({ token: confirmationTokenSchema });

/** What a confirmation or removal did, for its page. */
export const confirmationResultSchema = z.object({
  /** `done` now, or `already` by an earlier click (the page thanks either way). */
  state: z.enum(['done', 'already']),
  campaign_title: z.string(),
  signatures: z.number().int(),
  letters: z.number().int(),
  /** A removal: how many of its letters the decision body already had (their copies cannot be recalled). */
  delivered: z.number().int().optional(),
});
export type ConfirmationResult = z.infer<typeof confirmationResultSchema>;
