/**
 * The Appearance tab's warning: which pairs of the chosen colours are too close to read
 * (WCAG 2.2 AA). The widget softens some failures on its own (see widget-palette.ts); each
 * failing check says so, so the admin knows what supporters will actually see.
 */
import { AA_LARGE_OR_UI, AA_TEXT, contrastRatio, formatRatio } from './contrast';
import { widgetPalette, type WidgetColors } from '@dais/api/contract';

export interface ContrastCheck {
  id: 'text-on-background' | 'tab-text-on-primary' | 'secondary-on-background' | 'primary-on-background';
  /** What is drawn on what, as a person would say it. */
  pair: string;
  ratio: number;
  minimum: number;
  passes: boolean;
  /** What the widget does about a failure, if anything. */
  widgetFallback?: string;
}

export function contrastChecks(c: WidgetColors): ContrastCheck[] {
  const palette = widgetPalette(c);
  const check = (id: ContrastCheck['id'], pair: string, fg: string, bg: string, minimum: number): ContrastCheck => {
    const ratio = contrastRatio(fg, bg);
    return { id, pair, ratio, minimum, passes: ratio >= minimum };
  };

  const checks = [
    check('text-on-background', 'Text color on the background color', c.text, c.background, AA_TEXT),
    // Tab labels and button text are 15-16px semi-bold: normal-size text, so 4.5:1 (3:1 would
    // apply only from 18.66px bold).
    check('tab-text-on-primary', 'Tab text color on the primary color (tabs and buttons)', c.tabText, c.primary, AA_TEXT),
    check('secondary-on-background', 'Secondary color on the background color (links)', c.secondary, c.background, AA_TEXT),
    // The progress bar and focus rings are graphics, not text: 3:1 (WCAG 1.4.11).
    check('primary-on-background', 'Primary color on the background color (progress bar, focus ring)', c.primary, c.background, AA_LARGE_OR_UI),
  ];

  for (const k of checks) {
    if (k.passes) continue;
    if (k.id === 'text-on-background' && palette.text !== c.text) {
      k.widgetFallback = `The widget will show text in ${palette.text} instead so it stays readable.`;
    } else if (k.id === 'tab-text-on-primary') {
      k.widgetFallback =
        palette.accent !== c.primary && contrastRatio(c.tabText, palette.accent) >= AA_TEXT
          ? `The widget will draw tabs and buttons on the secondary color instead (${formatRatio(contrastRatio(c.tabText, palette.accent))}).`
          : `The widget will show tab text in ${palette.onAccent} instead so it stays readable.`;
    } else if (k.id === 'secondary-on-background' && palette.link !== c.secondary) {
      k.widgetFallback = `The widget will show links in ${palette.link} instead.`;
    }
  }
  return checks;
}

export const failingChecks = (c: WidgetColors) => contrastChecks(c).filter((k) => !k.passes);
