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

/** pdfinfo -meta: the XMP metadata as written. */
export const pdfMetadata = (pdf: Uint8Array) => execFileSync('pdfinfo', ['-meta', '-'], { input: pdf, encoding: 'utf8' });

/** One element of a tagged PDF's structure as pdfinfo -struct-text prints it, with its text (each marked-content sequence's, joined by a space). */
export interface PopplerElement {
  role: string;
  depth: number;
  text: string;
}

/**
 * The structure tree in reading order as poppler reads it (pdfinfo -struct-text): each element
 * with its depth and the text of its own content (not its children's).
 */
export function pdfStructure(pdf: Uint8Array): PopplerElement[] {
  const out = execFileSync('pdfinfo', ['-struct-text', '-'], { input: pdf, encoding: 'utf8', maxBuffer: 1 << 30 });
  const elements: PopplerElement[] = [];
  for (const line of out.split('\n')) {
    const indent = line.length - line.trimStart().length;
    const quoted = /^\s*"(.*)"$/.exec(line);
    if (quoted) {
      const owner = elements.at(-1)!;
      owner.text = words(`${owner.text} ${quoted[1]}`);
    } else if (line.trim() && !line.trim().startsWith('/')) {
      // 'TH:' when attributes (printed on the lines below, '/Scope /Row') follow.
      elements.push({ role: line.trim().split(/\s/)[0]!.replace(/:$/, ''), depth: indent / 2, text: '' });
    }
  }
  return elements;
}

/** pdffonts's rows: each font with whether it is embedded, subset and has a Unicode map. */
export function pdfFonts(pdf: Uint8Array): { name: string; type: string; embedded: boolean; subset: boolean; unicode: boolean }[] {
  const out = execFileSync('pdffonts', ['-'], { input: pdf, encoding: 'utf8' });
  return out
    .split('\n')
    .slice(2)
    .filter((l) => l.trim())
    .map((l) => {
      const cells = l.trim().split(/\s+/);
      const [emb, sub, uni] = cells.slice(-5, -2);
      return { name: cells[0]!, type: l.slice(37, 54).trim(), embedded: emb === 'yes', subset: sub === 'yes', unicode: uni === 'yes' };
    });
}

/**
 * Each letter's entry in a hearing packet, by its number ("Letter 3 of 40: <name>" up to the next
 * entry or the appendix), read back with pdftotext, page footers left out.
 */
export function packetLetters(pdf: Uint8Array): Map<number, string> {
  const text = pdfPages(pdf)
    .map((page) => page.split('\n').filter((line) => !/ - page \d+$/.test(line)).join('\n'))
    .join('\n');
  const letters = text.slice(text.search(/^The letters$/m), text.search(/^Checking these letters$/m));
  const byLetter = new Map<number, string>();
  const starts = [...letters.matchAll(/^Letter ([\d,]+) of [\d,]+: /gm)];
  starts.forEach((m, i) => byLetter.set(Number(m[1]!.replace(/,/g, '')), letters.slice(m.index, starts[i + 1]?.index ?? letters.length)));
  return byLetter;
}
