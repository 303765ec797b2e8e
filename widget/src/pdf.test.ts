import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LETTER_PAGE, MIN_PRINT_SIZE } from '@dais/api/contract';
import { loadLetterFonts, type ReadFont } from './letter-pdf/fonts';
import { pageLines, pdfFonts, pdfInfo, pdfRawText, pdfText } from './letter-pdf/poppler.test-support';
import { letterPdf, renderLetterPdf } from './pdf';

/** Under vitest the fonts are the build's cached files (file: URLs); the browser fetches them from the Dais server. */
const readFont: ReadFont = (url) => fs.promises.readFile(new URL(url));
const render = async (content: string) => {
  const pdf = await renderLetterPdf(content, 'Safe Streets', readFont);
  return { ...pdf, bytes: pdf.doc.output('arraybuffer') };
};
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Words without punctuation and Arabic vowel marks (text extraction places those by its own rules). */
const bareWords = (text: string) =>
  text
    .replace(/[\u064b-\u065f\u0670]/g, '')
    .replace(/[()،,.:]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
/** Every line's words read from right to left, as a reader of Arabic or Hebrew reads the page. */
const wordsRightToLeft = (bytes: ArrayBuffer) =>
  pageLines(bytes).flatMap((words) => bareWords([...words].sort((a, b) => b.xMax - a.xMax).map((w) => w.text).join(' ')));

const letter = (name: string, body: string[], address = ['1234 Riverside Drive', 'Springfield, IL 62704']) =>
  [
    'May 14, 2026',
    '',
    'Riverside City Council',
    '',
    'Dear Members of the City Council,',
    '',
    ...body.flatMap((p, i) => (i ? ['', p] : [p])),
    '',
    'Sincerely,',
    name,
    ...address,
  ].join('\n');

const PARAGRAPH =
  'As a parent in Springfield, I am writing in support of protected bike lanes on Riverside Drive. Eleven people were seriously hurt on this corridor in the last three years alone, and my children cross it every day on their way to school.';
const LETTER = letter('Ada Lovelace', [PARAGRAPH]);

describe('letter PDF (SPEC.md section 9)', () => {
  it('puts a typical letter on one US Letter page with the font and size the spec picks', () => {
    const { doc, layout } = letterPdf(LETTER, 'Safe Streets');
    expect(doc.getNumberOfPages()).toBe(1);
    expect(doc.internal.pageSize.getWidth()).toBeCloseTo(215.9, 1);
    expect(doc.internal.pageSize.getHeight()).toBeCloseTo(279.4, 1);
    // The spec's font for this text, by its hash (SPEC.md section 9).
    expect(layout.font).toBe('helvetica');
    expect(layout.fontSize).toBe(12);
    expect(layout.lineHeight).toBeCloseTo(7.2, 5);
    const text = pdfText(doc.output('arraybuffer'));
    expect(text).toContain('Dear Members of the City Council,');
    expect(text).toContain('Ada Lovelace');
    // The long paragraph is wrapped, not cut: its last words are on the page.
    expect(text).toContain('way to school.');
  });

  it('prints a Western letter in the standard font section 9 picks, and lists no other font', async () => {
    for (const [name, font, listed] of [
      ['Ada Lovelace', 'helvetica', 'Helvetica'],
      ['Zoë Ñúñez — “Café” €5', 'courier', 'Courier'],
      ['Renée O’Brien', 'times', 'Times-Roman'],
    ] as const) {
      const { layout, bytes } = await render(letter(name, [PARAGRAPH]));
      expect(layout.font, name).toBe(font);
      expect(pdfFonts(bytes)).toEqual([{ name: listed, type: 'Type 1', embedded: false }]);
      expect(pdfText(bytes)).toContain(name);
    }
  });

  it("names the file 'support-letter-' plus the title in lower case with hyphens", () => {
    expect(letterPdf(LETTER, 'Safe Streets for Riverside').filename).toBe('support-letter-safe-streets-for-riverside.pdf');
  });
});

describe('letter PDF for every name: embedded Unicode fonts', () => {
  it('prints "Łukasz Wójcik-Nguyễn" in Noto Sans, embedded, loading only the Latin, Latin Extended-A and Vietnamese files', async () => {
    const content = letter('Łukasz Wójcik-Nguyễn', [PARAGRAPH], ['ul. Piotrkowska 104', 'Łódź, Đà Nẵng']);
    expect((await loadLetterFonts(content, readFont)).map((f) => f.id)).toEqual(['NotoSans-Latin', 'NotoSans-LatinExtA', 'NotoSans-Vietnamese']);
    const { bytes, layout } = await render(content);
    expect(layout).toMatchObject({ font: 'noto-sans', fontSize: 12, pageCount: 1 });
    const text = pdfText(bytes);
    expect(text).toContain('Łukasz Wójcik-Nguyễn');
    expect(text).toContain('Łódź, Đà Nẵng');
    expect(oneLine(text)).toContain(oneLine(PARAGRAPH));
    const fonts = pdfFonts(bytes);
    expect(fonts.map((f) => f.name).sort()).toEqual(['NotoSans-Latin', 'NotoSans-LatinExtA', 'NotoSans-Vietnamese']);
    expect(fonts.every((f) => f.type === 'CID TrueType' && f.embedded)).toBe(true);
  });

  it('prints Greek and Cyrillic', async () => {
    const { bytes } = await render(letter('Γιώργος Παπαδόπουλος, Екатерина Смирнова', [PARAGRAPH]));
    expect(pdfText(bytes)).toContain('Γιώργος Παπαδόπουλος, Екатерина Смирнова');
  });

  it('sets an Arabic letter right to left, shaped, flush right, in reading order for anyone who copies it', async () => {
    const arabic = 'أكتب إليكم دعماً لإنشاء ممرات آمنة للدراجات في شارع ريفرسايد، حيث أصيب أحد عشر شخصاً في السنوات الثلاث الماضية.';
    const content = ['14 مايو 2026', '', 'إلى أعضاء مجلس المدينة،', '', arabic, '', 'مع خالص التحية،', 'ليلى عبد الله', 'شارع النيل 12، القاهرة'].join('\n');
    expect((await loadLetterFonts(content, readFont)).map((f) => f.id)).toEqual(['NotoSans-Latin', 'NotoSansArabic']);
    const { bytes, layout } = await render(content);
    expect(layout.rtl).toBe(true);
    // On the page: every line's words run from right to left in the order they were typed.
    expect(wordsRightToLeft(bytes)).toEqual(bareWords(content));
    // Copied out (pdftotext), a line of words comes in logical order: what was typed.
    const text = pdfText(bytes);
    for (const line of ['إلى أعضاء مجلس المدينة،', 'مع خالص التحية،', 'ليلى عبد الله']) expect(text).toContain(line);
    // Shaped: each letter drawn in the form its neighbours call for (Presentation Forms-B), e.g. ليلى
    // as lam initial, yeh medial, lam medial, alef maksura final; never four isolated letters.
    expect(pdfRawText(bytes)).toContain('\uFEDF\uFEF4\uFEE0\uFEF0');
    // Flush right: every line ends at the right margin (612 pt page, 20 mm = 56.7 pt margins).
    const right = 612 - (LETTER_PAGE.margin * 72) / 25.4;
    for (const line of pageLines(bytes)) expect(Math.max(...line.map((w) => w.xMax))).toBeCloseTo(right, 0);
  });

  it('sets a Hebrew letter right to left with its numbers left to right, and a Hebrew name inside an English letter in place', async () => {
    const hebrew = ['לכבוד חברי מועצת העיר,', '', 'אני כותבת כדי לתמוך בשבילי אופניים מוגנים ברחוב הרצל 12 (ליד בית הספר).', '', 'בברכה,', 'נועה לוי'].join('\n');
    const { bytes } = await render(hebrew);
    expect(wordsRightToLeft(bytes)).toEqual(bareWords(hebrew));
    const text = pdfText(bytes);
    expect(text).toContain('לכבוד חברי מועצת העיר,');
    expect(text).toContain('אני כותבת כדי לתמוך בשבילי אופניים מוגנים ברחוב הרצל');
    expect(text).toContain('נועה לוי');
    // '12' reads left to right inside the right-to-left line (its glyphs are not reversed).
    expect(pageLines(bytes).flat().map((w) => w.text)).toContain('12');

    const mixed = await render(letter('נועה לוי (Noa Levi)', [PARAGRAPH]));
    expect(mixed.layout.rtl).toBe(false);
    const mixedText = pdfText(mixed.bytes);
    expect(mixedText).toContain('נועה לוי');
    expect(mixedText).toContain('Noa Levi');
    expect(oneLine(mixedText)).toContain(oneLine(PARAGRAPH));
    // Left-aligned like the rest of the English letter; the line, Hebrew from its first letter,
    // reads from the right: נועה, לוי, then the transliteration.
    const name = pageLines(mixed.bytes).find((l) => l.some((w) => w.text === 'Levi)'))!;
    expect(name.map((w) => w.text)).toEqual(['(Noa', 'Levi)', 'לוי', 'נועה']);
    expect(name[0]!.xMin).toBeCloseTo((LETTER_PAGE.margin * 72) / 25.4, 0);
  });

  it('prints Chinese from only the Chinese slices its characters are in, breaking lines between characters', async () => {
    const chinese =
      '我是春田市的一名家长，写信支持在河滨大道修建受保护的自行车道。过去三年里，这条走廊上有十一人受重伤，而我的孩子每天上学都要穿过这条路。受保护的自行车道能把骑车的人与车流隔开，让孩子、老人和上班族都能安全出行。';
    const content = letter('王小明', [chinese, PARAGRAPH], ['河滨大道1234号', '春田市，伊利诺伊州 62704']);
    const fonts = await loadLetterFonts(content, readFont);
    const ids = fonts.map((f) => f.id);
    expect(ids[0]).toBe('NotoSans-Latin');
    expect(ids.slice(1).every((id) => id.startsWith('NotoSansSC-'))).toBe(true);
    // About a hundred slices exist; a letter loads the few its characters are in.
    expect(ids.length).toBeLessThan(20);
    const { bytes, layout } = await render(content);
    expect(layout.fitsOnePage).toBe(true);
    const text = pdfText(bytes).replace(/\s+/g, '');
    expect(text).toContain(chinese);
    expect(text).toContain('王小明');
    // The paragraph breaks where the page ends, not at the one space-free 'word' it is.
    const wrapped = layout.lines.filter((l) => l !== '' && chinese.includes(l));
    expect(wrapped.join('')).toBe(chinese);
    expect(wrapped.length).toBeGreaterThan(2);
    for (const line of wrapped.slice(0, -1)) expect(line.length).toBeGreaterThan(20);
    // No line starts with a comma or full stop (they stay with the character before them).
    for (const line of layout.lines) expect(line).not.toMatch(/^[，。、]/);
  });

  it('marks a character no font has (an emoji) as missing rather than dropping the rest of the line', async () => {
    const { bytes } = await render(letter('Ana Łoś 🚲 rider', [PARAGRAPH]));
    expect(pdfText(bytes)).toContain('Ana Łoś \uFFFD rider');
  });
});

describe('letter PDF: one page whenever it can be, never a signature alone', () => {
  it('fits a 2,000-character edited letter on one page by stepping the type down, every word printed', async () => {
    const paragraphs = [
      PARAGRAPH,
      'Protected lanes separate cyclists from traffic with a curb or a row of parked cars. Cities that built them, from Minneapolis to Seville, saw injuries fall by a third or more, and local shops reported more customers, not fewer, once people could reach them safely on a bicycle.',
      'I ride this corridor to work every morning. Last spring a delivery van turned across the painted lane in front of me; I was lucky to walk away with a broken wrist. Paint is not protection, and the next person may not be so lucky.',
      'Please vote to fund the protected lanes in this year\'s capital plan, and to build them before the new school opens on the corner of Riverside and Fifth in September.',
      'Thank you for your time and for your service to our city. I would be glad to speak at the hearing if that would help.',
    ];
    const content = letter('Ada Lovelace', paragraphs, ['1234 Riverside Drive, Apt 5', 'Springfield, IL 62704', 'ada.lovelace@example.org', '(217) 555-0142']);
    const edited = `${content}\n\nP.S. ${'My neighbours on Fifth Street asked me to add their voices to mine. '.repeat(20)}`.slice(0, 2000);
    expect(edited).toHaveLength(2000);
    const { bytes, layout } = await render(edited);
    expect(pdfInfo(bytes).Pages).toBe('1');
    expect(layout.fontSize).toBeLessThan(layout.specFontSize);
    expect(layout.fontSize).toBeGreaterThanOrEqual(MIN_PRINT_SIZE);
    expect(oneLine(pdfText(bytes))).toBe(oneLine(edited));

    const chinese = `${'受保护的自行车道能把骑车的人与车流隔开，让孩子、老人和上班族都能安全出行。'.repeat(60)}`.slice(0, 2000);
    const cjk = await render(letter('王小明', [chinese]));
    expect(pdfInfo(cjk.bytes).Pages).toBe('1');
    expect(pdfText(cjk.bytes).replace(/\s+/g, '')).toContain(chinese);
  });

  it('keeps the closing and signature with the last body lines when a letter must take several pages', async () => {
    // 98 body lines, a blank and a six-line signature block: at 8 pt (49 lines a page) the pages
    // would break after lines 49 and 98, leaving the signature alone on page 3.
    const body = Array.from({ length: 98 }, (_, i) => `Body line ${i + 1}.`);
    const content = [...body, '', 'Sincerely,', 'Ada Lovelace', '1234 Riverside Drive', 'Springfield, IL 62704', 'ada@example.org', '(217) 555-0142'].join('\n');
    const { bytes, layout } = await render(content);
    expect(layout).toMatchObject({ fontSize: 8, linesPerPage: 49, pageCount: 3 });
    expect(pdfInfo(bytes).Pages).toBe('3');
    const last = pdfText(bytes, 3);
    expect(last).toContain('Body line 97.');
    expect(last).toContain('Body line 98.');
    expect(last).toContain('Sincerely,');
    expect(last).toContain('(217) 555-0142');
    // Nothing lost or doubled.
    const all = pdfText(bytes);
    for (const line of body) expect(all.split(/[\n\f]/).filter((l) => l === line)).toHaveLength(1);
  });
});
