import { pathToFileURL } from 'node:url';
import fs from 'node:fs';
import type { Plugin } from 'vite';
import { letterFonts, PRECOMPRESSED } from './letter-fonts.ts';

/** The fonts for Latin, Greek, Cyrillic, Hebrew and Arabic; and, in a chunk of their own, the Chinese ones. */
const MAIN = 'virtual:dais-letter-fonts';
const CJK = 'virtual:dais-letter-fonts/cjk';
const RESOLVED: Record<string, string> = { [MAIN]: `\0${MAIN}`, [CJK]: `\0${CJK}` };
/** What the build wrote, for the tests that count a font's bytes as the server sends them (not served). */
export const LETTER_FONTS_REPORT = 'letter-fonts.json';

/**
 * Each font's ranges as deltas (gap to the previous range, then its length), which the Chinese
 * slices' hundreds of ranges need: the list is a tenth of its plain size.
 */
function deltas(ranges: number[]): number[] {
  const out: number[] = [];
  let last = 0;
  for (let i = 0; i < ranges.length; i += 2) {
    out.push(ranges[i]! - last, ranges[i + 1]! - ranges[i]!);
    last = ranges[i + 1]!;
  }
  return out;
}

/**
 * Serves the letter fonts to the widget as two virtual modules listing {id, url, ranges}. In a
 * build each font is an asset next to the chunks (assets/NotoSans-Latin-[hash].ttf, with its .br
 * and .gz like theirs) and its url is relative to the chunk that lists it, so on a host page it comes from the
 * Dais origin; under vitest the url is the cached file's (file:), read by the test's own loader.
 */
export function letterFontsPlugin(): Plugin {
  let building = false;
  const emitted = new Map<string, string>();
  return {
    name: 'dais-letter-fonts',
    configResolved(config) {
      building = config.command === 'build';
    },
    async buildStart() {
      // Before anything is loaded, so vitest's first test that reads a font does not wait out its
      // timeout: the first build converts every slice (about twenty seconds), later ones read the cache.
      await letterFonts();
    },
    resolveId(id) {
      return RESOLVED[id] ?? null;
    },
    async load(id) {
      const group = id === RESOLVED[MAIN] ? false : id === RESOLVED[CJK] ? true : null;
      if (group === null) return null;
      const fonts = (await letterFonts()).fonts.filter((f) => f.cjk === group);
      const entries = fonts.map((font) => {
        let url = JSON.stringify(pathToFileURL(font.file).href);
        if (building) {
          const ref = this.emitFile({ type: 'asset', name: `${font.id}.ttf`, source: fs.readFileSync(font.file) });
          emitted.set(font.id, ref);
          url = `import.meta.ROLLUP_FILE_URL_${ref}`;
        }
        return `{id:${JSON.stringify(font.id)},url:${url},ranges:decode(${JSON.stringify(deltas(font.ranges))})}`;
      });
      return [
        `const decode = (d) => { const r = []; let last = 0; for (let i = 0; i < d.length; i += 2) { const a = last + d[i]; last = a + d[i + 1]; r.push(a, last); } return r; };`,
        `export const LETTER_FONTS = [${entries.join(',')}];`,
      ].join('\n');
    },
    async generateBundle() {
      if (!building) return;
      const { fonts, licence } = await letterFonts();
      // Compressed with the fonts (and cached with them): brotli takes seconds over the Chinese slices.
      for (const font of fonts) {
        const ref = emitted.get(font.id);
        if (!ref) continue;
        const fileName = this.getFileName(ref);
        for (const ext of PRECOMPRESSED) this.emitFile({ type: 'asset', fileName: fileName + ext, source: fs.readFileSync(font.file + ext) });
      }
      // The fonts' licence and copyright notices travel with them (assets/letter-fonts-LICENSE-[hash].txt).
      this.emitFile({ type: 'asset', name: 'letter-fonts-LICENSE.txt', source: fs.readFileSync(licence, 'utf8') });
      const report = fonts
        .filter((f) => emitted.has(f.id))
        .map(({ id, cjk, ranges, bytes }) => ({ id, cjk, ranges, bytes, file: this.getFileName(emitted.get(id)!) }));
      this.emitFile({ type: 'asset', fileName: LETTER_FONTS_REPORT, source: JSON.stringify(report) });
    },
  };
}
