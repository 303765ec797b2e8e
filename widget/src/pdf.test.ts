import { describe, expect, it } from 'vitest';
import { letterPdf } from './pdf';

const LETTER = [
  'May 14, 2026',
  '',
  'Riverside City Council',
  '',
  'Dear Members of the City Council,',
  '',
  'As a parent in Springfield, I am writing in support of protected bike lanes on Riverside Drive. Eleven people were seriously hurt on this corridor in the last three years alone, and my children cross it every day on their way to school.',
  '',
  'Sincerely,',
  'Ada Lovelace',
].join('\n');

/** The text jsPDF drew on the page, from its content stream: '(text) Tj' operators. */
const drawnText = (pdf: string) => [...pdf.matchAll(/\((.*)\) Tj/g)].map((m) => m[1]).join('\n');

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
    expect(doc.getFont().fontName).toBe('helvetica');
    const text = drawnText(doc.output());
    expect(text).toContain('Dear Members of the City Council,');
    expect(text).toContain('Ada Lovelace');
    // The long paragraph is wrapped, not cut: its last words are on the page.
    expect(text).toContain('way to school.');
  });

  it('shrinks the type for long letters and continues on a second page rather than cutting text off', () => {
    const long = Array.from({ length: 50 }, (_, i) => `Line number ${i}`).join('\n');
    const { layout, doc } = letterPdf(long, 'Safe Streets');
    expect(layout.fontSize).toBe(10);
    expect(doc.getNumberOfPages()).toBe(layout.pageCount);
    expect(layout.pageCount).toBe(2);
    const text = drawnText(doc.output());
    for (const i of [0, 25, 49]) expect(text).toContain(`Line number ${i}`);
  });

  it("names the file 'support-letter-' plus the title in lower case with hyphens", () => {
    expect(letterPdf(LETTER, 'Safe Streets for Riverside').filename).toBe('support-letter-safe-streets-for-riverside.pdf');
  });
});
