/**
 * The fonts a letter PDF embeds when section 9's standard fonts cannot print it: Noto Sans for
 * Latin, Vietnamese, Greek and Cyrillic, Noto Sans Hebrew, Noto Sans Arabic and Noto Sans SC (the
 * Chinese of the CJK family, which also covers Japanese kana and Korean hangul). One family, drawn
 * to match across scripts, all under the SIL Open Font License 1.1, from Fontsource's npm packages.
 * No Reserved Font Name stands in the way of subsets keeping their names (Noto Sans SC's, from
 * Adobe's Source Han Sans, reserves 'Source' only), and the licence and every copyright notice go
 * with the files as LICENSE.txt (OFL section 2: the served files are copies).
 *
 * Fontsource ships them as WOFF2 files cut by Unicode range (Google Fonts' slices: about a hundred
 * for Chinese, ordered by how often characters are used). jsPDF embeds TrueType only, so this build
 * turns each slice into a TTF with HarfBuzz's subsetter (subset-font): pinned to the regular weight
 * where the source is variable, without hinting and OpenType layout tables (jsPDF uses neither: it
 * shapes Arabic through Unicode's presentation forms), keeping the copyright notice.
 * Each character belongs to the first font below that has it, so no two files carry the same one.
 * Each TTF gets its .br and .gz, which the server sends as the browser accepts (web/files.ts). The
 * result is cached under node_modules/.cache, keyed by the sources and tools: converting and
 * compressing the hundred Chinese slices takes about twenty seconds.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import * as hb from 'harfbuzzjs';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'dais-letter-fonts');
/** Raise when the conversion changes, so caches built by an older one are not reused. */
const BUILD_VERSION = 4;

interface FontSource {
  /** The font's name in the PDF (pdffonts shows it) and in the built file's name. */
  id: string;
  /** A WOFF2 file inside an npm package. */
  source: string;
  /** Only these code point ranges of the source (the rest goes to a later font). */
  only?: readonly (readonly [number, number])[];
  /** A variable font: pinned to the regular weight. */
  variable?: boolean;
  /** Chinese, Japanese and Korean: listed in a chunk of their own, loaded only when a letter needs one. */
  cjk?: boolean;
}

export interface BuiltLetterFont {
  id: string;
  cjk: boolean;
  /** The code points it covers, as sorted [first, last] pairs, flattened. */
  ranges: number[];
  /** The TTF in the cache, with its compressed twins at file + PRECOMPRESSED[encoding]. */
  file: string;
  bytes: number;
}

const notoSans = (subset: string) => `@fontsource/noto-sans/files/noto-sans-${subset}-400-normal.woff2`;
const ARABIC = '@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff2';
const SC_FILES = path.dirname(require.resolve('@fontsource-variable/noto-sans-sc/files/noto-sans-sc-4-wght-normal.woff2'));

/** In the order a character's font is looked for: the first that has it wins. */
export const LETTER_FONT_SOURCES: readonly FontSource[] = [
  { id: 'NotoSans-Latin', source: notoSans('latin') },
  // European names mostly need Latin Extended-A (Ł ő ř ş ž) and Romanian's ș ț: a small file of their own.
  { id: 'NotoSans-LatinExtA', source: notoSans('latin-ext'), only: [[0x100, 0x17f], [0x218, 0x21b]] },
  { id: 'NotoSans-Vietnamese', source: notoSans('vietnamese') },
  { id: 'NotoSans-LatinExt', source: notoSans('latin-ext') },
  { id: 'NotoSans-Greek', source: notoSans('greek') },
  { id: 'NotoSans-GreekExt', source: notoSans('greek-ext') },
  { id: 'NotoSans-Cyrillic', source: notoSans('cyrillic') },
  { id: 'NotoSans-CyrillicExt', source: notoSans('cyrillic-ext') },
  { id: 'NotoSansHebrew', source: '@fontsource/noto-sans-hebrew/files/noto-sans-hebrew-hebrew-400-normal.woff2' },
  // The Arabic letters and the presentation forms jsPDF shapes them into (Forms-B, the Persian and
  // Urdu forms of Forms-A, the shadda and Allah ligatures); the many other ligatures of Forms-A and
  // the Arabic of other languages come in a second file.
  {
    id: 'NotoSansArabic',
    source: ARABIC,
    only: [[0x600, 0x6ff], [0xfb50, 0xfbff], [0xfc5e, 0xfc62], [0xfdf2, 0xfdf2], [0xfe70, 0xfeff]],
  },
  { id: 'NotoSansArabic-Ext', source: ARABIC },
  ...fs
    .readdirSync(SC_FILES)
    .map((name) => /^noto-sans-sc-(\d+)-wght-normal\.woff2$/.exec(name)?.[1])
    .filter((n): n is string => n !== undefined)
    .sort((a, b) => Number(a) - Number(b))
    .map((n) => ({
      id: `NotoSansSC-${n}`,
      source: `@fontsource-variable/noto-sans-sc/files/noto-sans-sc-${n}-wght-normal.woff2`,
      variable: true,
      cjk: true,
    })),
];

/** What jsPDF reads of a TrueType font; everything else is dropped. */
const DROPPED_TABLES = ['GSUB', 'GPOS', 'GDEF', 'BASE', 'JSTF', 'MATH', 'STAT', 'gasp', 'vhea', 'vmtx', 'DSIG', 'HVAR', 'MVAR', 'VVAR', 'avar', 'fvar', 'gvar', 'cvar'];
/** The licence description and its URL, where a source has them, beside the copyright notice hb-subset keeps anyway. */
const LICENCE_NAME_IDS = [13, 14];
/** The file, next to the fonts, that holds their licence and copyright notices. */
export const LICENCE_FILE = 'LICENSE.txt';

/** The server's names for a built file's encodings (api/src/web/files.ts). */
export const PRECOMPRESSED = ['.br', '.gz'] as const;

/** As vite-plugin-compression2 compresses the scripts: brotli at its best, gzip at level 9. */
function compressed(ttf: Buffer): Record<(typeof PRECOMPRESSED)[number], Buffer> {
  return {
    '.br': zlib.brotliCompressSync(ttf, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: ttf.length },
    }),
    '.gz': zlib.gzipSync(ttf, { level: 9 }),
  };
}

/** Printable, and within UTF-16's single code units: jsPDF writes text as those, so it cannot print the rest. */
const printable = (cp: number) => cp >= 0x20 && !(cp >= 0x7f && cp < 0xa0) && cp <= 0xffff;

function toRanges(codePoints: number[]): number[] {
  const ranges: number[] = [];
  for (const cp of codePoints) {
    if (ranges.length > 0 && ranges[ranges.length - 1] === cp - 1) ranges[ranges.length - 1] = cp;
    else ranges.push(cp, cp);
  }
  return ranges;
}

async function convert(source: FontSource, taken: Set<number>): Promise<{ ttf: Buffer; codePoints: number[]; copyright: string }> {
  const woff2 = fs.readFileSync(require.resolve(source.source));
  const sfnt = await subsetFont(woff2, null, {
    keepAllGlyphs: true,
    targetFormat: 'sfnt',
    ...(source.variable ? { variationAxes: { wght: 400 } } : {}),
  });
  const inOnly = (cp: number) => !source.only || source.only.some(([a, b]) => cp >= a && cp <= b);
  const face = new hb.Face(new hb.Blob(sfnt));
  const codePoints = [...face.collectUnicodes()].filter((cp) => printable(cp) && inOnly(cp) && !taken.has(cp)).sort((a, b) => a - b);
  const copyright = face.listNames().find((n) => n.nameId === 0);
  const ttf = await subsetFont(sfnt, String.fromCodePoint(...codePoints), {
    targetFormat: 'sfnt',
    noHinting: true,
    keepFeatures: [],
    dropTables: DROPPED_TABLES,
    preserveNameIds: LICENCE_NAME_IDS,
  });
  return { ttf, codePoints, copyright: copyright ? face.getName(0, copyright.language) : '' };
}

/** The npm package a source comes from, e.g. '@fontsource/noto-sans'. */
const packageOf = (source: FontSource) => source.source.split('/').slice(0, 2).join('/');

/** Each package's licence, after the copyright notices of the fonts built from it. */
function licenceText(copyrights: Map<string, Set<string>>): string {
  return [...copyrights]
    .map(([pkg, notices]) => {
      const licence = fs.readFileSync(require.resolve(`${pkg}/LICENSE`), 'utf8').trim();
      return [`${pkg} (npm), converted to TrueType subsets for Dais's letter PDF:`, ...notices, '', licence].join('\n');
    })
    .join(`\n\n${'='.repeat(72)}\n\n`);
}

/** The sources, the settings and the tools (subset-font's code and HarfBuzz's subsetter). */
function cacheKey(): string {
  const hash = crypto.createHash('sha256');
  hash.update(JSON.stringify({ BUILD_VERSION, LETTER_FONT_SOURCES, DROPPED_TABLES, LICENCE_NAME_IDS }));
  const files = [require.resolve('subset-font'), require.resolve('harfbuzzjs/dist/harfbuzz-subset.wasm')];
  for (const file of [...files, ...LETTER_FONT_SOURCES.map((s) => require.resolve(s.source))]) hash.update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

async function build(dir: string): Promise<BuiltLetterFont[]> {
  const taken = new Set<number>();
  const fonts: BuiltLetterFont[] = [];
  const copyrights = new Map<string, Set<string>>();
  const staging = `${dir}.${process.pid}.tmp`;
  fs.mkdirSync(staging, { recursive: true });
  for (const source of LETTER_FONT_SOURCES) {
    const { ttf, codePoints, copyright } = await convert(source, taken);
    if (codePoints.length === 0) continue;
    const notices = copyrights.get(packageOf(source)) ?? new Set<string>();
    if (copyright) notices.add(copyright);
    copyrights.set(packageOf(source), notices);
    for (const cp of codePoints) taken.add(cp);
    fs.writeFileSync(path.join(staging, `${source.id}.ttf`), ttf);
    for (const [ext, bytes] of Object.entries(compressed(ttf))) fs.writeFileSync(path.join(staging, `${source.id}.ttf${ext}`), bytes);
    fonts.push({ id: source.id, cjk: source.cjk ?? false, ranges: toRanges(codePoints), file: `${source.id}.ttf`, bytes: ttf.length });
  }
  fs.writeFileSync(path.join(staging, 'fonts.json'), JSON.stringify(fonts));
  fs.writeFileSync(path.join(staging, LICENCE_FILE), licenceText(copyrights));
  // Caches of older sources go; one another build (vitest and vite at once) just finished is the same as ours.
  for (const entry of fs.readdirSync(CACHE)) {
    if (!entry.endsWith('.tmp')) fs.rmSync(path.join(CACHE, entry), { recursive: true, force: true });
  }
  try {
    fs.renameSync(staging, dir);
  } catch {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  return fonts;
}

function readCache(dir: string): BuiltLetterFont[] | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, 'fonts.json'), 'utf8')) as BuiltLetterFont[];
  } catch {
    return null;
  }
}

let built: Promise<{ fonts: BuiltLetterFont[]; licence: string }> | undefined;

/**
 * Every letter font, in lookup order, with `file` an absolute path, and the path of their
 * LICENSE.txt; built once, then read from the cache.
 */
export function letterFonts(): Promise<{ fonts: BuiltLetterFont[]; licence: string }> {
  built ??= (async () => {
    const dir = path.join(CACHE, cacheKey());
    const fonts = readCache(dir) ?? (await build(dir));
    return { fonts: fonts.map((f) => ({ ...f, file: path.join(dir, f.file) })), licence: path.join(dir, LICENCE_FILE) };
  })();
  return built;
}
