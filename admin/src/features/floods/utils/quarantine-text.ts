import type { QuarantineCounts, QuarantineView } from '@dais/api/contract';
import { formatDateTime, formatNumber } from '../../../lib/format';

/** '1 letter', '60 signatures'. */
export const counted = (n: number, word: string) => `${formatNumber(n)} ${word}${n === 1 ? '' : 's'}`;

/** '60 signatures and 1 letter'. */
export const signaturesAndLetters = (signatures: number, letters: number) => `${counted(signatures, 'signature')} and ${counted(letters, 'letter')}`;

/** What a preview found: 'This takes 60 signatures (60 counted) and 1 letter (1 counted).' */
export function previewText(c: QuarantineCounts): string {
  if (c.signatures + c.letters === 0) return 'Nothing to quarantine: no signature or letter from that source in that time range.';
  return `This takes ${counted(c.signatures, 'signature')} (${formatNumber(c.counted_signatures)} counted) and ${counted(c.letters, 'letter')} (${formatNumber(c.counted_letters)} counted).`;
}

/** What the campaign's counts lose: 'The campaign's counts drop by 60 signatures and 1 letter.' */
export function countsDropText(c: QuarantineCounts): string {
  if (c.counted_signatures + c.counted_letters === 0) return "The campaign's counts do not change: none of these was counted yet.";
  return `The campaign's counts drop by ${signaturesAndLetters(c.counted_signatures, c.counted_letters)}.`;
}

/** 'network 203.0.113.0/24' or 'e-mail domain mailinator.com'. */
export function sourceText(q: Pick<QuarantineView, 'network' | 'email_domain'>): string {
  return q.network !== null ? `network ${q.network}` : `e-mail domain ${q.email_domain ?? ''}`;
}

/** 'May 14, 2026, 3:52 PM to May 14, 2026, 4:53 PM', where the reader is. */
export function rangeText(q: Pick<QuarantineView, 'from' | 'to'>, timeZone?: string): string {
  return `${formatDateTime(q.from, timeZone)} to ${formatDateTime(q.to, timeZone)}`;
}

/** The status line after a quarantine. */
export const quarantinedText = (q: QuarantineView) => `Quarantined ${signaturesAndLetters(q.signatures, q.letters)} from ${sourceText(q)}.`;

/** The status line after a restore. */
export const restoredText = (q: QuarantineView) => `Restored ${signaturesAndLetters(q.signatures, q.letters)} from ${sourceText(q)}.`;
