/**
 * Small, pure text helpers for the letter writer. Generated English text stays in plain ASCII
 * punctuation (straight quotes, no dashes) so it prints the same in all three PDF fonts and every
 * mail client; Spanish adds only what WinAnsi has (accents, ñ, ¿ ¡ « »).
 *
 * Reading an organiser's text into sentences depends on its language (Spanish sentences may open
 * with '¿', '¡' or 'Á'; its abbreviations and its words that lean on the sentence before are its
 * own), so those helpers take the letter's language, English when none is given.
 */
import { fnv1a } from '../contract/letter-layout';
import type { Language } from '../contract/languages';

const MONTHS: Record<Language, readonly string[]> = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  es: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
};

/**
 * '2026-12-03' -> 'December 3, 2026' or '3 de diciembre de 2026' (read from the string itself: no
 * time zone can shift it).
 */
export function humanDate(isoDate: string, language: Language = 'en'): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  const month = MONTHS[language][(m ?? 1) - 1];
  if (!month || !y || !d) return isoDate;
  return language === 'es' ? `${d} de ${month} de ${y}` : `${month} ${d}, ${y}`;
}

/**
 * FNV-1a, then MurmurHash3's finalizer: FNV-1a alone keeps its low bits nearly blind to the last
 * characters of the text, so a small modulus picked the same variant for letters that differ
 * only in their chosen points. The finalizer mixes every input bit into every output bit.
 */
export function variantHash(text: string): number {
  let h = fnv1a(text);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Picks one of `options`, the same one every time for the same seed and salt. */
export function pick<T>(options: readonly T[], seed: string, salt: string): T {
  return options[variantHash(`${salt}\u0000${seed}`) % options.length]!;
}

/**
 * `options` in an order fixed by the seed and salt (Fisher-Yates driven by FNV-1a), so a letter
 * can take distinct variants for its paragraphs, and another letter other ones.
 */
export function shuffled<T>(options: readonly T[], seed: string, salt: string): T[] {
  const out = [...options];
  for (let i = out.length - 1; i > 0; i--) {
    const j = variantHash(`${salt}\u0000${i}\u0000${seed}`) % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * How each language's text falls into sentences. English keeps the rules it always had; Spanish
 * opens sentences with '¿', '¡', '«' and accented capitals, closes quotes with '»', and has its
 * own abbreviations, words that lean back and calls to supporters.
 */
interface SentenceRules {
  /** The end of a sentence: '.', '!' or '?' and any closing quotes or brackets. */
  end: RegExp;
  /** The space between two sentences. */
  split: RegExp;
  /** A full stop after these does not end a sentence ('St. Louis', 'Dr. King', 'Sra. Núñez'). */
  abbreviation: RegExp;
  /** A sentence that leans on the one before it: it cannot stand where that one is left out. */
  leansBack: RegExp;
  /**
   * Sentences a description addresses to supporters, not to the decision body: calls to join, sign
   * or share, and instructions to write to officials ('Tell the commissioners...', 'Dígale al alcalde...').
   */
  callToAction: RegExp;
  /** A line with its first letter capitalised. */
  capitalised: (line: string) => string;
}

// Spanish words are bounded by letters, not by \b (which sees 'ó' as a boundary).
const word = (alternatives: string) => `(?<![\\p{L}\\p{N}])(?:${alternatives})(?![\\p{L}\\p{N}])`;

const RULES: Record<Language, SentenceRules> = {
  en: {
    end: /[.!?]["')\]]*$/,
    split: /(?<=[.!?]["')\]]*) (?=["'(\[]?[A-Z0-9])/,
    abbreviation: /\b(St|Dr|Mr|Mrs|Ms|No|Nos|Ave|Blvd|Rd|Jr|Sr|Mt|Ft|vs|etc|approx|Inc|Co|e\.g|i\.e|U\.S|a\.m|p\.m)\.$/i,
    leansBack:
      /^["'(]?(this|that|these|those|it|its|they|their|them|such|so|also|but|and|or|however|therefore|thus|then|still|yet|instead|even so|as a result|in addition|for example|for instance|meanwhile|otherwise|which)\b/i,
    callToAction:
      /\b(join us|sign (the|our|this)|petition|share this|click|donate|add your (name|voice)|help us|take action)\b|^(tell|ask|urge|write to|e-?mail|call|contact|let)\b/i,
    capitalised: (line) => line.charAt(0).toUpperCase() + line.slice(1),
  },
  es: {
    end: /[.!?]["')\]»”]*$/,
    split: /(?<=[.!?]["')\]»”]*) (?=["'(\[«“¿¡]*[\p{Lu}0-9])/u,
    abbreviation: new RegExp(`${word('sr|sra|srta|dr|dra|lic|ing|arq|prof|av|avda|sto|sta|núm|pág|etc|aprox|ej|ud|uds|cía|ee|a\\. ?m|p\\. ?m')}\\.$`, 'iu'),
    leansBack: new RegExp(
      `^["'(«]?${word(
        'esto|eso|esta|ese|esa|estos|esos|estas|esas|ello|ellos|ellas|él|su|sus|tal|tales|así|también|tampoco|pero|y|e|o|u|ni|' +
          'sin embargo|no obstante|por eso|por ello|por lo tanto|por tanto|por consiguiente|además|asimismo|entonces|aun así|' +
          'aún así|en cambio|por ejemplo|mientras tanto|de lo contrario|lo cual|la cual|lo que|cuyo|cuya|incluso|todavía|allí|ahí|dicho|dicha|dichos|dichas',
      )}`,
      'iu',
    ),
    callToAction: new RegExp(
      word(
        'únete|únase|únanse|súmate|súmese|súmense|(?:firma|firme|firmen|comparte|comparta|compartan) (?:la|nuestra|esta|este)|petición|' +
          'haz clic|haga clic|(?:dona|done|donen) hoy|haz una donación|haga una donación|ayúdanos|ayúdenos|ayúdennos|toma acción|tome acción',
      ) +
        `|^[¡¿]?${word(
          'dile|dígale|díganle|dígales|pídele|pídale|pídanle|pídales|escríbele|escríbale|escríbanle|hazle saber|hágale saber|' +
            '(?:escribe|escriba|escriban|llama|llame|llamen|contacta|contacte|contacten|exige|exija|exijan|envía|envíe|envíen) (?:a|al|un correo)',
        )}`,
      'iu',
    ),
    // The first letter, after any opening '¿', '¡', quote or bracket.
    capitalised: (line) => line.replace(/^([¿¡«"'(\[]*)(\p{Ll})/u, (_, marks: string, letter: string) => `${marks}${letter.toUpperCase()}`),
  },
};

/** Ends with a full stop unless it already ends a sentence; a trailing ':' ';' or ',' becomes one. */
export function asSentence(s: string, language: Language = 'en'): string {
  const t = s.trim();
  if (t === '' || RULES[language].end.test(t)) return t;
  return `${t.replace(/[:;,]+$/, '')}.`;
}

/** Text split into sentences at '.', '!' or '?' followed by a space and a capital or digit. */
export function splitSentences(text: string, language: Language = 'en'): string[] {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (!flat) return [];
  const { split, abbreviation } = RULES[language];
  const pieces = flat.split(split);
  const out: string[] = [];
  for (const piece of pieces) {
    const last = out[out.length - 1];
    if (last !== undefined && abbreviation.test(last)) out[out.length - 1] = `${last} ${piece}`;
    else out.push(piece);
  }
  return out;
}

/**
 * An admin's talking point as sentences: bullets and line breaks end sentences, each is
 * capitalised and ends as a sentence. Nothing else about the words changes.
 */
export function pointSentences(talkingPoints: string, language: Language = 'en'): string[] {
  return talkingPoints
    .split(/\r?\n/)
    .map((l) => l.replace(/^\s*(?:[-*\u2022]|\d+[.)])\s+/, '').replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .flatMap((line) => splitSentences(RULES[language].capitalised(line), language))
    .map((s) => asSentence(s, language));
}

/**
 * The sentences of a talking point that one letter carries, in their order. Up to two sentences
 * go whole. A longer point gives its first sentence (usually the claim) and a run of about half
 * the rest that starts, by the seed, where a sentence can stand on its own: every letter carries
 * the organiser's words and nothing else, but not every letter the same ones, so a long point does
 * not turn a hundred letters into one form letter (and a one-page letter keeps its room).
 */
export function carriedSentences(sentences: readonly string[], seed: string, language: Language = 'en'): string[] {
  if (sentences.length <= 2) return [...sentences];
  const runLength = Math.ceil(sentences.length / 2) - 1;
  const starts: number[] = [];
  for (let i = 1; i + runLength <= sentences.length; i++) {
    if (i === 1 || !RULES[language].leansBack.test(sentences[i]!)) starts.push(i);
  }
  const start = pick(starts, seed, 'run');
  return [sentences[0]!, ...sentences.slice(start, start + runLength)];
}

/**
 * A campaign description's first sentences, up to about `max` characters, as they can stand in a
 * letter to the decision body: calls to action aimed at supporters ('Join us...') are left out.
 */
export function leadSentences(description: string, max = 280, language: Language = 'en'): string {
  const all = splitSentences(description, language);
  const sentences = all.filter((s) => !RULES[language].callToAction.test(s));
  let out = '';
  for (const s of sentences.length ? sentences : all) {
    const next = out ? `${out} ${s}` : s;
    if (next.length > max) break;
    out = next;
  }
  if (out) return asSentence(out, language);
  const cut = description.replace(/\s+/g, ' ').trim().slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).replace(/[\s,;:]+$/, '')}...`;
}
