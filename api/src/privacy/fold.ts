/**
 * Text folded for comparing names and addresses as a reader would: lower case, without accents
 * (Núñez is Nunez, Oâkley is Oakley), the Latin letters Unicode does not decompose written out
 * (ø, ł, ß, æ...), curly apostrophes and dashes as their plain forms. Each folded character knows the
 * stretch of the original it came from, so a match found in the folded text replaces the original's
 * characters. Hand-written, a few lines on top of the platform's NFD: a transliteration library
 * (any-ascii, lodash's deburr) would fold the same letters but not say where each came from.
 */
export interface Folded {
  text: string;
  /** The stretch of the original that `text`'s [start, end) came from. */
  source(start: number, end: number): [number, number];
}

const WRITTEN_OUT: Record<string, string> = {
  ß: 'ss', ẞ: 'ss', æ: 'ae', Æ: 'ae', œ: 'oe', Œ: 'oe', ø: 'o', Ø: 'o', ł: 'l', Ł: 'l', đ: 'd', Đ: 'd',
  ð: 'd', Ð: 'd', þ: 'th', Þ: 'th', ı: 'i', '’': "'", '‘': "'", ʼ: "'", '‐': '-', '‑': '-', '–': '-', '—': '-',
};

// ASCII, most of any letter, has no accents to take off: only its case (the same result, without a
// normalisation and a regular expression for each character).
const fold = (ch: string) => (ch < '\u0080' ? ch.toLowerCase() : (WRITTEN_OUT[ch] ?? ch.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()));

/** Text that is ASCII throughout: folding only lowers its case, character for character. */
const ASCII = /^[\x00-\x7f]*$/;

export function foldText(original: string): Folded {
  // Most letters are ASCII throughout: one native call, and each character is its own source.
  if (ASCII.test(original)) return { text: original.toLowerCase(), source: (start, end) => [start, end] };
  let text = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let at = 0;
  for (const ch of original) {
    const f = fold(ch);
    if (f === '' && ends.length > 0) {
      // A combining mark written apart from its letter belongs to that letter's stretch.
      ends[ends.length - 1] = at + ch.length;
    }
    for (let i = 0; i < f.length; i++) {
      starts.push(at);
      ends.push(at + ch.length);
    }
    text += f;
    at += ch.length;
  }
  return { text, source: (start, end) => [starts[start]!, ends[end - 1]!] };
}
