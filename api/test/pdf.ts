/**
 * PDFs read back the way a person's tools would: poppler's pdftotext and pdfinfo (real programs,
 * not our own parsing), fed the bytes on stdin.
 */
import { execFileSync } from 'node:child_process';

/** The text of each page, in order (pdftotext ends every page with a form feed). */
export function pdfPages(pdf: Uint8Array, layout = false): string[] {
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', ...(layout ? ['-layout'] : []), '-', '-'], { input: pdf, encoding: 'utf8', maxBuffer: 1 << 30 });
  // pdftotext wraps right-to-left runs in embedding marks (U+202A..U+202E) for display.
  return text.replace(/[\u202a-\u202e]/g, '').split('\f').slice(0, -1);
}

/** pdfinfo's fields, e.g. { Pages: '12', 'Page size': '612 x 792 pts (letter)' }; it also refuses a broken file. */
export function pdfInfo(pdf: Uint8Array): Record<string, string> {
  const out = execFileSync('pdfinfo', ['-'], { input: pdf, encoding: 'utf8' });
  return Object.fromEntries(out.split('\n').filter(Boolean).map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]));
}

/** Whitespace-insensitive: the PDF wraps long lines where the text had spaces. */
export const words = (text: string) => text.replace(/\s+/g, ' ').trim();
