/**
 * A letter written to one person: the writer's district representative, where the campaign's
 * boundary set names them and its letters are e-mailed one by one (issue 25 point 7). The letter's
 * address line and greeting name them, in the campaign's language; the decision body is in copy.
 */
import type { Language } from '../contract/languages';
import { personSalutation } from './es/decision-body';

export interface Addressee {
  name: string;
  /** As the organiser typed it ('Council Member'), or null. */
  title: string | null;
  /** Their district's name. */
  district: string;
}

/** Name parts that belong to the surname before it ('de la Cruz', 'van Buren'), in lower case. */
const PARTICLES = new Set(['de', 'del', 'la', 'las', 'los', 'da', 'das', 'do', 'dos', 'di', 'du', 'van', 'von', 'der', 'den', 'le', 'y', 'bin', 'ibn', 'al']);

/** Generational and professional suffixes that follow a surname. */
const SUFFIX = /^(jr|sr|ii|iii|iv|v|phd|md|esq)\.?$/i;

/**
 * The surname a greeting uses: 'Rivera' of 'Ana Rivera', 'de la Cruz' of 'María de la Cruz', 'King'
 * of 'Martin Luther King, Jr.'. A guess only where names are two words or more: 'Ana Rivera Gómez'
 * gives 'Gómez'; an organiser who wants another form types it as the representative's name.
 */
export function surname(name: string): string {
  const words = name.trim().split(/\s+/).map((w) => w.replace(/,$/, ''));
  while (words.length > 1 && SUFFIX.test(words[words.length - 1]!)) words.pop();
  let first = words.length - 1;
  while (first > 1 && PARTICLES.has(words[first - 1]!)) first--;
  return words.slice(first).join(' ');
}

/** 'Council Member Ana Rivera': who they are, as the success screen names them. */
export const addresseeName = (a: Pick<Addressee, 'name' | 'title'>) => `${a.title ? `${a.title} ` : ''}${a.name}`;

/** 'Council Member Ana Rivera, Ward 1': the letter's address line after 'To:' or 'Para:'. */
export const addresseeLine = (a: Addressee) => `${addresseeName(a)}, ${a.district}`;

/** The letter's address line and greeting for this person, in the campaign's language. */
export function addressedTo(language: Language, a: Addressee): { to: string; salutation: string } {
  if (language === 'es') return { to: `Para: ${addresseeLine(a)}`, salutation: personSalutation(a.title, a.name, surname(a.name)) };
  return { to: `To: ${addresseeLine(a)}`, salutation: `Dear ${a.title ? `${a.title} ${surname(a.name)}` : a.name},` };
}

/**
 * The letter's text re-addressed to `target` where it was written to another of the set's
 * representatives (the writer chose one district, the geocoder found another): the address line
 * and greeting Dais wrote are swapped for the target's, and the district in the signature; nothing
 * else. A letter whose writer
 * changed those lines, or that was written to the decision body, is left as it is.
 */
export function readdressed(text: string, language: Language, others: Addressee[], target: Addressee): string {
  const lines = text.split('\n');
  const wanted = addressedTo(language, target);
  for (const other of others) {
    const written = addressedTo(language, other);
    const to = lines.indexOf(written.to);
    const salutation = lines.indexOf(written.salutation);
    if (to === -1 || salutation === -1 || (written.to === wanted.to && written.salutation === wanted.salutation)) continue;
    lines[to] = wanted.to;
    lines[salutation] = wanted.salutation;
    // The district under the writer's city in the signature, the letter's last lines.
    const signed = lines.lastIndexOf(other.district);
    if (signed > salutation) lines[signed] = target.district;
    return lines.join('\n');
  }
  return text;
}
