import { jsPDF } from 'jspdf';

/**
 * Arabic shaping and the Unicode bidi algorithm, both jsPDF's own. jsPDF shapes Arabic by turning
 * each letter into the presentation form its neighbours call for (initial, medial, final,
 * isolated; lam-alef ligatures), which the Arabic font maps directly; no OpenType shaper is
 * needed, and none could run under a host page's CSP without 'wasm-unsafe-eval'. Its bidi engine
 * (`__bidiEngine__`, the one its text() option `isInputVisual` drives) is used directly so that
 * the PDF can draw each run in its own font and right-to-left runs in reading order.
 */

interface BidiOptions {
  isInputVisual: boolean;
  isOutputVisual: boolean;
  isInputRtl: boolean;
  isOutputRtl: boolean;
  isSymmetricSwapping: boolean;
}
interface BidiEngine {
  /** Fills `sourceToTarget` as target index -> source index and `levels` by source index. */
  doBidiReorder(text: string, sourceToTarget: number[], levels: number[]): string;
}
const jsPdfInternals = jsPDF as unknown as {
  __bidiEngine__: new (options: BidiOptions) => BidiEngine;
  API: { processArabic(text: string): string };
};

/** Arabic letters in their contextual presentation forms; every other character as it was. */
export function shapeArabic(text: string): string {
  return jsPdfInternals.API.processArabic(text);
}

/** The characters a text prints as: its own and the presentation forms of its Arabic letters. */
export function printedCodePoints(text: string): Set<number> {
  const codePoints = new Set<number>();
  for (const ch of `${text}${shapeArabic(text)}`) if (ch !== '\n' && ch !== '\r') codePoints.add(ch.codePointAt(0)!);
  return codePoints;
}

export interface VisualChar {
  ch: string;
  /** In a right-to-left run (an odd embedding level). */
  rtl: boolean;
}

/**
 * A line (in logical order, already shaped, BMP only) in display order from left to right, each
 * character marked with its run's direction; mirrored characters such as brackets swapped in
 * right-to-left runs. `rtlBase` is the paragraph's direction.
 */
export function visualOrder(text: string, rtlBase: boolean): VisualChar[] {
  // A fresh engine each time: it keeps the direction it guessed for the last text as state.
  const engine = new jsPdfInternals.__bidiEngine__({
    isInputVisual: false,
    isOutputVisual: true,
    isInputRtl: rtlBase,
    isOutputRtl: false,
    isSymmetricSwapping: true,
  });
  const sourceToTarget: number[] = [];
  const levels: number[] = [];
  const visual = engine.doBidiReorder(text, sourceToTarget, levels);
  return visual.split('').map((ch, i) => ({ ch, rtl: (levels[sourceToTarget[i]!]! & 1) === 1 }));
}

/** text() options that keep jsPDF from reordering what visualOrder already put in display order. */
export const AS_DRAWN = { isInputVisual: true, isOutputVisual: true, isInputRtl: false, isOutputRtl: false } as const;
