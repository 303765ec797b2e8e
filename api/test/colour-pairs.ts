import { AA_LARGE_OR_UI, AA_TEXT, contrastRatio, type WidgetColors } from '../src/contract';

/**
 * Every pair of a campaign's stored colours that the widget draws one on the other, with its WCAG
 * 2.2 AA minimum: the pairs the console's contrast warning judges (admin/src/features/campaigns/
 * utils/contrast-checks.ts), and button text on the secondary, where the widget puts buttons when
 * the primary cannot carry their text. Text is 15-16 px, so 4.5:1; the progress bar and focus
 * ring are graphics, 3:1.
 */
export function colourPairs(c: WidgetColors) {
  const pairs: [pair: string, fg: string, bg: string, minimum: number][] = [
    ['tab text on the primary (selected tab, buttons)', c.tabText, c.primary, AA_TEXT],
    ['tab text on the secondary (buttons, when the primary cannot carry it)', c.tabText, c.secondary, AA_TEXT],
    ['text on the background', c.text, c.background, AA_TEXT],
    ['the secondary on the background (links)', c.secondary, c.background, AA_TEXT],
    ['the primary on the background (progress bar, focus ring)', c.primary, c.background, AA_LARGE_OR_UI],
  ];
  return pairs.map(([pair, fg, bg, minimum]) => ({ pair, ratio: contrastRatio(fg, bg), minimum }));
}

/** The pairs of `colourPairs` below their minimum: [] when every one passes. */
export const failingPairs = (c: WidgetColors) => colourPairs(c).filter((k) => k.ratio < k.minimum);

/** A stored campaign's colours in the shape the palette takes. */
export function storedColours(c: {
  widget_primary_color: string;
  widget_secondary_color: string;
  widget_background_color: string;
  widget_text_color: string;
  widget_tab_text_color: string;
}): WidgetColors {
  return {
    primary: c.widget_primary_color,
    secondary: c.widget_secondary_color,
    background: c.widget_background_color,
    text: c.widget_text_color,
    tabText: c.widget_tab_text_color,
  };
}
