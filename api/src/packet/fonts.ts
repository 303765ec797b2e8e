import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';

/**
 * The packet's fonts, embedded (only the glyphs used), so a name or a letter in any of the scripts
 * supporters write in prints as written. No single font covers them all (a font holds at most
 * 65,535 glyphs), so each character is drawn with the first face that has it: Noto Sans (Latin,
 * Greek, Cyrillic, Vietnamese), IBM Plex Sans Arabic, Noto Sans Hebrew, SC (Chinese ideographs and
 * Japanese kana) and KR (Hangul). Arabic is not Noto's: Noto's Arabic faces build each letter from
 * a dotless skeleton and separate dots, which a PDF's text layer cannot map back to letters (copy,
 * search, screen readers and pdftotext read the wrong letters); Plex draws whole letters. The files
 * come from npm (@expo-google-fonts: Google Fonts' own static TTFs, OFL); see ARCHITECTURE.md.
 */
export type Face = 'sans' | 'sans-bold' | 'arabic' | 'hebrew' | 'cjk' | 'hangul';

const require = createRequire(import.meta.url);
const fontFile = (pkg: string, file: string) => path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file);

export const FONT_FILES: Record<Face, string> = {
  sans: fontFile('@expo-google-fonts/noto-sans', '400Regular/NotoSans_400Regular.ttf'),
  'sans-bold': fontFile('@expo-google-fonts/noto-sans', '700Bold/NotoSans_700Bold.ttf'),
  arabic: fontFile('@expo-google-fonts/ibm-plex-sans-arabic', '400Regular/IBMPlexSansArabic_400Regular.ttf'),
  hebrew: fontFile('@expo-google-fonts/noto-sans-hebrew', '400Regular/NotoSansHebrew_400Regular.ttf'),
  cjk: fontFile('@expo-google-fonts/noto-sans-sc', '400Regular/NotoSansSC_400Regular.ttf'),
  hangul: fontFile('@expo-google-fonts/noto-sans-kr', '400Regular/NotoSansKR_400Regular.ttf'),
};

export const FACES = Object.keys(FONT_FILES) as Face[];

/**
 * The small faces' character maps, read once per process (under a megabyte together) to ask which
 * characters each has. The CJK faces (10 MB and 6 MB) are chosen by Unicode block instead, so a
 * process loads them only while a packet that uses them is being drawn (pdfkit opens a registered
 * font on its first use).
 */
type Mapped = 'sans' | 'arabic' | 'hebrew';
const loaded = new Map<Mapped, fontkit.Font>();
function covers(face: Mapped, cp: number): boolean {
  let font = loaded.get(face);
  if (!font) {
    font = fontkit.openSync(FONT_FILES[face]) as fontkit.Font;
    loaded.set(face, font);
  }
  return font.hasGlyphForCodePoint(cp);
}

const within = (cp: number, ranges: readonly (readonly [number, number])[]) => ranges.some(([a, b]) => cp >= a && cp <= b);
const HEBREW = [[0x0590, 0x05ff], [0xfb1d, 0xfb4f]] as const;
const ARABIC = [[0x0600, 0x06ff], [0x0750, 0x077f], [0x0870, 0x08ff], [0xfb50, 0xfdff], [0xfe70, 0xfeff]] as const;
const HANGUL = [[0x1100, 0x11ff], [0x3130, 0x318f], [0xa960, 0xa97f], [0xac00, 0xd7ff]] as const;
/** CJK punctuation, kana, ideographs (with the supplementary planes), compatibility and full-width forms. */
const CJK = [[0x2e80, 0x2fdf], [0x3000, 0x312f], [0x3190, 0x9fff], [0xf900, 0xfaff], [0xfe30, 0xfe4f], [0xff00, 0xffef], [0x20000, 0x3134f]] as const;

const REGULAR_FALLBACKS: Face[] = ['arabic', 'hebrew'];
const byCodePoint = new Map<number, Face>();

/** The face that draws this character (regular weight; see faceFor for bold). */
function regularFaceFor(cp: number): Face {
  // Latin, Latin-1 and Latin Extended A and B: Noto Sans has every one.
  if (cp < 0x0250) return 'sans';
  let face = byCodePoint.get(cp);
  if (face) return face;
  if (within(cp, HEBREW)) face = 'hebrew';
  else if (within(cp, ARABIC)) face = 'arabic';
  else if (within(cp, HANGUL)) face = 'hangul';
  else if (within(cp, CJK)) face = 'cjk';
  else if (covers('sans', cp)) face = 'sans';
  // Anything else (emoji, scripts none of these faces hold) is drawn as Noto Sans's empty box:
  // visibly missing, never another character.
  else face = REGULAR_FALLBACKS.find((f) => covers(f as Mapped, cp)) ?? 'sans';
  byCodePoint.set(cp, face);
  return face;
}

export function faceFor(cp: number, bold: boolean): Face {
  const face = regularFaceFor(cp);
  return bold && face === 'sans' ? 'sans-bold' : face;
}

/**
 * Whether `face` can also draw a character that belongs to no script (a space, a digit, a comma):
 * such characters stay in the run around them, so an Arabic name is one run, not three.
 */
export function faceAlsoDraws(face: Face, cp: number): boolean {
  if (face === 'sans' || face === 'sans-bold') return cp < 0x0250 || covers('sans', cp);
  if (face === 'arabic' || face === 'hebrew') return covers(face, cp);
  // The CJK faces are not loaded for questions; they hold full-width forms of these anyway.
  return false;
}
