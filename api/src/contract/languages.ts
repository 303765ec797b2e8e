/**
 * The languages a campaign is written in. A campaign's `language` decides what its supporters see
 * (widget, review, e-mails, pages, the PDF, share texts) and the language its letters are written
 * in. No zod here: the widget imports this module, and zod in the widget's bundle breaks strict host
 * pages (its eval probe is a CSP violation).
 */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** The name of each language in itself, as a language picker shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' };

/**
 * A BCP 47 tag ('es', 'es-MX', 'EN-us') read as one of ours, or null: a host page's `data-lang` or
 * an element's `lang` may name a regional variant.
 */
export function languageOf(tag: string | null | undefined): Language | null {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(primary ?? '') ? (primary as Language) : null;
}
