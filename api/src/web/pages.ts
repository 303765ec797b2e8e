import path from 'node:path';

/**
 * Which built file answers which address, and with which headers. The front ends are built into
 * <workspace>/dist by `npm run build`; until then the placeholders stand in.
 */

const ADMIN_PAGE_CSP =
  "default-src 'self'; img-src 'self' https: data:; style-src 'self' 'unsafe-inline'; script-src 'self'; " +
  "connect-src 'self'; frame-ancestors 'none'";
/**
 * The widget page lives in an iframe on any campaign's site, so any site may frame it. Its bot check
 * solves on the page's own thread, in slices (widget/src/proof-of-work.ts): no worker to allow.
 */
const WIDGET_PAGE_CSP =
  "default-src 'self'; img-src 'self' https: data:; style-src 'self' 'unsafe-inline'; script-src 'self'; " +
  "connect-src 'self'; frame-ancestors *";

export const HTML_HEADERS = {
  admin: { 'Content-Security-Policy': ADMIN_PAGE_CSP, 'X-Frame-Options': 'DENY', 'Cache-Control': 'no-cache' },
  widget: { 'Content-Security-Policy': WIDGET_PAGE_CSP, 'Cache-Control': 'no-cache' },
} as const;

/** embed.js and widget.js run on other sites' pages: readable by any origin, refreshed within minutes. */
export const SCRIPT_HEADERS = {
  'Cross-Origin-Resource-Policy': 'cross-origin',
  'Access-Control-Allow-Origin': '*',
  'Cache-Control': 'public, max-age=300',
};

/**
 * Built assets carry a content hash in their name, so they never change. widget.js may load its
 * chunks and styles from here while running on another site, hence cross-origin readable too.
 */
export const ASSET_HEADERS = {
  'Cross-Origin-Resource-Policy': 'cross-origin',
  'Access-Control-Allow-Origin': '*',
  'Cache-Control': 'public, max-age=31536000, immutable',
};
/** An SVG opened on its own is a document; ours need no script. */
export const SVG_ASSET_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * The site icon keeps one address (every page names /favicon.svg), so unlike hashed assets it may
 * change under the same name: browsers keep it a day and revalidate by ETag after that.
 */
export const ICON_HEADERS = { 'Cache-Control': 'public, max-age=86400', 'Content-Security-Policy': SVG_ASSET_CSP };

export type WebTarget =
  | { kind: 'page'; app: 'admin' | 'widget' }
  | { kind: 'script'; file: string }
  | { kind: 'icon'; file: string }
  | { kind: 'asset'; relative: string };

/** The built files, relative to the repository root. */
export const BUILT = {
  adminIndex: path.join('admin', 'dist', 'index.html'),
  widgetPage: path.join('widget', 'dist', 'page.html'),
  /** admin/public/favicon.svg, copied by Vite; the widget page and the server's own pages name it too. */
  icon: path.join('admin', 'dist', 'favicon.svg'),
  assetDirs: [path.join('widget', 'dist', 'assets'), path.join('admin', 'dist', 'assets')],
};

const SCRIPTS: Record<string, string> = {
  '/embed.js': path.join('embed-loader', 'dist', 'embed.js'),
  '/widget.js': path.join('widget', 'dist', 'widget.js'),
};

const ADMIN_PAGES = new Set(['/', '/auth/callback', '/admin', '/help', '/privacy']);

const PRECOMPRESSED_NAME = /\.(br|gz)$/i;

/** What answers this (raw, undecoded) path, or null for the 404 page. */
export function webTarget(urlPath: string): WebTarget | null {
  if (ADMIN_PAGES.has(urlPath) || urlPath.startsWith('/admin/')) return { kind: 'page', app: 'admin' };
  // The letter review opens inside the widget's iframe, so it is the widget page too (and framable).
  if (/^\/widget\/[1-9]\d{0,9}$/.test(urlPath) || urlPath === '/letter/review') return { kind: 'page', app: 'widget' };
  if (urlPath === '/favicon.svg') return { kind: 'icon', file: BUILT.icon };
  const script = SCRIPTS[urlPath];
  if (script) return { kind: 'script', file: script };
  // The .br and .gz next to each asset are its encodings (files.ts), not addresses of their own.
  if (urlPath.startsWith('/assets/') && urlPath.length > '/assets/'.length && !PRECOMPRESSED_NAME.test(urlPath)) {
    return { kind: 'asset', relative: urlPath.slice('/assets/'.length) };
  }
  return null;
}
