/** For tests: a PDF read back by poppler-utils (pdftotext, pdffonts, pdfinfo), as a person's reader would. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dais-letter-pdf-'));
let files = 0;

function run(tool: string, args: string[], pdf: ArrayBuffer): string {
  const file = path.join(dir, `${++files}.pdf`);
  fs.writeFileSync(file, new Uint8Array(pdf));
  // stderr is poppler's: it says 'Unknown character collection Adobe-Identity-H' of jsPDF's CID fonts and reads them all the same.
  return execFileSync(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
}

/** Unicode's bidi controls, which pdftotext wraps right-to-left runs in. */
const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The text pdftotext reads, without bidi controls, Arabic presentation forms (which jsPDF prints)
 * turned back into the letters typed (their compatibility decompositions).
 */
export function pdfText(pdf: ArrayBuffer, page?: number): string {
  return lettersOfPresentationForms(pdfRawText(pdf, page));
}

const lettersOfPresentationForms = (text: string) => text.replace(/[\uFB50-\uFDFF\uFE70-\uFEFF]+/g, (forms) => forms.normalize('NFKC'));

/** The text pdftotext reads, characters as the PDF maps them (Arabic as presentation forms), without bidi controls. */
export function pdfRawText(pdf: ArrayBuffer, page?: number): string {
  const pages = page === undefined ? [] : ['-f', String(page), '-l', String(page)];
  return run('pdftotext', ['-enc', 'UTF-8', ...pages], pdf).replace(BIDI_CONTROLS, '');
}

export interface PlacedText {
  text: string;
  /** Box in points, from the top left corner of the page. */
  xMin: number;
  xMax: number;
  yMin: number;
  yMax: number;
}

/** Words as pdftotext -bbox places them (a right-to-left run drawn glyph by glyph comes as one 'word' per glyph). */
export function pdfWords(pdf: ArrayBuffer): PlacedText[] {
  const html = run('pdftotext', ['-bbox', '-enc', 'UTF-8'], pdf);
  return [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
    xMin: Number(m[1]),
    yMin: Number(m[2]),
    xMax: Number(m[3]),
    yMax: Number(m[4]),
    text: lettersOfPresentationForms(m[5]!),
  }));
}

export interface PdfFont {
  name: string;
  type: string;
  embedded: boolean;
}

/** The fonts the PDF lists, as pdffonts reports them. */
export function pdfFonts(pdf: ArrayBuffer): PdfFont[] {
  const [, dashes = '', ...rows] = run('pdffonts', [], pdf).split('\n');
  // Columns as wide as the dashes under the header: name, type, encoding, emb, sub, uni, object ID.
  const columns = [...dashes.matchAll(/-+/g)].map((m) => [m.index, m.index + m[0].length] as const);
  return rows
    .filter((row) => row.trim() !== '')
    .map((row) => {
      const cell = (i: number) => row.slice(columns[i]![0], columns[i]![1]).trim();
      return { name: cell(0), type: cell(1), embedded: cell(3) === 'yes' };
    });
}

/** pdfinfo's fields, e.g. { Pages: '1', 'Page size': '612 x 792 pts (letter)' }. */
export function pdfInfo(pdf: ArrayBuffer): Record<string, string> {
  const out = run('pdfinfo', [], pdf);
  return Object.fromEntries(out.split('\n').filter(Boolean).map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]));
}

const RTL_LETTERS = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;

/**
 * What a reader sees on each page line, top to bottom: the glyphs that touch joined into words
 * (a right-to-left word's glyphs read from its right end), the words in order from left to right.
 */
export function pageLines(pdf: ArrayBuffer): PlacedText[][] {
  // Glyphs of one line share a baseline, but fonts differ in height (Arabic reaches lower): a box
  // joins the line whose middle is within a few points of its own.
  const middle = (b: PlacedText) => (b.yMin + b.yMax) / 2;
  const lines: PlacedText[][] = [];
  for (const box of [...pdfWords(pdf)].sort((a, b) => middle(a) - middle(b))) {
    const line = lines[lines.length - 1];
    if (line && Math.abs(middle(line[0]!) - middle(box)) < 4) line.push(box);
    else lines.push([box]);
  }
  return lines.map((boxes) => {
    const words: PlacedText[][] = [];
    for (const box of boxes.sort((a, b) => a.xMin - b.xMin)) {
      const word = words[words.length - 1];
      if (word && box.xMin - word[word.length - 1]!.xMax < 0.5) word.push(box);
      else words.push([box]);
    }
    return words.map((glyphs) => {
      const reading = glyphs.some((g) => RTL_LETTERS.test(g.text)) ? [...glyphs].reverse() : glyphs;
      const { yMin, yMax } = glyphs[0]!;
      return { text: reading.map((g) => g.text).join(''), xMin: glyphs[0]!.xMin, xMax: glyphs[glyphs.length - 1]!.xMax, yMin, yMax };
    });
  });
}
