/**
 * What a failed send means for the message: give up now (the server refused this message or its
 * recipients for good), or try again later (the server is busy, unreachable or misconfigured).
 */

/** Thrown where a message can never be sent as it is (an attachment of a campaign that is gone). */
export class PermanentMailError extends Error {}

export interface Verdict {
  permanent: boolean;
  /** Stored on the row and shown to the admin: the server's own reply when there is one. */
  reason: string;
}

/** nodemailer's error fields (smtp-connection sets them on every error it raises). */
interface SmtpishError {
  code?: unknown;
  responseCode?: unknown;
  response?: unknown;
  command?: unknown;
  message?: unknown;
}

const CONNECTION_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS', 'EPROXY', 'ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENOTFOUND']);

/** One line, bounded: a reply can be multi-line and a hostile server could send megabytes. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 500);

/**
 * RFC 5321: a 5xx reply is permanent, a 4xx temporary. A 5xx about this message (its sender, its
 * recipients or its content, which nodemailer reports as EENVELOPE and EMESSAGE) fails it at once.
 * A 5xx about the connection (the greeting, the login, STARTTLS) says nothing about the message:
 * the installation is misconfigured, so it is retried with backoff like a 4xx, and every message
 * goes out once an operator has fixed SMTP_URL instead of all of them failing in the meantime.
 */
export function judge(err: unknown): Verdict {
  if (err instanceof PermanentMailError) return { permanent: true, reason: oneLine(err.message) };
  const e = (err ?? {}) as SmtpishError;
  const code = typeof e.code === 'string' ? e.code : '';
  const status = typeof e.responseCode === 'number' ? e.responseCode : null;
  const reply = typeof e.response === 'string' && e.response.trim() !== '' ? oneLine(e.response) : null;
  const message = oneLine(typeof e.message === 'string' ? e.message : String(err));

  if (status !== null && status >= 500 && (code === 'EENVELOPE' || code === 'EMESSAGE')) {
    return { permanent: true, reason: reply ?? `${status} ${message}` };
  }
  if (code === 'EAUTH' || code === 'ENOAUTH') {
    return { permanent: false, reason: `The SMTP server refused to log in (${reply ?? message}): check the user name and password in SMTP_URL` };
  }
  if (status !== null) return { permanent: false, reason: reply ?? `${status} ${message}` };
  if (CONNECTION_CODES.has(code)) return { permanent: false, reason: `Could not talk to the SMTP server: ${message}` };
  return { permanent: false, reason: message };
}

/** Recipients the server refused while it accepted the message for the others. */
export function refusedRecipientsNote(info: { rejected?: unknown; rejectedErrors?: unknown }): string | null {
  const rejected = Array.isArray(info.rejected) ? info.rejected.map(String) : [];
  if (rejected.length === 0) return null;
  const errors = Array.isArray(info.rejectedErrors) ? (info.rejectedErrors as SmtpishError[]) : [];
  const why = errors.map((e) => (typeof e.response === 'string' ? oneLine(e.response) : '')).filter(Boolean);
  return oneLine(`The server refused ${rejected.join(', ')}${why.length ? ` (${why.join('; ')})` : ''}; the other recipients got the message`);
}

/**
 * Exponential backoff with jitter: `baseMs` after the first failure, doubling, at most `maxMs`;
 * the jitter (up to a fifth either way) keeps messages that failed together from all coming back
 * in the same second.
 */
export function retryDelay(attempts: number, retry: { baseMs: number; maxMs: number }, random: () => number = Math.random): number {
  const exponential = Math.min(retry.maxMs, retry.baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(exponential * (0.8 + 0.4 * random()));
}
