/**
 * Loads the letter fonts a text needs, and only those, from the Dais server: a chunk of its own,
 * imported only when Download is pressed for a letter the standard fonts cannot print. The
 * Chinese fonts' list is a further chunk, imported only when a character is in none of the others.
 */
import { LETTER_FONTS } from 'virtual:dais-letter-fonts';
import { fontFor, fontsFor, type LetterFontFile } from './coverage';
import { printedCodePoints } from './shaping';

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

/** The fonts that print `text` (as printed: Arabic shaped), in lookup order, each read once per page. */
export async function loadLetterFonts(text: string, readFont: ReadFont = fetchFont): Promise<LoadedLetterFont[]> {
  const codePoints = printedCodePoints(text);
  let fonts: readonly LetterFontFile[] = LETTER_FONTS;
  // Only a character in none of them (and one jsPDF can print) sends for the Chinese fonts' list.
  if ([...codePoints].some((cp) => cp <= 0xffff && !fontFor(LETTER_FONTS, cp))) {
    fonts = [...LETTER_FONTS, ...(await import('virtual:dais-letter-fonts/cjk')).LETTER_FONTS];
  }
  const chosen = fontsFor(codePoints, fonts);
  const binaries = await Promise.all(chosen.map((f) => load(f, readFont)));
  return chosen.map((f, i) => ({ ...f, binary: binaries[i]! }));
}
