import { describe, expect, it } from 'vitest';
import { shapeArabic, visualOrder } from './shaping';

/** The display order as a string, right-to-left runs marked with their characters' direction. */
const shown = (text: string, rtl: boolean) => visualOrder(text, rtl).map((c) => c.ch).join('');
const directions = (text: string, rtl: boolean) => visualOrder(text, rtl).map((c) => (c.rtl ? 'R' : 'L')).join('');

// These pin jsPDF's internal bidi engine (`__bidiEngine__`), which the PDF uses directly: an
// upgrade of jsPDF that changes it fails here first.
describe("jsPDF's bidi engine, as the letter PDF drives it", () => {
  it('reverses a right-to-left line into display order, whatever direction it guesses by itself', () => {
    expect(shown('שלום עולם', true)).toBe('םלוע םולש');
    expect(directions('שלום עולם', true)).toBe('RRRRRRRRR');
  });

  it('keeps numbers and Latin words left to right inside a right-to-left line', () => {
    expect(shown('רחוב הרצל 12', true)).toBe('12 לצרה בוחר');
    expect(directions('רחוב הרצל 12', true)).toBe('LLRRRRRRRRRR');
    expect(shown('שלום abc', true)).toBe('abc םולש');
    expect(shown('14 مايو 2026', true)).toBe('2026 ويام 14');
  });

  it('mirrors brackets in right-to-left runs, so they still open towards their words', () => {
    expect(shown('(ליד)', true)).toBe('(דיל)');
  });

  it('reverses only the right-to-left run inside a left-to-right line', () => {
    expect(shown('Name: נועה לוי, Springfield', false)).toBe('Name: יול העונ, Springfield');
    expect(directions('Hi שלום', false)).toBe('LLLRRRR');
  });
});

describe("jsPDF's Arabic shaping", () => {
  it('gives each letter the form its neighbours call for, and lam-alef its ligature', () => {
    // ليلى: lam initial, yeh medial, lam medial, alef maksura final.
    expect(shapeArabic('ليلى')).toBe('\uFEDF\uFEF4\uFEE0\uFEF0');
    // لا: the lam-alef ligature, one glyph.
    expect(shapeArabic('لا')).toBe('\uFEFB');
    expect(shapeArabic('Hello, שלום')).toBe('Hello, שלום');
  });
});
