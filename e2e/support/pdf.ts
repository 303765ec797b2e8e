import { execFileSync } from 'node:child_process';

/** pdfinfo's fields (poppler-utils), e.g. { Pages: '1', 'Page size': '612 x 792 pts (letter)' }. */
export function pdfInfo(file: string): Record<string, string> {
  const out = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return Object.fromEntries(out.split('\n').filter(Boolean).map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]));
}

/** The PDF's text as pdftotext reads it back. */
export const pdfText = (file: string) => execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });

/** Whitespace-insensitive: the PDF wraps long lines where the letter had spaces. */
export const words = (text: string) => text.replace(/\s+/g, ' ').trim();
