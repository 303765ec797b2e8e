import { execFileSync } from 'node:child_process';

// poppler's stderr is dropped: it says 'Unknown character collection Adobe-Identity-H' of jsPDF's
// embedded fonts and reads them all the same.
const poppler = (tool: string, args: string[]) => execFileSync(tool, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });

/** pdfinfo's fields (poppler-utils), e.g. { Pages: '1', 'Page size': '612 x 792 pts (letter)' }. */
export function pdfInfo(file: string): Record<string, string> {
  const out = poppler('pdfinfo', [file]);
  return Object.fromEntries(out.split('\n').filter(Boolean).map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]));
}

/**
 * The PDF's text as pdftotext reads it back, without the bidi controls it wraps right-to-left runs
 * in, and with the Arabic presentation forms the letter PDF draws turned back into the letters typed.
 */
export const pdfText = (file: string) =>
  poppler('pdftotext', ['-enc', 'UTF-8', file, '-'])
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/[\uFB50-\uFDFF\uFE70-\uFEFF]+/g, (forms) => forms.normalize('NFKC'));

/** The fonts pdffonts lists: name and whether the file embeds it. */
export function pdfFonts(file: string): { name: string; embedded: boolean }[] {
  const [, dashes = '', ...rows] = poppler('pdffonts', [file]).split('\n');
  const columns = [...dashes.matchAll(/-+/g)].map((m) => [m.index, m.index + m[0].length] as const);
  const cell = (row: string, i: number) => row.slice(columns[i]![0], columns[i]![1]).trim();
  return rows.filter((r) => r.trim()).map((row) => ({ name: cell(row, 0), embedded: cell(row, 3) === 'yes' }));
}

/** Whitespace-insensitive: the PDF wraps long lines where the letter had spaces. */
export const words = (text: string) => text.replace(/\s+/g, ' ').trim();
