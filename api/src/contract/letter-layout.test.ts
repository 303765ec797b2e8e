import { describe, expect, it } from 'vitest';
import { standardFontMeasure } from '../letters/font-metrics';
import { jsPdfDoc, jsPdfMeasure } from '../letters/jspdf-measure.test-support';
import {
  effectiveLineCount,
  fnv1a,
  inStandardFonts,
  isRtlLetter,
  isRtlLine,
  layoutAt,
  layoutLetter,
  LETTER_PAGE,
  letterFont,
  letterFontSize,
  letterPdfFilename,
  LINES_KEPT_WITH_CLOSING,
  MIN_PRINT_SIZE,
  PDF_FONTS,
  PRINT_SIZE_STEP,
  printLayout,
  type LetterFace,
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

/** One millimetre a character at every size: line breaks and page counts easy to reason about. */
const mono: LetterFace<'mono'> = { name: 'mono', width: (text, size) => (Array.from(text).length * size) / 12 };
/** A letter of `n` paragraphs of `chars` characters (words of nine letters), a closing and a signature block. */
const longLetter = (paragraphs: number, chars: number) =>
  [
    'Dear Council,',
    '',
    ...Array.from({ length: paragraphs }, (_, p) => Array.from({ length: chars / 10 }, (_, w) => `p${p}w${w}`.padEnd(9, 'x')).join(' ')).flatMap((p) => [p, '']),
    'Sincerely,',
    'Ada Lovelace',
    '1234 Riverside Drive',
    'Springfield, IL 62704',
  ].join('\n');

describe('what the PDF prints (printLayout)', () => {
  it('keeps section 9 layout whenever the letter fits one page at section 9 size', () => {
    const content = `${PARAGRAPH}\n\nSincerely,\nJane Doe`;
    const font = letterFont(content);
    const printed = printLayout(content, { name: font, width: (t, s) => measure(t, font, s) });
    expect(printed).toEqual(layoutLetter(content, measure));
    expect(printed).toMatchObject({ fontSize: 12, specFontSize: 12, pageCount: 1 });
  });

  it('steps the type down half a point at a time, measured with real wrapping, to the largest size that fits one page', () => {
    // 12 paragraphs of 300 characters: 2 lines each at 12 pt (175.9 mm a line), 47 lines in all
    // with blanks and signature: effective count 12 * 1.5 + 17 = 35, so section 9 says 12 pt.
    const content = longLetter(12, 300);
    expect(layoutAt(content, mono, 12)).toMatchObject({ fitsOnePage: false, specFontSize: 12 });
    const printed = printLayout(content, mono);
    expect(printed.fitsOnePage).toBe(true);
    expect(printed.fontSize).toBeLessThan(12);
    expect((printed.fontSize * 2) % 1).toBe(0);
    // The largest: half a point more does not fit.
    expect(layoutAt(content, mono, printed.fontSize + PRINT_SIZE_STEP).fitsOnePage).toBe(false);
    for (const line of printed.positioned) expect(line.y).toBeLessThanOrEqual(LETTER_PAGE.height - LETTER_PAGE.margin);
  });

  it(`goes no smaller than ${MIN_PRINT_SIZE} pt: a longer letter is set at section 9 size over several pages`, () => {
    const content = longLetter(40, 300);
    expect(layoutAt(content, mono, MIN_PRINT_SIZE).fitsOnePage).toBe(false);
    const printed = printLayout(content, mono);
    expect(printed.fontSize).toBe(printed.specFontSize);
    expect(printed.pageCount).toBeGreaterThan(1);
    // Every printed line placed once, in order; no page opens with a blank line.
    expect(printed.positioned.map((p) => p.text).filter(Boolean)).toEqual(printed.lines.filter(Boolean));
    for (let page = 1; page < printed.pageCount; page++) expect(printed.positioned.find((p) => p.page === page)!.text).not.toBe('');
  });

  it('never leaves the closing and signature alone on a page: the last body lines go with them', () => {
    // 98 short body lines, a blank and a six-line closing block: 105 lines, too many for one page
    // even at 7 pt (57), so section 9's 8 pt over pages of 49: a plain break after lines 49 and 98
    // would leave the closing block alone on page 3.
    const body = Array.from({ length: 98 }, (_, i) => `Body line ${i + 1}`);
    const closing = ['Sincerely,', 'Ada Lovelace', '1234 Riverside Drive', 'Springfield, IL 62704', 'ada@example.org', '(217) 555-0142'];
    const printed = printLayout([...body, '', ...closing].join('\n'), mono);
    expect(printed).toMatchObject({ fontSize: 8, linesPerPage: 49, pageCount: 3 });
    const last = printed.positioned.filter((p) => p.page === 2).map((p) => p.text);
    expect(last).toEqual(['Body line 97', 'Body line 98', '', ...closing]);
    expect(printed.positioned.filter((p) => p.page === 1).at(-1)!.text).toBe('Body line 96');

    // A wrapped paragraph's last lines go over too; breaks that fall elsewhere stay where they are.
    const paragraph = Array.from({ length: 60 }, (_, w) => `word${w}`.padEnd(9, 'x')).join(' ');
    const wrapped = printLayout([...body.slice(0, 90), paragraph, ...closing].join('\n'), mono);
    const lastPage = wrapped.positioned.filter((p) => p.page === wrapped.pageCount - 1).map((p) => p.text);
    expect(lastPage.length).toBe(LINES_KEPT_WITH_CLOSING + closing.length);
    expect(lastPage.slice(-closing.length)).toEqual(closing);
    const list = Array.from({ length: 120 }, (_, i) => `Item ${i}`).join('\n');
    expect(printLayout(list, mono).positioned.map((p) => p.page)).toEqual(Array.from({ length: 120 }, (_, i) => Math.floor(i / 49)));
  });

  it('breaks Chinese between characters, never before closing punctuation, and cuts no character in two', () => {
    const text = '我是春田市的一名家长，写信支持在河滨大道修建受保护的自行车道。'.repeat(8);
    const layout = layoutAt(text, mono, 12);
    expect(layout.lines.join('')).toBe(text);
    expect(layout.lines.length).toBeGreaterThan(1);
    for (const line of layout.lines.slice(0, -1)) expect(Array.from(line).length).toBeGreaterThan(170);
    for (const line of layout.lines) expect(line).not.toMatch(/^[，。]/);
    // A word of emoji (two UTF-16 units each) wider than the page is cut between characters.
    const emoji = layoutAt('🚲'.repeat(400), mono, 12);
    expect(emoji.lines.every((l) => !/[\ud800-\udbff]$/.test(l))).toBe(true);
    expect(emoji.lines.join('')).toBe('🚲'.repeat(400));
  });

  it('sets a letter written mostly in Hebrew or Arabic flush right, each line in its own base direction', () => {
    const content = 'שלום לחברי המועצה,\nSincerely,\n12';
    const layout = layoutAt(content, mono, 12);
    expect(layout.rtl).toBe(true);
    expect(layout.positioned.map((p) => p.rtl)).toEqual([true, false, true]);
    for (const p of layout.positioned) expect(p.x + mono.width(p.text, 12)).toBeCloseTo(LETTER_PAGE.width - LETTER_PAGE.margin, 6);
    const english = layoutAt('Dear Council,\nليلى عبد الله', mono, 12);
    expect(english.rtl).toBe(false);
    expect(english.positioned.map((p) => [p.x, p.rtl])).toEqual([
      [LETTER_PAGE.margin, false],
      [LETTER_PAGE.margin, true],
    ]);
    expect(isRtlLetter('Sincerely, ليلى')).toBe(false);
    expect(isRtlLine('12, ליד', false)).toBe(true);
  });

  it('knows which letters the standard fonts can print (WinAnsi)', () => {
    expect(inStandardFonts('Zoë Ñúñez — “Café” €5 • Œuvre š ž Ÿ ™\r\n')).toBe(true);
    for (const s of ['Łukasz', 'Nguyễn', 'Γιώργος', 'Смирнова', 'שלום', 'سلام', '王', '🚲', 'a\tb']) expect(inStandardFonts(s), s).toBe(false);
  });
});
