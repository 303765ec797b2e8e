import { z } from 'zod';
import { isStorableInstant, rangeMessage } from './instant';
import { canonicalTimeZone } from './time-zone';

/**
 * How a campaign's letters reach the decision body (the campaign's Delivery tab), and what an
 * admin may send to POST /api/admin/campaigns/{id}/deliveries.
 *
 * - packet: one e-mail with the hearing packet (PDF and CSV) a configurable time before the
 *   written-comment deadline, plus a second one at the deadline for letters that came in between;
 * - each: every letter e-mailed to the recipients as it is submitted;
 * - manual: nothing automatic; the organiser sends packets from the campaign page.
 */
export const DELIVERY_MODES = ['packet', 'each', 'manual'] as const;
export type DeliveryMode = (typeof DELIVERY_MODES)[number];

export const DELIVERY_LIMITS = {
  recipients: { max: 20 },
  /** How long before the deadline the packet goes out: up to a week. */
  leadHours: { min: 0, max: 168 },
} as const;

export const DELIVERY_DEFAULTS = {
  delivery_mode: 'manual' as DeliveryMode,
  delivery_lead_hours: 24,
  // A clerk's eComment report carries how to reach each commenter; an organiser may leave it out.
  packet_csv_contacts: true,
};

const EXAMPLE_INSTANT = '2026-06-09T17:00:00-07:00';
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-](\d{2}):(\d{2}))?$/;

/**
 * An instant as ISO 8601 with its offset ('2026-06-09T17:00:00-07:00' or '...Z'). Without an
 * offset a time is ambiguous (whose 5 PM?), so it is refused rather than guessed; so is one outside
 * the years both databases store (instant.ts). Parsed to a Date.
 */
export const instant = (label: string) =>
  z
    .string({ error: `${label} must be a date and time like ${EXAMPLE_INSTANT}` })
    .trim()
    .transform((v, ctx) => {
      const m = DATE_TIME.exec(v);
      if (!m) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a date and time like ${EXAMPLE_INSTANT}` });
        return z.NEVER;
      }
      if (!m[7]) {
        ctx.addIssue({ code: 'custom', message: `${label} must include its UTC offset, like ${EXAMPLE_INSTANT} (or Z for UTC)` });
        return z.NEVER;
      }
      const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i] ?? 0)) as number[];
      const daysInMonth = new Date(Date.UTC(year!, month!, 0)).getUTCDate();
      const real =
        month! >= 1 && month! <= 12 && day! >= 1 && day! <= daysInMonth && hour! <= 23 && minute! <= 59 && second! <= 59 &&
        Number(m[8] ?? 0) <= 14 && Number(m[9] ?? 0) <= 59;
      const at = new Date(v);
      if (!real || Number.isNaN(at.getTime())) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a real date and time, like ${EXAMPLE_INSTANT}` });
        return z.NEVER;
      }
      if (!isStorableInstant(at.getTime())) {
        ctx.addIssue({ code: 'custom', message: rangeMessage(label) });
        return z.NEVER;
      }
      return at;
    });

const recipientsMessage = 'Recipients must be a list of e-mail addresses, like ["clerk@springfield.gov"]';
const anEmail = z.email();

/** One or more e-mail addresses (typically the clerk's); repeats are dropped, whatever their case. */
export const deliveryRecipients = z
  .array(z.string({ error: recipientsMessage }), { error: recipientsMessage })
  .max(DELIVERY_LIMITS.recipients.max, `At most ${DELIVERY_LIMITS.recipients.max} recipients`)
  .transform((list, ctx) => {
    const seen = new Set<string>();
    const out: string[] = [];
    list.forEach((raw, i) => {
      const address = raw.trim();
      if (address.length > 254 || !anEmail.safeParse(address).success) {
        const shown = address.length > 60 ? `${address.slice(0, 60)}...` : address;
        ctx.addIssue({
          code: 'custom',
          path: [i],
          message: address
            ? `Recipient "${shown}" is not an e-mail address: write each one like clerk@springfield.gov`
            : 'A recipient is empty: remove it or write an e-mail address like clerk@springfield.gov',
        });
        return;
      }
      if (seen.has(address.toLowerCase())) return;
      seen.add(address.toLowerCase());
      out.push(address);
    });
    return out;
  });

export const timeZone = z
  .string({ error: 'Time zone must be a name like America/Chicago' })
  .trim()
  .transform((v, ctx) => {
    const canonical = canonicalTimeZone(v);
    if (!canonical) {
      const shown = v.length > 60 ? `${v.slice(0, 60)}...` : v;
      ctx.addIssue({ code: 'custom', message: `"${shown}" is not a time zone: use a name like America/Chicago or Europe/Berlin` });
      return z.NEVER;
    }
    return canonical;
  });

const modesText = 'packet, each or manual';
export const deliveryMode = z.enum(DELIVERY_MODES, { error: `Delivery mode must be ${modesText}` });

const leadMessage = `Send the packet between ${DELIVERY_LIMITS.leadHours.min} and ${DELIVERY_LIMITS.leadHours.max} hours (a week) before the deadline, in whole hours`;
export const deliveryLeadHours = z
  .number({ error: leadMessage })
  .int(leadMessage)
  .min(DELIVERY_LIMITS.leadHours.min, leadMessage)
  .max(DELIVERY_LIMITS.leadHours.max, leadMessage);

/**
 * Whether the hearing packet's CSV (the admin's download and the one e-mailed) has each writer's
 * e-mail, street address and phone. The PDF never has them (it is published); the CSV is for the
 * clerk's verification, and an organiser whose clerk does not need them can leave them out.
 */
export const packetCsvContacts = z.boolean({
  error: "packet_csv_contacts must be true or false: whether the packet CSV lists each writer's e-mail, street address and phone",
});

/** The campaign fields of the Delivery tab, as the create and update schemas take them. */
export const deliveryFields = {
  delivery_recipients: deliveryRecipients,
  comment_deadline: instant('The written-comment deadline').nullable(),
  time_zone: timeZone.nullable(),
  delivery_mode: deliveryMode,
  delivery_lead_hours: deliveryLeadHours,
  packet_csv_contacts: packetCsvContacts,
};

export interface DeliverySettings {
  delivery_recipients: string[];
  comment_deadline: Date | null;
  delivery_mode: DeliveryMode;
  delivery_lead_hours: number;
}

export interface DeliveryProblem {
  field: 'delivery_recipients' | 'comment_deadline';
  message: string;
}

/**
 * The rules that span fields, checked on the campaign as it would be after a change (server) or
 * as the form holds it (admin). A deadline already in the past is refused only when it is being
 * set: a campaign whose deadline has passed can still be saved as it is.
 */
export function deliveryProblems(next: DeliverySettings, previousDeadline: Date | null, now: Date = new Date()): DeliveryProblem[] {
  const problems: DeliveryProblem[] = [];
  if (next.delivery_mode !== 'manual' && next.delivery_recipients.length === 0) {
    problems.push({
      field: 'delivery_recipients',
      message:
        next.delivery_mode === 'packet'
          ? 'Add at least one recipient: the packet is e-mailed to them'
          : 'Add at least one recipient: each letter is e-mailed to them',
    });
  }
  const deadline = next.comment_deadline;
  const changed = deadline?.getTime() !== previousDeadline?.getTime();
  if (deadline && changed && deadline.getTime() <= now.getTime()) {
    problems.push({ field: 'comment_deadline', message: 'The written-comment deadline is in the past: choose a time still to come' });
  } else if (!deadline && next.delivery_mode === 'packet') {
    problems.push({
      field: 'comment_deadline',
      message: 'Set the written-comment deadline: the packet is sent automatically before it',
    });
  }
  return problems;
}

/** A letter is late when it was submitted after its campaign's written-comment deadline (derived, never stored). */
export const isLate = (submittedAt: Date, deadline: Date | null): boolean => deadline !== null && submittedAt.getTime() > deadline.getTime();

/** POST /api/admin/campaigns/{id}/deliveries: a packet now, of every letter or of those after `since`. */
export const deliveryCreateSchema = z.strictObject({
  since: instant('since')
    .refine((d) => d.getTime() <= Date.now(), 'since is in the future: no letter was submitted after it yet')
    .nullish()
    .transform((v) => v ?? null),
});

export type DeliveryCreateInput = z.infer<typeof deliveryCreateSchema>;
