/**
 * How the widget turns a campaign's five colours into what it paints, so the live preview shows
 * what supporters will see. This MIRRORS widget/src/colors.ts palette() (admin may not import the
 * widget's source); keep the two in step.
 */
import { AA_TEXT, contrastRatio } from './contrast';

export interface WidgetColors {
  primary: string;
  secondary: string;
  background: string;
  text: string;
  tabText: string;
}

export interface WidgetPalette {
  /** Behind filled buttons and the selected tab. */
  accent: string;
  /** Text on the accent. */
  onAccent: string;
  /** Links and small coloured text on the background. */
  link: string;
  /** Secondary text. */
  muted: string;
  text: string;
}

/** `weight` of `a` mixed with `b`, as '#rrggbb'. */
export function mix(a: string, b: string, weight: number): string {
  const channels = (hex: string) => {
    const n = parseInt(hex.replace('#', ''), 16) || 0;
    return [n >> 16, (n >> 8) & 255, n & 255];
  };
  const cb = channels(b);
  return '#' + channels(a).map((v, i) => Math.round(v * weight + cb[i]! * (1 - weight)).toString(16).padStart(2, '0')).join('');
}

/** The first candidate reaching `min` on `background`, else near-black or white, whichever reads better. */
export function readableOn(background: string, candidates: string[], min = AA_TEXT): string {
  return (
    candidates.find((c) => contrastRatio(c, background) >= min) ??
    (contrastRatio('#111827', background) >= contrastRatio('#ffffff', background) ? '#111827' : '#ffffff')
  );
}

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
