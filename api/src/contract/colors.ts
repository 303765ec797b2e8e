/**
 * WCAG 2.2 contrast arithmetic and the widget's palette: how a campaign's five stored colours become
 * what the widget paints. The widget paints with it and the admin's live preview and contrast
 * warning reason with it, so they cannot drift apart. Colours are '#rrggbb', as the API stores them.
 */

/** WCAG AA minimums: normal text 4.5:1; large text (24px, or 18.66px bold) and UI parts 3:1. */
export const AA_TEXT = 4.5;
export const AA_LARGE_OR_UI = 3;

/** '#rrggbb' (or 'rrggbb') as [r, g, b] in 0..255; null for anything else. */
export function parseHex(hex: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const n = parseInt(m[1]!, 16);
  return [n >> 16, (n >> 8) & 255, n & 255];
}

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

/** `weight` of `a` mixed with `b`, as '#rrggbb'. */
export function mix(a: string, b: string, weight: number): string {
  const ca = parseHex(a) ?? [0, 0, 0];
  const cb = parseHex(b) ?? [0, 0, 0];
  return '#' + ca.map((v, i) => Math.round(v * weight + cb[i]! * (1 - weight)).toString(16).padStart(2, '0')).join('');
}

/** The first candidate reaching `min` on `background`; otherwise near-black or white, whichever reads better. */
export function readableOn(background: string, candidates: string[], min = AA_TEXT): string {
  return (
    candidates.find((c) => contrastRatio(c, background) >= min) ??
    (contrastRatio('#111827', background) >= contrastRatio('#ffffff', background) ? '#111827' : '#ffffff')
  );
}

export interface WidgetColors {
  primary: string;
  secondary: string;
  tabText: string;
  background: string;
  text: string;
}

export interface WidgetPalette {
  /** Background of filled buttons and the selected tab, and its text colour (small text: 4.5:1). */
  accent: string;
  onAccent: string;
  /** Links and small coloured text on the widget background. */
  link: string;
  /** Secondary text: the text colour softened toward the background, kept at 4.5:1. */
  muted: string;
  /** Text colour, forced readable if a campaign pairs it with a background too close to it. */
  text: string;
}

/**
 * A campaign's primary may not carry its tab text (SPEC.md's #059669 carries white at only 3.8:1),
 * so filled controls use the first of primary and secondary on which the campaign's tab text colour
 * reaches 4.5:1; the primary still draws the progress bar, borders and focus rings. The defaults
 * pass as they are (limits.ts), so a campaign on them is painted exactly as stored.
 */
export function widgetPalette(c: WidgetColors): WidgetPalette {
  const accent = [c.primary, c.secondary].find((x) => contrastRatio(x, c.tabText) >= AA_TEXT) ?? c.secondary;
  const text = readableOn(c.background, [c.text]);
  const softened = mix(text, c.background, 0.78);
  return {
    accent,
    onAccent: readableOn(accent, [c.tabText]),
    link: readableOn(c.background, [c.secondary, c.primary, text]),
    muted: contrastRatio(softened, c.background) >= AA_TEXT ? softened : text,
    text,
  };
}
