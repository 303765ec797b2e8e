/**
 * The supporter-facing catalogues, one per language, and the Intl formatting that goes with them.
 * Plain values and functions only (no zod): the widget's bundle takes this module.
 */
import { DEFAULT_LANGUAGE, type Language } from '../languages';
import { en, type SupporterTexts } from './en';
import { es } from './es';

export { en } from './en';
export { es } from './es';
export type { SupporterTexts } from './en';

export const CATALOGUES: Record<Language, SupporterTexts> = { en, es };

export const textsFor = (language: Language | null | undefined): SupporterTexts => CATALOGUES[language ?? DEFAULT_LANGUAGE];

// Made once per locale: building an Intl formatter costs far more than using one.
const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();

/**
 * The catalogues' locales write a whole count alike: digits grouped by threes with a comma (US
 * Spanish too: '2,500'), 'one' for 1 alone, Spanish 'many' for whole millions. Done here without
 * Intl for them: a page's first Intl formatter starts ICU, some 50 ms of the page's thread at once
 * in Chromium (four times that on Lighthouse's phone), which would be the widget's longest task on
 * a host page. texts/count.test.ts holds this to Intl's answers.
 */
const WRITTEN_BY_HAND = new Set(['en-US', 'es-US']);
const byHand = (texts: SupporterTexts, n: number) => WRITTEN_BY_HAND.has(texts.locale) && Number.isSafeInteger(n) && n >= 0;

/** A count as the language writes it (US Spanish groups thousands with a comma too: '2,500'). */
export function formatCountIn(texts: SupporterTexts, n: number): string {
  if (byHand(texts, n)) return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
  let f = numberFormats.get(texts.locale);
  if (!f) numberFormats.set(texts.locale, (f = new Intl.NumberFormat(texts.locale)));
  return f.format(n);
}

function pluralOf(texts: SupporterTexts, n: number): Intl.LDMLPluralRule {
  if (byHand(texts, n)) {
    if (n === 1) return 'one';
    return texts.locale === 'es-US' && n > 0 && n % 1_000_000 === 0 ? 'many' : 'other';
  }
  let rules = pluralRules.get(texts.locale);
  if (!rules) pluralRules.set(texts.locale, (rules = new Intl.PluralRules(texts.locale)));
  return rules.select(n);
}

/** A count with its formatted form and plural category, for the texts that agree with it. */
export function countIn(texts: SupporterTexts, n: number) {
  return { n, shown: formatCountIn(texts, n), plural: pluralOf(texts, n) };
}

/** Placeholders filled in, for the texts a page's own script uses ('{title}', '{n}'). */
export const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
