import { z } from 'zod';

/**
 * GET /api/admin/mail: how this server sends e-mail, and what waits in its outbox. The admin shows
 * a link to the development mailbox when there is one, and says plainly when mail cannot go out.
 */
export const mailStatusSchema = z.object({
  /** smtp: SMTP_URL; dev-mailbox: kept on this machine for /dev-mailbox; unconfigured: held until SMTP_URL is set. */
  transport: z.enum(['smtp', 'dev-mailbox', 'unconfigured']),
  /** The From of every message. */
  from: z.string(),
  /** The development mailbox page, when mail goes there. */
  dev_mailbox_url: z.string().nullable(),
  /** Why mail is not being sent, when it is not: a sentence for the admin. */
  problem: z.string().nullable(),
  outbox: z.object({
    /** Messages queued or being sent. */
    waiting: z.number(),
    /** When the oldest of them was queued (ISO 8601), or null. */
    oldest_waiting_at: z.string().nullable(),
  }),
});

export type MailStatus = z.infer<typeof mailStatusSchema>;
