/**
 * Where a delivery's e-mail stands, in words an organiser reads: 'Accepted by the mail server',
 * 'Not sent: the mail server refused it'. What the mail server itself said ('250 2.0.0 OK id=...',
 * '550 5.1.1 <clerk@...>: user unknown') is kept for whoever asks (the card shows it on demand).
 */
import type { Delivery } from '@dais/api/contract';

export interface DeliveryStatusWords {
  /** The badge: Queued, Sending, Sent, Failed. */
  badge: string;
  /** The status in plain words, or null when the badge says it all. */
  sentence: string | null;
  /** The mail server's own text (or Dais's reason for not sending), shown on demand. */
  detail: string | null;
  /** Whether `detail` is a mail server's reply (an SMTP status code), not Dais's own words. */
  detailFromServer: boolean;
}

const BADGE: Record<Delivery['status'], string> = { queued: 'Queued', sending: 'Sending', sent: 'Sent', failed: 'Failed' };

/** An SMTP reply: a three-digit status code, at the start or after 'Gave up after n tries: '. */
const SMTP_REPLY = /(?:^|: )([245])\d\d\b/;

/** Why a try failed, from the reason the mail worker stored (api mail/failures.ts writes these). */
function reasonOf(text: string): string {
  const gaveUp = /^Gave up after (\d+) tries: (.*)$/s.exec(text);
  if (gaveUp) return `Dais gave up after ${gaveUp[1]} tries. ${reasonOf(gaveUp[2]!)}`;
  if (text.startsWith('No SMTP server is configured')) return 'No mail server is set up for Dais yet (SMTP_URL).';
  if (text.startsWith('Could not talk to the SMTP server')) return 'Dais could not reach the mail server.';
  if (text.startsWith('The SMTP server refused to log in')) return "The mail server refused Dais's sign-in: check the user name and password in SMTP_URL.";
  const code = SMTP_REPLY.exec(text)?.[1];
  if (code === '4') return 'The mail server asked Dais to try again later.';
  if (code === '5') return "The mail server refused it. Check the recipients' addresses.";
  return 'Sending it failed.';
}

/** `when` formats an instant in the screen's zone. */
export function deliveryStatusWords(d: Delivery, when: (iso: string) => string): DeliveryStatusWords {
  const words = (sentence: string | null, detail: string | null): DeliveryStatusWords => ({
    badge: BADGE[d.status],
    sentence,
    detail,
    detailFromServer: detail !== null && SMTP_REPLY.test(detail),
  });
  const tries = d.attempts === 1 ? '1 try' : `${d.attempts} tries`;
  switch (d.status) {
    case 'sent': {
      const at = d.sent_at ? ` ${when(d.sent_at)}` : '';
      // The server took it for some recipients and refused others (mail/failures.ts refusedRecipientsNote).
      const some = d.last_error ? ' It refused some of the recipients; the others have it.' : '';
      const detail = [d.smtp_response, d.last_error].filter((t): t is string => Boolean(t)).join('\n') || null;
      return words(`Accepted by the mail server${at}${d.attempts > 1 ? `, after ${tries}` : ''}.${some}`, detail);
    }
    case 'failed':
      return words(`Not sent. ${d.last_error ? reasonOf(d.last_error) : ''}`.trim(), d.last_error);
    case 'sending':
      return words('Being handed to the mail server.', null);
    case 'queued':
      if (d.attempts === 0 || !d.last_error) return words(null, null);
      return words(`Not sent yet, after ${tries}. ${reasonOf(d.last_error)}${d.next_attempt_at ? ` Next try ${when(d.next_attempt_at)}.` : ''}`, d.last_error);
  }
}
