import type { ErasurePreview, ErasureRecord, ErasureResult, RecordStatus } from '@dais/api/contract';
import { formatNumber } from '../../../lib/format';

/** '1 letter', '2 letters', '1 e-mail'. */
export const counted = (n: number, word: string) => `${formatNumber(n)} ${word}${n === 1 ? '' : 's'}`;

/** 'a, b and c'. */
function listed(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** What an erasure took: 'Erased 2 signatures, 1 letter and 1 e-mail.'; kinds it found none of are left out. */
export function erasureResultText(result: ErasureResult): string {
  const parts = [
    result.signatures > 0 ? counted(result.signatures, 'signature') : '',
    result.letters > 0 ? counted(result.letters, 'letter') : '',
    result.mails > 0 ? counted(result.mails, 'e-mail') : '',
  ].filter(Boolean);
  return parts.length === 0 ? 'Nothing was left to erase: no record held this address any more.' : `Erased ${listed(parts)}.`;
}

/**
 * The erase button's label, or null when there is nothing to erase. The records are what an admin
 * counts; e-mails alone (their records already gone) can still be erased.
 */
export function eraseLabel(preview: Pick<ErasurePreview, 'records' | 'mails'>): string | null {
  if (preview.records.length > 0) return `Erase ${counted(preview.records.length, 'record')}`;
  if (preview.mails > 0) return `Erase ${counted(preview.mails, 'e-mail')}`;
  return null;
}

/** The e-mails line under the records. */
export function mailsText(mails: number): string {
  if (mails === 0) return 'Dais has sent no e-mails to this address.';
  return `Dais has sent ${counted(mails, 'e-mail')} to this address (confirmation requests and reminders). Erasing blanks its copies.`;
}

export const KIND_LABELS: Record<ErasureRecord['kind'], string> = { signature: 'Signature', letter: 'Letter' };

export const STATUS_LABELS: Record<RecordStatus, string> = { pending: 'Pending', confirmed: 'Confirmed', withdrawn: 'Withdrawn' };

/**
 * Which forms of the address the records were found under, when more than the one asked about:
 * capitals, a +tag or Gmail's dots reach the same mailbox, so the preview and the erasure take them all.
 */
export function formsText(preview: Pick<ErasurePreview, 'email' | 'addresses'>): string | null {
  const others = preview.addresses.filter((a) => a !== preview.email);
  if (others.length === 0) return null;
  const one = others.length === 1;
  return (
    `Also found under ${listed(others)}: ${one ? 'a form of this address that reaches' : 'forms of this address that reach'} the same mailbox ` +
    `(a +tag, capitals, or dots at Gmail). Erasing takes ${one ? 'it' : 'them'} too.`
  );
}
