/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/**
 * The admin console and the public pages: one SPA, served by the API for /, /auth/callback, /help,
 * /privacy and /admin/* with a strict CSP (script-src 'self'), so the build emits no inline script
 * and loads nothing from another origin.
 */
export default defineConfig({
  base: '/',
  define: {
    // The public pages' contact link; set DAIS_CONTACT_EMAIL when building for an installation.
    __DAIS_CONTACT_EMAIL__: JSON.stringify(process.env.DAIS_CONTACT_EMAIL || 'contact@example.org'),
    // Always a production build, whatever NODE_ENV says (.env.example sets development): React's
    // production build and the production JSX transform, never their development twins.
    'process.env.NODE_ENV': '"production"',
  },
  oxc: { jsx: { runtime: 'automatic', development: false } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Inline assets would be data: URLs; the CSP allows data: only for images, so keep them as files.
    assetsInlineLimit: 0,
    rolldownOptions: {
      treeshake: {
        // The contract builds its zod schemas at module level; a page that only uses its constants
        // and types must not pull every schema (and zod) into its chunk.
        moduleSideEffects: (id: string) => !id.replace(/\\/g, '/').includes('/api/src/contract/'),
      },
    },
  },
  // A .br and a .gz next to every script, style and SVG: the server sends what the browser accepts.
  // index.html is not among them: the server adds a meta tag and compresses it once in memory (web.ts).
  // Even a file too small to gain from it (a 71-byte shared chunk): the server then sends every
  // script encoded, the same way, and a missing .br never reads as a build that forgot one.
  plugins: [compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|svg)$/, skipIfLargerOrEqual: false, logLevel: 'silent' })],
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
