import type { ParsedMail } from 'mailparser';
import type { OutboxStatus } from '../../db/types';
import type { DevMailSummary } from './store';

/**
 * The development mailbox's pages: plain HTML, no script, one nonce'd style block. Everything a
 * message carries (subjects, names, letters, file names) was typed by someone and is escaped.
 */

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** An http(s) address in a message's text: it ends at white space, a quote, an angle bracket or a parenthesis. */
const LINK = /https?:\/\/[^\s<>"'()]+/g;
/** Punctuation that closes the sentence around an address rather than the address. */
const SENTENCE_END = /[.,;:!?]+$/;

/**
 * A message's text, escaped, with the addresses of this installation (`origin`, PUBLIC_URL's) as
 * links: the confirmation and removal links, the console. Other addresses stay text: the mailbox
 * is for trying Dais, not for following links someone typed into a letter. The page still runs
 * no script: an anchor's href is an escaped http(s) address of this origin, nothing else.
 */
export function linkedText(text: string, origin: string): string {
  let out = '';
  let from = 0;
  for (const m of text.matchAll(LINK)) {
    const url = m[0].replace(SENTENCE_END, '');
    let own = false;
    try {
      own = new URL(url).origin === origin;
    } catch {
      // Not an address a browser could open (a port with letters after it): text.
    }
    out += escapeHtml(text.slice(from, m.index));
    out += own ? `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>` : escapeHtml(url);
    from = m.index + url.length;
  }
  return out + escapeHtml(text.slice(from));
}

const when = (d: Date) => `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

const NOTICE =
  'Development mailbox: with no SMTP_URL set, e-mail is not sent anywhere; it lands here. Only a browser on this machine can open this page.';

export function layout(nonce: string, title: string, content: string) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="description" content="The mail this Dais server would have sent, kept on this machine because no SMTP server is configured.">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${escapeHtml(title)} · Development mailbox · Dais</title>
<style nonce="${nonce}">
  body { font: 15px/1.5 system-ui, sans-serif; max-width: 64rem; margin: 2rem auto; padding: 0 1rem; color: #1f2937; }
  .notice { background: #fef3c7; border: 1px solid #f59e0b; border-radius: 8px; padding: .6rem 1rem; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: .4rem .6rem; border-bottom: 1px solid #e5e7eb; vertical-align: top; }
  th { font-size: .85rem; color: #4b5563; }
  /* Long addresses and subjects wrap anywhere: the table never outgrows a phone's screen. */
  td { overflow-wrap: anywhere; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f9fafb; border: 1px solid #e5e7eb; border-radius: 8px; padding: .75rem 1rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
  dt { font-weight: 600; }
  dd { margin: 0; overflow-wrap: anywhere; }
  .muted { color: #6b7280; }
  .failed { color: #b91c1c; }
  a { color: #047857; }
</style>
</head>
<body>
<p class="notice" role="note">${escapeHtml(NOTICE)}</p>
${content}
</body>
</html>`;
}

export interface OutboxLine {
  id: number;
  recipients: string[];
  subject: string;
  status: OutboxStatus;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date;
}

export function listPage(nonce: string, mail: DevMailSummary[], olderThan: number | null, undelivered: OutboxLine[]) {
  const rows = mail
    .map(
      (m) => `<tr>
<td>${escapeHtml(when(m.created_at))}</td>
<td>${escapeHtml(m.sender)}</td>
<td>${escapeHtml(m.recipients)}</td>
<td><a href="/dev-mailbox/${m.id}">${escapeHtml(m.subject)}</a></td>
</tr>`,
    )
    .join('\n');
  const table = mail.length
    ? `<table>
<thead><tr><th scope="col">Received</th><th scope="col">From</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
    : '<p class="muted">No mail yet. Mail Dais sends (a hearing packet, a letter to the decision body) shows up here.</p>';
  const older = olderThan ? `<p><a href="/dev-mailbox?before=${olderThan}">Older messages</a></p>` : '';
  return layout(
    nonce,
    'Inbox',
    `<h1>Development mailbox</h1>
<p><a href="/dev-mailbox">Refresh</a></p>
${table}
${older}
${undeliveredSection(undelivered)}`,
  );
}

/** What has not arrived yet, and why: so nobody wonders where a message went. */
function undeliveredSection(lines: OutboxLine[]) {
  if (lines.length === 0) return '';
  const items = lines
    .map((l) => {
      const state =
        l.status === 'failed'
          ? `<span class="failed">failed</span>`
          : l.status === 'sending'
            ? 'being sent'
            : `queued, next try ${escapeHtml(when(l.next_attempt_at))}`;
      return `<tr>
<td>${escapeHtml(l.subject)}</td>
<td>${escapeHtml(l.recipients.join(', '))}</td>
<td>${state}; ${l.attempts} tr${l.attempts === 1 ? 'y' : 'ies'}</td>
<td>${l.last_error ? escapeHtml(l.last_error) : ''}</td>
</tr>`;
    })
    .join('\n');
  return `<h2>Not delivered yet</h2>
<table>
<thead><tr><th scope="col">Subject</th><th scope="col">To</th><th scope="col">State</th><th scope="col">Last error</th></tr></thead>
<tbody>
${items}
</tbody>
</table>`;
}

const kb = (bytes: number) => (bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(bytes < 10_240 ? 1 : 0)} KB`);

export function messagePage(nonce: string, id: number, stored: { created_at: Date }, mail: ParsedMail, origin: string) {
  const addresses = (v: ParsedMail['to'] | ParsedMail['cc']) => (Array.isArray(v) ? v.map((a) => a.text).join(', ') : (v?.text ?? ''));
  const attachments = mail.attachments.length
    ? `<ul>
${mail.attachments
  .map(
    (a, n) =>
      `<li><a href="/dev-mailbox/${id}/attachments/${n}">${escapeHtml(a.filename ?? `attachment-${n + 1}`)}</a> <span class="muted">${escapeHtml(a.contentType)}, ${kb(a.size)}</span></li>`,
  )
  .join('\n')}
</ul>`
    : '<p class="muted">None.</p>';
  const headers = mail.headerLines.map((h) => h.line).join('\n');
  return layout(
    nonce,
    mail.subject ?? '(no subject)',
    `<p><a href="/dev-mailbox">All messages</a></p>
<h1>${escapeHtml(mail.subject ?? '(no subject)')}</h1>
<dl>
<dt>From</dt><dd>${escapeHtml(mail.from?.text ?? '')}</dd>
<dt>To</dt><dd>${escapeHtml(addresses(mail.to))}</dd>
${mail.cc ? `<dt>Cc</dt><dd>${escapeHtml(addresses(mail.cc))}</dd>\n` : ''}<dt>Date</dt><dd>${mail.date ? escapeHtml(when(mail.date)) : ''}</dd>
<dt>Message-ID</dt><dd>${escapeHtml(mail.messageId ?? '')}</dd>
<dt>Received</dt><dd>${escapeHtml(when(stored.created_at))}</dd>
</dl>
<h2>Text</h2>
<pre>${linkedText(mail.text ?? '', origin)}</pre>
<h2>Attachments</h2>
${attachments}
<h2>Headers</h2>
<pre>${escapeHtml(headers)}</pre>
<p><a href="/dev-mailbox/${id}/raw">Download the whole message (.eml)</a>, to open it in a mail program.</p>`,
  );
}

export function refusedPage(nonce: string, status: number, problem: string) {
  return layout(nonce, status === 404 ? 'Not found' : 'Refused', `<h1>${status === 404 ? 'Not found' : 'Refused'}</h1>\n<p class="failed" role="alert">${escapeHtml(problem)}</p>`);
}
