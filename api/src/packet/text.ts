/// <reference types="pdfkit" />
import bidiFactory, { type EmbeddingLevels } from 'bidi-js';
import LineBreaker from 'linebreak';
import { faceAlsoDraws, faceFor, FACES, FONT_FILES, type Face } from './fonts';
import { openedFont } from './pdf-document';
import { layOutPlainWithoutShaping } from './plain-layout';

/**
 * Lines of text for the packet, laid out here rather than by pdfkit's own text flow, which has
 * neither font fallback (a Greek name inside a Latin sentence) nor the Unicode bidirectional
 * algorithm (pdfkit lays out right-to-left text word by word, so an Arabic sentence comes out with
 * its words in reverse order). Line breaks come from linebreak (UAX #14, what pdfkit uses), the
 * visual order of right-to-left text from bidi-js (UAX #9), and shaping (Arabic joining, marks)
 * from fontkit through pdfkit; this file only puts them together.
 */

export interface TextStyle {
  size: number;
  bold?: boolean;
  color?: string;
  /**
   * Lay the line out left to right whatever it holds: for lines of ours that quote a person's
   * text ("Letter 3 of 40 - <an Arabic name>"). Otherwise the first strong character decides, as
   * in any text a person wrote.
   */
  ltr?: boolean;
}

const bidi = bidiFactory();

/** Characters of right-to-left scripts and the explicit right-to-left marks: only then is the bidi algorithm run. */
const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefe\u200f\u202b\u202e\u2067]|\ud802[\udc00-\udfff]|\ud83a/;
/** Direction marks and other invisible format characters: they steer the bidi algorithm, nothing is drawn for them. */
const INVISIBLE = /[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/;
const NEUTRAL = /[\s\p{N}\p{P}\p{S}]/u;

interface Run {
  start: number;
  end: number;
  face: Face;
}

interface Paragraph {
  text: string;
  runs: Run[];
  /** Only for a paragraph with right-to-left text. */
  levels: EmbeddingLevels | null;
  rtl: boolean;
}

export interface Line {
  paragraph: Paragraph;
  start: number;
  /** Trailing spaces excluded. */
  end: number;
  width: number;
}

/**
 * Widths at 1 pt of the words (line-break segments) measured so far, per face: a packet's letters
 * share most of their words. Only short strings are kept, and at most this many per face, so the
 * cache stays a few megabytes however many letters a packet holds.
 */
const MAX_CACHED_WIDTHS = 50_000;
const MAX_CACHED_LENGTH = 24;

const oneLineOf = (text: string) => text.replace(/\s+/g, ' ').trim();

export class PacketText {
  private readonly widths = new Map<Face, Map<string, number>>();

  constructor(private readonly doc: PDFKit.PDFDocument) {
    for (const face of FACES) doc.registerFont(face, FONT_FILES[face]);
    // Numbers, times and digests in Noto Sans need no shaping (plain-layout.ts).
    for (const face of ['sans', 'sans-bold'] as const) layOutPlainWithoutShaping(openedFont(doc, face));
  }

  /** The text's width at this style, on one line. */
  width(text: string, style: TextStyle): number {
    return this.oneLine(text, style).width;
  }

  /** The text on one line, cut at a word (or character) with an ellipsis if it is wider than `width`. */
  fit(text: string, width: number, style: TextStyle): string {
    const single = oneLineOf(text);
    return this.width(single, style) <= width ? single : this.cut(single, width, style);
  }

  /** One line of text at this baseline (see draw), cut to `width` with an ellipsis; returns its width. */
  drawLine(text: string, x: number, baseline: number, style: TextStyle, width: number, align: 'start' | 'center' | 'end' = 'start'): number {
    let line = this.oneLine(oneLineOf(text), style);
    if (line.width > width) line = this.oneLine(this.cut(line.paragraph.text, width, style), style);
    this.draw(line, x, baseline, style, width, align);
    return line.width;
  }

  private cut(single: string, width: number, style: TextStyle): string {
    const [cut] = this.wrap(single, width - this.width('…', style), style);
    return `${single.slice(0, cut!.end).trimEnd()}…`;
  }

  /**
   * The text as lines no wider than `width`: one list per paragraph (line break in the text), an
   * empty paragraph as one empty line.
   */
  wrap(text: string, width: number, style: TextStyle): Line[] {
    const lines: Line[] = [];
    for (const paragraph of text.replace(/\t/g, '    ').split(/\r\n|\r|\n|\u2028|\u2029/)) {
      lines.push(...this.wrapParagraph(this.prepare(paragraph, style), width / style.size, style.size));
    }
    return lines;
  }

  /**
   * Draws one line with its baseline at y, within [x, x + boxWidth]: from the left, or from the
   * right for a right-to-left paragraph, or centred.
   */
  draw(line: Line, x: number, baseline: number, style: TextStyle, boxWidth: number, align: 'start' | 'center' | 'end' = 'start'): void {
    const { paragraph: p } = line;
    const free = boxWidth - line.width;
    const fromRight = (align === 'start' && p.rtl) || (align === 'end' && !p.rtl);
    let cx = x + (align === 'center' ? free / 2 : fromRight ? free : 0);
    this.doc.fillColor(style.color ?? '#000000');
    const pieces = [...(p.levels ? this.visualPieces(line) : this.logicalPieces(line))];
    // A line broken at a space ends with one, drawn (it shows nothing): readers that take a
    // paragraph's text from the structure tree join its lines as drawn, and "largo" at one line's
    // end and "sobre" at the next's would read "largosobre".
    const last = pieces.at(-1);
    if (last && /\s/.test(p.text[line.end] ?? '')) {
      if (last.rtl) pieces.push({ face: last.face, text: ' ', rtl: false });
      else last.text += ' ';
    }
    pieces.forEach((piece, i) => {
      // Only a piece that another follows needs its width (measuring lays the text out again).
      cx += this.drawPiece(piece, cx, baseline, style.size, i < pieces.length - 1);
    });
  }

  private oneLine(text: string, style: TextStyle): Line {
    const paragraph = this.prepare(text, style);
    return { paragraph, start: 0, end: text.length, width: this.measure(paragraph, 0, text.length) * style.size };
  }

  private prepare(text: string, style: TextStyle): Paragraph {
    const bold = style.bold ?? false;
    const runs: Run[] = [];
    let current: Run | undefined;
    for (let i = 0; i < text.length; ) {
      const cp = text.codePointAt(i)!;
      const next = i + (cp > 0xffff ? 2 : 1);
      let face = faceFor(cp, bold);
      if (current && face !== current.face && NEUTRAL.test(String.fromCodePoint(cp)) && faceAlsoDraws(current.face, cp)) face = current.face;
      if (current && current.face === face) current.end = next;
      else runs.push((current = { start: i, end: next, face }));
      i = next;
    }
    const levels = RTL.test(text) ? bidi.getEmbeddingLevels(text, style.ltr ? 'ltr' : 'auto') : null;
    return { text, runs, levels, rtl: levels ? (levels.paragraphs[0]?.level ?? 0) % 2 === 1 : false };
  }

  /** Width at 1 pt of text[start, end), run by run. */
  private measure(p: Paragraph, start: number, end: number): number {
    let width = 0;
    for (const run of p.runs) {
      if (run.end <= start) continue;
      if (run.start >= end) break;
      width += this.unitWidth(run.face, p.text.slice(Math.max(start, run.start), Math.min(end, run.end)));
    }
    return width;
  }

  private unitWidth(face: Face, text: string): number {
    let cache = this.widths.get(face);
    if (!cache) this.widths.set(face, (cache = new Map()));
    const known = cache.get(text);
    if (known !== undefined) return known;
    const width = this.doc.font(face, 1).widthOfString(text);
    if (text.length <= MAX_CACHED_LENGTH) {
      if (cache.size >= MAX_CACHED_WIDTHS) cache.clear();
      cache.set(text, width);
    }
    return width;
  }

  /** Greedy lines (widths in units of the font size), breaking where UAX #14 allows; a word wider than a line is cut between characters. */
  private wrapParagraph(p: Paragraph, max: number, size: number): Line[] {
    const { text } = p;
    const lines: Line[] = [];
    const line = (start: number, end: number, width: number) => lines.push({ paragraph: p, start, end, width: width * size });
    let lineStart = 0;
    let lineEnd = 0;
    let lineWidth = 0; // up to lineEnd
    let pending = 0; // width of the spaces after lineEnd, counted once more text follows them
    const breaker = new LineBreaker(text);
    let segmentStart = 0;
    for (let bk = breaker.nextBreak(); bk; bk = breaker.nextBreak()) {
      const segmentEnd = bk.position;
      let contentEnd = segmentEnd;
      while (contentEnd > segmentStart && /\s/.test(text[contentEnd - 1]!)) contentEnd--;
      let width = this.measure(p, segmentStart, contentEnd);
      const spaces = this.measure(p, contentEnd, segmentEnd);
      if (lineEnd > lineStart && lineWidth + pending + width > max) {
        line(lineStart, lineEnd, lineWidth);
        lineStart = segmentStart;
        lineEnd = segmentStart;
        lineWidth = 0;
        pending = 0;
      }
      if (lineEnd === lineStart && width > max) {
        // Longer than a whole line (an address, a URL): cut it between characters.
        let cut = segmentStart;
        while (cut < contentEnd) {
          let end = cut;
          let w = 0;
          while (end < contentEnd) {
            const step = text.codePointAt(end)! > 0xffff ? 2 : 1;
            const cw = this.measure(p, end, end + step);
            if (end > cut && w + cw > max) break;
            w += cw;
            end += step;
          }
          if (end >= contentEnd) {
            lineStart = cut;
            width = w;
            break;
          }
          line(cut, end, w);
          cut = end;
        }
      }
      lineWidth += pending + width;
      lineEnd = contentEnd;
      pending = spaces;
      segmentStart = segmentEnd;
    }
    line(lineStart, lineEnd, lineWidth);
    return lines;
  }

  /** The line's pieces of one face, in reading order (left to right). */
  private *logicalPieces(line: Line): Generator<Piece> {
    const { text, runs } = line.paragraph;
    for (const run of runs) {
      if (run.end <= line.start) continue;
      if (run.start >= line.end) break;
      yield { face: run.face, text: text.slice(Math.max(line.start, run.start), Math.min(line.end, run.end)), rtl: false };
    }
  }

  /** The line's pieces in visual order (UAX #9 L2), each of one face and one direction. */
  private *visualPieces(line: Line): Generator<Piece> {
    const { text, runs, levels } = line.paragraph;
    if (line.end <= line.start) return;
    const order = Array.from({ length: line.end - line.start }, (_, i) => line.start + i);
    for (const [a, b] of bidi.getReorderSegments(text, levels!, line.start, line.end - 1)) {
      const part = order.slice(a! - line.start, b! - line.start + 1).reverse();
      order.splice(a! - line.start, part.length, ...part);
    }
    const faceAt = (i: number) => runs.find((r) => i >= r.start && i < r.end)!.face;
    let piece: { face: Face; rtl: boolean; from: number; to: number } | undefined;
    const finish = function* (): Generator<Piece> {
      if (piece) yield { face: piece.face, rtl: piece.rtl, text: text.slice(piece.from, piece.to + 1) };
      piece = undefined;
    };
    for (const i of order) {
      if (INVISIBLE.test(text[i]!)) continue;
      const rtl = levels!.levels[i]! % 2 === 1;
      const face = faceAt(i);
      if (piece && piece.face === face && piece.rtl === rtl && (rtl ? i === piece.from - 1 : i === piece.to + 1)) {
        if (rtl) piece.from = i;
        else piece.to = i;
        continue;
      }
      yield* finish();
      piece = { face, rtl, from: i, to: i };
    }
    yield* finish();
  }

  /** Draws a piece at x (baseline y) and returns its width (0 unless asked). */
  private drawPiece(piece: Piece, x: number, baseline: number, size: number, measure: boolean): number {
    let { text } = piece;
    if (INVISIBLE.test(text)) text = [...text].filter((c) => !INVISIBLE.test(c)).join('');
    if (!text) return 0;
    // fontkit lays a right-to-left script out in visual order itself when it gets the whole run
    // (pdfkit hands it the whole run only when features are given). Neutral characters alone in
    // a right-to-left run (brackets, dashes between two Arabic words) are turned round here.
    const shaped = piece.rtl && RTL.test(text);
    if (piece.rtl && !shaped) text = [...text].reverse().map((c) => bidi.getMirroredCharacter(c) ?? c).join('');
    const options: PDFKit.Mixins.TextOptions = { lineBreak: false, baseline: 'alphabetic', ...(shaped ? WHOLE : {}), ...NOT_MEASURED_AGAIN };
    const doc = this.doc.font(piece.face, size);
    const width = measure ? doc.widthOfString(text, options) : 0;
    doc.text(text, x, baseline, options);
    return width;
  }
}

/**
 * pdfkit measures every string it draws (to size underlines and links), laying it out a second
 * time, unless it is told the width, as its own line wrapper tells it: about a fifth of a packet's
 * time. These fields are what that wrapper passes; the values only size underlines and links,
 * which the packet does not draw.
 */
const NOT_MEASURED_AGAIN = { textWidth: 0, wordCount: 1 } as PDFKit.Mixins.TextOptions;

/**
 * Given features (none beyond the font's defaults), pdfkit lays a string out whole, in one call to
 * fontkit, instead of word by word through its cache: right-to-left runs need it (see drawPiece).
 */
const WHOLE: PDFKit.Mixins.TextOptions = { features: [] };

interface Piece {
  face: Face;
  text: string;
  rtl: boolean;
}
