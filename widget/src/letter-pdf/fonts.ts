/**
 * Loads the letter fonts a text needs, and only those, from the Dais server: a chunk of its own,
 * imported only when Download is pressed for a letter the standard fonts cannot print. The
 * Chinese fonts' list is a further chunk, imported only when a character is in none of the others.
 */
import { LETTER_FONTS } from 'virtual:dais-letter-fonts';
import { fontFor, MISSING, type LetterFontFile } from './coverage';
import { shapeArabic } from './shaping';

export interface LoadedLetterFont extends LetterFontFile {
  /** The TTF as a binary string, the form jsPDF's addFileToVFS takes. */
  binary: string;
}

/** Reads a font file's bytes; the browser's is fetch (cross-origin from a host page, CORS *, no credentials). */
export type ReadFont = (url: string) => Promise<ArrayBuffer | Uint8Array>;

const fetchFont: ReadFont = async (url) => {
  const reply = await fetch(url);
  if (!reply.ok) throw new Error(`${url}: HTTP ${reply.status}`);
  return reply.arrayBuffer();
};

function binaryString(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 0x8000) out += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return out;
}

/** Fonts already read in this page: a second download of the letter reads none again. */
const read = new Map<string, Promise<string>>();

function load(font: LetterFontFile, readFont: ReadFont): Promise<string> {
  let binary = read.get(font.url);
  if (!binary) {
    binary = readFont(font.url).then((data) => binaryString(data instanceof Uint8Array ? data : new Uint8Array(data)));
    read.set(font.url, binary);
    // A failed read is not remembered: the supporter may press Download again.
    binary.catch(() => read.delete(font.url));
  }
  return binary;
}

/**
 * The fonts that print `text` (as printed: Arabic shaped), in lookup order; with the Latin font
 * when some character has no font, for MISSING.
 */
export async function loadLetterFonts(text: string, readFont: ReadFont = fetchFont): Promise<LoadedLetterFont[]> {
  const codePoints = new Set<number>();
  for (const ch of `${text}${shapeArabic(text)}`) if (ch !== '\n' && ch !== '\r') codePoints.add(ch.codePointAt(0)!);
  const chosen = new Set<LetterFontFile>();
  const unplaced: number[] = [];
  for (const cp of codePoints) {
    const font = fontFor(LETTER_FONTS, cp);
    if (font) chosen.add(font);
    else unplaced.push(cp);
  }
  let cjk: readonly LetterFontFile[] = [];
  if (unplaced.some((cp) => cp <= 0xffff)) cjk = (await import('virtual:dais-letter-fonts/cjk')).LETTER_FONTS;
  for (const cp of unplaced) {
    const font = fontFor(cjk, cp) ?? fontFor(LETTER_FONTS, MISSING.codePointAt(0)!);
    if (font) chosen.add(font);
  }
  const inOrder = [...LETTER_FONTS, ...cjk].filter((f) => chosen.has(f));
  const binaries = await Promise.all(inOrder.map((f) => load(f, readFont)));
  return inOrder.map((f, i) => ({ ...f, binary: binaries[i]! }));
}
