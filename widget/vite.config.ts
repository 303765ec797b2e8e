/// <reference types="vitest/config" />
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { letterFontsPlugin } from './build/letter-fonts-plugin.ts';

const here = import.meta.dirname;

/**
 * widget.js is a fixed-name ES module that host pages (through embed.js) and page.html load from
 * the Dais origin; everything it loads later (the PDF chunk) sits in assets/ with a content hash
 * and is imported relative to widget.js, so it comes from the Dais origin on any host page.
 */
export default defineConfig({
  // Relative URLs everywhere: a chunk's address is resolved against widget.js, never the host page.
  base: './',
  // Always a production build, whatever NODE_ENV says (.env.example sets development): Vite would
  // otherwise pick React's development build and the jsxDEV transform, which React's production
  // runtime lacks, and the widget would throw 'jsxDEV is not a function'.
  define: { 'process.env.NODE_ENV': '"production"' },
  oxc: { jsx: { runtime: 'automatic', development: false } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Library mode: no module-preload helper in widget.js (it would only save one round trip for the
    // PDF chunk), no HTML entry. Chunks may import the shared runtime helpers from widget.js itself.
    lib: { entry: path.join(here, 'src', 'widget.tsx'), formats: ['es'], fileName: () => 'widget.js' },
    rolldownOptions: {
      preserveEntrySignatures: 'allow-extension',
      // Library mode leaves ES output readable; widget.js is for browsers, so minify it.
      output: { chunkFileNames: 'assets/[name]-[hash].js', assetFileNames: 'assets/[name]-[hash][extname]', minify: true },
      treeshake: {
        // The contract builds its zod schemas at module level; the widget uses only its constants and
        // types, so unused contract modules (and zod with them) must not count as side effects.
        moduleSideEffects: (id: string) => !id.replace(/\\/g, '/').includes('/api/src/contract/'),
      },
    },
  },
  plugins: [
    {
      // page.html is served by the API at /widget/{id} and /letter/review and loads /widget.js itself.
      name: 'dais-widget-page',
      generateBundle() {
        this.emitFile({ type: 'asset', fileName: 'page.html', source: fs.readFileSync(path.join(here, 'page.html'), 'utf8') });
      },
    },
    // The fonts a letter PDF embeds when the standard fonts cannot print it (build/letter-fonts.ts).
    letterFontsPlugin(),
    // widget.js.br and .gz (and every chunk's) next to each file: the server sends what the browser
    // accepts (the fonts come with theirs, cached). page.html is not among them: the server
    // compresses pages once in memory (web.ts).
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|svg)$/, logLevel: 'silent' }),
  ],
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
    environment: 'node',
  },
});
