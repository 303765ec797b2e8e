import path from 'node:path';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

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
  // embed.js.br and .gz next to it: the server sends what the browser accepts.
  plugins: [compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.js$/, logLevel: 'silent' })],
});
