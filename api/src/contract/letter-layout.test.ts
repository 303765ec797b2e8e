import { describe, expect, it } from 'vitest';
import { standardFontMeasure } from '../letters/font-metrics';
import { jsPdfDoc, jsPdfMeasure } from '../letters/jspdf-measure.test-support';
import {
  effectiveLineCount,
  fnv1a,
  layoutLetter,
  LETTER_PAGE,
  letterFont,
  letterFontSize,
  letterPdfFilename,
  PDF_FONTS,
  type PdfFont,
} from './letter-layout';

const measure = jsPdfMeasure();
const PARAGRAPH =
  'Protected bike lanes on Riverside Drive would separate cyclists from traffic on the busiest corridor in the city, where eleven people were seriously hurt in the last three years alone. Cities that built them saw sales rise.';
const lines = (n: number, text = 'Short line') => Array.from({ length: n }, (_, i) => `${text} ${i}`).join('\n');
/** Content whose hash picks `font`: `base` with a number added to its first line. */
const contentFor = (font: PdfFont, base: string) => {
  const [first, ...rest] = base.split('\n');
  for (let i = 0; ; i++) {
    const content = [`${first} (${i})`, ...rest].join('\n');
    if (letterFont(content) === font) return content;
  }
};

describe('letter PDF layout (SPEC.md section 9)', () => {
  it('uses US Letter in mm with a 20 mm margin', () => {
    const doc = jsPdfDoc();
    expect(doc.internal.pageSize.getWidth()).toBeCloseTo(LETTER_PAGE.width, 5);
    expect(doc.internal.pageSize.getHeight()).toBeCloseTo(LETTER_PAGE.height, 5);
    expect(LETTER_PAGE.margin).toBe(20);
  });

  it('picks the font by a hash of the content: stable, and all three fonts occur', () => {
    const seen = new Set(Array.from({ length: 60 }, (_, i) => letterFont(`Dear Council, letter ${i}`)));
    expect([...seen].sort()).toEqual([...PDF_FONTS].sort());
    expect(letterFont(PARAGRAPH)).toBe(letterFont(PARAGRAPH));
    expect(letterFont(PARAGRAPH)).toBe(PDF_FONTS[fnv1a(PARAGRAPH) % 3]);
    // FNV-1a's published test vectors: the widget's browser must get the same font.
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    expect(fnv1a('foobar')).toBe(0xbf9cf968);
  });

  it('counts lines longer than 80 characters as one and a half', () => {
    expect(effectiveLineCount('one')).toBe(1);
    expect(effectiveLineCount(`${'x'.repeat(80)}\n${'y'.repeat(81)}\n`)).toBe(3.5);
    expect(effectiveLineCount('a\r\nb')).toBe(2);
  });

  it('is 12 pt up to 45 effective lines, 10 above 45, 9 above 55, 8 above 65', () => {
    expect([45, 45.5, 55, 55.5, 65, 65.5, 200].map(letterFontSize)).toEqual([12, 10, 10, 9, 9, 8, 8]);
    expect(layoutLetter(lines(45), measure).fontSize).toBe(12);
    expect(layoutLetter(lines(46), measure).fontSize).toBe(10);
    // 40 short lines and 12 long ones: 40 + 12 * 1.5 = 58 effective lines.
    const mixed = `${lines(40)}\n${lines(12, 'x'.repeat(85))}`;
    expect(layoutLetter(mixed, measure)).toMatchObject({ effectiveLineCount: 58, fontSize: 9 });
    expect(layoutLetter(lines(66), measure).fontSize).toBe(8);
  });

  it('sets the line height to 0.6 times the font size', () => {
    expect(layoutLetter('Hello', measure).lineHeight).toBeCloseTo(7.2, 10);
    expect(layoutLetter(lines(50), measure).lineHeight).toBeCloseTo(6, 10);
  });

  it('wraps each line to the page width in the chosen font, as jsPDF measures it', () => {
    for (const font of PDF_FONTS) {
      const content = contentFor(font, `${PARAGRAPH}\n\nSincerely,\nJane Doe`);
      const layout = layoutLetter(content, measure);
      expect(layout.font).toBe(font);
      for (const line of layout.lines) expect(measure(line, font, 12)).toBeLessThanOrEqual(LETTER_PAGE.width - 40 + 1e-6);
      // Nothing lost or reordered, blank lines kept, and no line break where jsPDF would not break.
      expect(layout.lines.join(' ').replace(/\s+/g, ' ')).toBe(content.replace(/\s+/g, ' '));
      expect(layout.lines.slice(-3)).toEqual(['', 'Sincerely,', 'Jane Doe']);
      const doc = jsPdfDoc();
      doc.setFont(font, 'normal');
      doc.setFontSize(12);
      expect(layout.lines.slice(0, -3)).toEqual(doc.splitTextToSize(content.split('\n')[0]!, LETTER_PAGE.width - 40));
    }
    expect(layoutLetter(contentFor('courier', PARAGRAPH), measure).lines.length).toBeGreaterThan(
      layoutLetter(contentFor('times', PARAGRAPH), measure).lines.length,
    );
  });

  it('cuts a word wider than the page', () => {
    const layout = layoutLetter('x'.repeat(300), measure);
    expect(layout.lines.length).toBeGreaterThan(1);
    expect(layout.lines.join('')).toBe('x'.repeat(300));
  });

  it('fits one page while the lines fit between the margins, and places every line inside them', () => {
    // 239.4 mm of text height / 7.2 mm a line = 33 lines at 12 pt.
    const full = layoutLetter(lines(33), measure);
    expect(full).toMatchObject({ fontSize: 12, linesPerPage: 33, pageCount: 1, fitsOnePage: true });
    const over = layoutLetter(lines(34), measure);
    expect(over).toMatchObject({ fontSize: 12, pageCount: 2, fitsOnePage: false });
    expect(over.positioned[33]).toMatchObject({ page: 1, x: 20, text: 'Short line 33' });
    for (const p of full.positioned) {
      expect(p.y).toBeGreaterThan(LETTER_PAGE.margin);
      expect(p.y).toBeLessThanOrEqual(LETTER_PAGE.height - LETTER_PAGE.margin);
    }
    // At 10 pt (46 lines or more) a page holds 39 lines of 6 mm.
    expect(layoutLetter(lines(46), measure)).toMatchObject({ linesPerPage: 39, pageCount: 2 });
  });

  it('names the file support-letter-{title in lower case, spaces to hyphens}.pdf', () => {
    expect(letterPdfFilename('Save the Riverside Park')).toBe('support-letter-save-the-riverside-park.pdf');
    expect(letterPdfFilename('Bike  Lanes Now')).toBe('support-letter-bike-lanes-now.pdf');
  });
});

describe("the server's own width table", () => {
  it("matches jsPDF's width for every character it lists, in every font", () => {
    const codes = [...Array.from({ length: 95 }, (_, i) => i + 32), ...Array.from({ length: 96 }, (_, i) => i + 160)];
    for (const font of PDF_FONTS) {
      for (const code of codes) {
        const ch = String.fromCharCode(code);
        expect(standardFontMeasure(ch, font, 12), `${font} ${code}`).toBeCloseTo(measure(ch, font, 12), 6);
      }
    }
  });

  it("is never narrower than jsPDF's kerned text, and close to it, so a letter it fits on one page fits", () => {
    const samples = [PARAGRAPH, 'AVAVAV To: Yolanda W. Tyler, "Quoted" -- 100%', 'Zoë Ñúñez, café, 1234 Élan Ave', 'em \u2014 dash \u201ccurly\u201d'];
    for (const font of PDF_FONTS) {
      for (const s of samples) {
        const real = measure(s, font, 12);
        expect(standardFontMeasure(s, font, 12)).toBeGreaterThanOrEqual(real - 1e-9);
      }
      expect(standardFontMeasure(PARAGRAPH, font, 12)).toBeLessThan(measure(PARAGRAPH, font, 12) * 1.03);
    }
  });
});
