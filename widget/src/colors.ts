/**
 * Contrast arithmetic (WCAG 2.2 relative luminance) so text on campaign colours stays readable
 * without changing the colours the campaign stores. Colours are '#rrggbb', as the API stores them.
 */

const channels = (hex: string): number[] => {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  const n = m ? parseInt(m[1]!, 16) : 0;
  return [n >> 16, (n >> 8) & 255, n & 255];
};

function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** `weight` of `a` mixed with `b`, as '#rrggbb'. */
export function mix(a: string, b: string, weight: number): string {
  const ca = channels(a);
  const cb = channels(b);
  return '#' + ca.map((v, i) => Math.round(v * weight + cb[i]! * (1 - weight)).toString(16).padStart(2, '0')).join('');
}

/** The first candidate reaching `min` against `bg`; otherwise black or white, whichever reads better. */
export function readableOn(bg: string, candidates: string[], min = 4.5): string {
  return (
    candidates.find((c) => contrast(c, bg) >= min) ??
    (contrast('#111827', bg) >= contrast('#ffffff', bg) ? '#111827' : '#ffffff')
  );
}

export interface WidgetColors {
  primary: string;
  secondary: string;
  tabText: string;
  background: string;
  text: string;
}

export interface Palette {
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
 * The default primary #059669 carries white text at only 3.8:1, so filled controls use the first
 * of primary and secondary on which the campaign's tab text colour reaches 4.5:1 (by default the
 * secondary, 5.5:1); the primary still draws the progress bar, borders and focus rings.
 */
export function palette(c: WidgetColors): Palette {
  const accent = [c.primary, c.secondary].find((x) => contrast(x, c.tabText) >= 4.5) ?? c.secondary;
  const text = readableOn(c.background, [c.text]);
  const softened = mix(text, c.background, 0.78);
  return {
    accent,
    onAccent: readableOn(accent, [c.tabText]),
    link: readableOn(c.background, [c.secondary, c.primary, text]),
    muted: contrast(softened, c.background) >= 4.5 ? softened : text,
    text,
  };
}
