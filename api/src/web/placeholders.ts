/**
 * What the server sends while a front end has not been built: honest about what is missing and
 * how to get it, and pointing at what already works (the API and its description).
 */

export const SCRIPT_PLACEHOLDER = "console.warn('[dais] the widget has not been built yet: run npm run build');\n";

const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1f2937}' +
  'code{background:#f0fdf4;padding:0 .25rem}a{color:#047857}';

function page(title: string, paragraphs: string[]): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="Dais: petitions and public-comment letters to a decision body.">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<title>${title} · Dais</title>
<style>${STYLE}</style>
</head>
<body>
<h1>${title}</h1>
${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}
</body>
</html>
`;
}

const API_LINKS =
  'Meanwhile the API answers: <a href="/api/campaigns">/api/campaigns</a> lists the active campaigns and ' +
  '<a href="/api/openapi.json">/api/openapi.json</a> describes every call.';

export const ADMIN_PLACEHOLDER = page('Dais is running', [
  'This address will show the public campaign list, and <code>/admin</code> the admin console, once ' +
    'the admin app is built. It has not been built yet: run <code>npm run build</code> (or <code>npm start</code>, ' +
    'which builds first), then reload.',
  API_LINKS,
]);

export const WIDGET_PLACEHOLDER = page('Campaign widget not built yet', [
  'This page will show a campaign&#39;s widget (sign the petition, write a letter, share) once the widget ' +
    'is built. It has not been built yet: run <code>npm run build</code>, then reload.',
  API_LINKS,
]);

export const NOT_FOUND_PAGE = page('Page not found', [
  'There is nothing at this address. <a href="/">Go to the campaign list</a>.',
]);
