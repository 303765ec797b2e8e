import { z } from 'zod';
import { instant } from './delivery';
import { text } from './fields';

/**
 * Floods: one network or one e-mail domain sending a large share of a campaign's signatures, and
 * the admin's quarantine of such a burst (rows out of the counts, the packet and the exports, until
 * restored).
 */
export const FLOOD_RULE = {
  /** The window looked at, back from now. */
  windowMinutes: 60,
  /** A source is a flood when it sent more than this share of the campaign's signatures in the window... */
  shareAbove: 1 / 5,
  /**
   * ...and at least this many of them. Read as the source's own signatures, not the campaign's: a
   * small campaign where 3 of 10 came from one office network is not a flood worth an alarm.
   */
  minimum: 50,
} as const;

export interface FloodAlert {
  campaign_id: number;
  campaign_title: string;
  kind: 'network' | 'domain';
  /** '203.0.113.0/24', '2001:db8:1:2::/64' or 'mailinator.com'. */
  source: string;
  /** The source's signatures in the window, and the campaign's. */
  signatures: number;
  of: number;
  /** The start of the window. */
  since: string;
  /** The domain is on the list of throwaway-mail providers. */
  disposable: boolean;
}

const NETWORK = /^(?:\d{1,3}\.\d{1,3}\.\d{1,3}\.0\/24|[0-9a-f:]+\/64)$/;
const DOMAIN = /^[a-z0-9.-]+\.[a-z]{2,}$/;

/** POST /api/admin/campaigns/{id}/quarantines (and .../preview): a burst, by time range and one source. */
export const quarantineSchema = z
  .strictObject({
    from: instant('from'),
    to: instant('to'),
    network: z
      .string({ error: 'network must be text' })
      .trim()
      .toLowerCase()
      .regex(NETWORK, 'network must be a /24 like 203.0.113.0/24 or a /64 like 2001:db8:1:2::/64, as the flood alert shows it')
      .optional(),
    email_domain: z
      .string({ error: 'email_domain must be text' })
      .trim()
      .toLowerCase()
      .regex(DOMAIN, 'email_domain must be a domain like mailinator.com')
      .optional(),
    reason: text('Reason', { min: 3, max: 500, minMessage: 'Say why, in a few words: the audit log keeps it' }),
  })
  .refine((q) => (q.network === undefined) !== (q.email_domain === undefined), {
    message: 'Quarantine one network or one e-mail domain at a time',
    path: ['network'],
  })
  .refine((q) => q.from.getTime() <= q.to.getTime(), { message: 'from must be before to', path: ['to'] });

export type QuarantineInput = z.infer<typeof quarantineSchema>;

/** What a quarantine takes (preview) or took: all rows, and those that were counted. */
export const quarantineCountsSchema = z.object({
  signatures: z.number(),
  letters: z.number(),
  counted_signatures: z.number(),
  counted_letters: z.number(),
});
export type QuarantineCounts = z.infer<typeof quarantineCountsSchema>;

export const quarantineViewSchema = z.object({
  id: z.number(),
  campaign_id: z.number(),
  from: z.string(),
  to: z.string(),
  network: z.string().nullable(),
  email_domain: z.string().nullable(),
  reason: z.string(),
  signatures: z.number(),
  letters: z.number(),
  created_by: z.string(),
  created_at: z.string(),
  restored_at: z.string().nullable(),
  restored_by: z.string().nullable(),
});
export type QuarantineView = z.infer<typeof quarantineViewSchema>;
