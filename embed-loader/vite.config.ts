import path from 'node:path';
import { defineConfig } from 'vite';

/** embed.js: one classic script (it reads document.currentScript, which modules do not have), minified. */
export default defineConfig({
  define: { 'process.env.NODE_ENV': '"production"' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Host pages' visitors use every browser; the loader must at least reach the iframe fallback.
    target: 'es2015',
    minify: true,
    lib: { entry: path.join(import.meta.dirname, 'src', 'embed.ts'), formats: ['iife'], name: 'daisEmbed', fileName: () => 'embed.js' },
  },
});
