import { ALL_CLOSINGS } from '../letters/write-letter';

/** A supporter's personal details as a letter or comment may repeat them. */
export interface PersonalDetails {
  name: string;
  email: string;
  street_address: string;
  zip_code: string;
  phone_number: string | null;
}

export const REMOVED = '[removed]';
export const SIGNATURE_REMOVED = '[Name and contact details removed]';

/** How far from the end a closing line may sit and still open the signature block. */
const SIGNATURE_LINES = 8;

/**
 * A letter's text without its writer: the signature block after the closing ("Sincerely,", or in a
 * Spanish letter "Atentamente,": any closing the writer uses in any language) goes
 * whole, then every remaining mention of the name (whole, or any word of it of three letters or
 * more), the e-mail, street address, ZIP code and phone number is replaced by "[removed]". The
 * arguments stay. Case-insensitive; a name word that is also an ordinary word ("Park") goes too:
 * taking a word too many is the safe side when the promise is that no trace of the person remains.
 */
export function stripPersonal(text: string, who: PersonalDetails): string {
  return withoutMentions(withoutSignature(text), who);
}

function withoutSignature(text: string): string {
  const lines = text.split('\n');
  const closings = ALL_CLOSINGS;
  for (let i = lines.length - 1; i >= Math.max(0, lines.length - SIGNATURE_LINES); i--) {
    if (closings.includes(lines[i]!.trim())) return [...lines.slice(0, i + 1), SIGNATURE_REMOVED].join('\n');
  }
  return text;
}

/** Every mention of the person's details in free text (a letter, a comment), longest first. */
export function withoutMentions(text: string, who: PersonalDetails): string {
  const nameWords = who.name.split(/\s+/).filter((w) => w.replace(/[^\p{L}]/gu, '').length >= 3);
  const phoneDigits = (who.phone_number ?? '').replace(/\D/g, '');
  const values = [who.email, who.name, who.street_address, who.phone_number ?? '', ...nameWords, who.zip_code]
    .map((v) => v.trim())
    .filter((v) => v.length >= 3)
    .sort((a, b) => b.length - a.length);
  let out = text;
  for (const v of values) out = out.replace(new RegExp(boundaried(v), 'giu'), REMOVED);
  // A phone number written with other separators: the same digits, any punctuation between them.
  if (phoneDigits.length >= 7) out = out.replace(new RegExp(phoneDigits.split('').join('[\\s().+-]*'), 'g'), REMOVED);
  return out;
}

/** The value as a literal, not inside a longer word when it starts or ends with a letter or digit. */
function boundaried(v: string): string {
  const literal = v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const start = /^[\p{L}\p{N}]/u.test(v) ? '(?<![\\p{L}\\p{N}])' : '';
  const end = /[\p{L}\p{N}]$/u.test(v) ? '(?![\\p{L}\\p{N}])' : '';
  return `${start}${literal}${end}`;
}
