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

/** A count as the language writes it (US Spanish groups thousands with a comma too: '2,500'). */
export function formatCountIn(texts: SupporterTexts, n: number): string {
  let f = numberFormats.get(texts.locale);
  if (!f) numberFormats.set(texts.locale, (f = new Intl.NumberFormat(texts.locale)));
  return f.format(n);
}

/** A count with its formatted form and plural category, for the texts that agree with it. */
export function countIn(texts: SupporterTexts, n: number) {
  let rules = pluralRules.get(texts.locale);
  if (!rules) pluralRules.set(texts.locale, (rules = new Intl.PluralRules(texts.locale)));
  return { n, shown: formatCountIn(texts, n), plural: rules.select(n) };
}

/** Placeholders filled in, for the texts a page's own script uses ('{title}', '{n}'). */
export const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
