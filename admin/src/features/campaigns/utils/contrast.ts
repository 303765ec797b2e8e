/**
 * WCAG 2.2 contrast arithmetic for the Appearance tab's warning: relative luminance of sRGB
 * colours and the contrast ratio between two of them (1:1 to 21:1).
 */

/** '#rrggbb' (or 'rrggbb') as [r, g, b] in 0..255; null for anything else. */
export function parseHex(hex: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const n = parseInt(m[1]!, 16);
  return [n >> 16, (n >> 8) & 255, n & 255];
}

export const isHexColor = (value: string) => parseHex(value) !== null;

/** WCAG relative luminance: 0 for black, 1 for white. An unreadable colour counts as black. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = (parseHex(hex) ?? [0, 0, 0]).map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, in either order: (lighter + 0.05) / (darker + 0.05). */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** '3.77:1', rounded down so a ratio just short of a threshold never reads as meeting it. */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
}

/** WCAG AA minimums: normal text 4.5:1; large text (24px, or 18.66px bold) and UI parts 3:1. */
export const AA_TEXT = 4.5;
export const AA_LARGE_OR_UI = 3;
