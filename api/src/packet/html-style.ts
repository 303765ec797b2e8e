import { createHash } from 'node:crypto';

/**
 * The HTML packet's one style element: what prints well from any browser (a serif for the letters,
 * a sans for the packet's own words, US Letter with the PDF's margins) and reads at any width. Ink
 * is the PDF's (page.ts INK), every pair above WCAG AA contrast on white. The route's
 * Content-Security-Policy allows exactly this text by its hash, so it is a constant.
 */
export const PACKET_HTML_CSS = `
@page { size: letter; margin: 0.75in; }
html { color: #111827; background: #fff; font: 16px/1.5 "Noto Sans", "Helvetica Neue", Arial, sans-serif; }
body { margin: 0; }
main { max-width: 46rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
h1 { font-size: 1.75rem; line-height: 1.25; margin: 0.25rem 0 1rem; }
h2 { font-size: 1.3rem; margin: 2rem 0 0.75rem; }
h3 { font-size: 1.1rem; margin: 0 0 0.5rem; }
h1, h2, h3 { break-after: avoid; page-break-after: avoid; }
.kicker, .facts, figcaption, .note { color: #4b5563; font-size: 0.9rem; }
.kicker { font-weight: 700; letter-spacing: 0.05em; text-transform: uppercase; margin: 0; }
table { border-collapse: collapse; width: 100%; margin: 0 0 1rem; font-size: 0.95rem; }
th, td { text-align: left; vertical-align: top; padding: 0.25rem 0.5rem 0.25rem 0; border-bottom: 1px solid #d1d5db; }
.fields th { width: 10rem; color: #4b5563; font-weight: 400; }
.number { text-align: right; font-variant-numeric: tabular-nums; }
tr, figure, .figures, .facts, .late { break-inside: avoid; page-break-inside: avoid; }
.figures { display: flex; flex-wrap: wrap; gap: 0.75rem; list-style: none; padding: 0; margin: 1rem 0; }
.figures li { flex: 1 1 10rem; border: 1px solid #d1d5db; border-radius: 4px; padding: 0.5rem 0.75rem; }
.figures strong { display: block; font-size: 1.6rem; }
figure { margin: 0 0 1.25rem; padding-left: 1rem; border-left: 3px solid #d1d5db; }
blockquote { margin: 0; }
figcaption { margin-top: 0.25rem; }
article { padding: 1.25rem 0; border-top: 1px solid #d1d5db; }
.facts { margin: 0 0 0.25rem; }
.late { font-weight: 700; color: #b91c1c; background: #fef2f2; border-left: 3px solid #b91c1c; padding: 0.25rem 0.5rem; }
.letter { font-family: Georgia, "Times New Roman", serif; font-size: 1.05rem; }
code { font-family: "Noto Sans Mono", Menlo, Consolas, monospace; font-size: 0.85em; overflow-wrap: anywhere; }
a { color: #1d4ed8; }
@media print {
  html { font-size: 11pt; }
  main { max-width: none; padding: 0; }
  .part { break-before: page; page-break-before: always; }
  a { color: inherit; text-decoration: none; }
}
`;

/** The style element's text as a CSP source: 'sha256-<base64>'. */
export const PACKET_HTML_STYLE_SOURCE = `'sha256-${createHash('sha256').update(PACKET_HTML_CSS, 'utf8').digest('base64')}'`;

/**
 * What the HTML packet is served with: shown inline (the browser prints it), nothing loaded or run
 * but its own style, never framed, never kept by a cache (it is every letter of a campaign).
 */
export const PACKET_HTML_HEADERS = {
  'Content-Security-Policy': `default-src 'none'; style-src ${PACKET_HTML_STYLE_SOURCE}; img-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
} as const;
