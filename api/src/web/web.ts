import fs from 'node:fs';
import path from 'node:path';
import type { Context, Middleware, Next } from 'koa';
import { ROOT } from '../config';
import type { Deps } from '../deps';
import { EncodedText, sendEncodedText } from '../http/encoding';
import { isApiPath } from '../http/security';
import { existingFile, fileInside, sendBuiltFile } from './files';
import {
  ASSET_HEADERS,
  BUILT,
  HTML_HEADERS,
  ICON_HEADERS,
  SCRIPT_HEADERS,
  SVG_ASSET_CSP,
  webTarget,
  type WebTarget,
} from './pages';
import { ADMIN_PLACEHOLDER, NOT_FOUND_PAGE, SCRIPT_PLACEHOLDER, WIDGET_PLACEHOLDER } from './placeholders';
import { serveUploads } from './uploads';

/** The repository root, from this file's place in it (api/src/web), whatever the working directory. */

/** Outside /api: uploaded logos, then pages, scripts and assets; anything else is the 404 page. */
export function webMiddleware(d: Deps): Middleware[] {
  return [serveUploads(d.config.uploadDir), servePagesAndScripts(ROOT, { contactEmail: d.config.contactEmail })];
}

const READ_METHODS = new Set(['GET', 'HEAD']);

interface SiteFacts {
  /** CONTACT_EMAIL: handed to the admin app's public pages in a <meta> tag (they have no API call for it). */
  contactEmail?: string | null;
}

/** Pages and built scripts from `root` (a parameter so tests can point it at a built tree). */
export function servePagesAndScripts(root: string, site: SiteFacts = {}): Middleware {
  const pages = new LatestEncoded();
  return async (ctx: Context, next: Next) => {
    if (isApiPath(ctx.path)) return next();
    const target = webTarget(ctx.path);
    if (!READ_METHODS.has(ctx.method)) {
      if (!target) return notFoundPage(ctx);
      ctx.status = 405;
      ctx.set('Allow', 'GET, HEAD');
      return;
    }
    if (!target || !(await serveTarget(ctx, root, target, site, pages))) notFoundPage(ctx);
  };
}

/**
 * The last text sent for each page (the admin index with its meta tag, the widget page, the
 * placeholders), so a page is compressed once per change of its file, not on every request.
 */
class LatestEncoded {
  private latest = new Map<string, EncodedText>();

  of(key: string, text: string): EncodedText {
    const known = this.latest.get(key);
    if (known?.text === text) return known;
    const fresh = new EncodedText(text);
    this.latest.set(key, fresh);
    return fresh;
  }
}

/** Answers with the target's file (or its placeholder); false when there is nothing to send. */
async function serveTarget(ctx: Context, root: string, target: WebTarget, site: SiteFacts, pages: LatestEncoded): Promise<boolean> {
  switch (target.kind) {
    case 'page': {
      const built = path.join(root, target.app === 'admin' ? BUILT.adminIndex : BUILT.widgetPage);
      const html = await readIfExists(built);
      ctx.status = 200;
      ctx.type = 'text/html; charset=utf-8';
      ctx.set(HTML_HEADERS[target.app]);
      const page = html ?? (target.app === 'admin' ? ADMIN_PLACEHOLDER : WIDGET_PLACEHOLDER);
      const sent = target.app === 'admin' && site.contactEmail ? withMeta(page, 'dais-contact-email', site.contactEmail) : page;
      // Its ETag is of what is sent, the injected meta tag included.
      sendEncodedText(ctx, pages.of(target.app, sent));
      return true;
    }
    case 'script': {
      const file = await existingFile(path.join(root, target.file));
      if (file) {
        await sendBuiltFile(ctx, file, SCRIPT_HEADERS);
      } else {
        ctx.status = 200;
        ctx.type = 'text/javascript; charset=utf-8';
        ctx.set(SCRIPT_HEADERS);
        sendEncodedText(ctx, pages.of('script placeholder', SCRIPT_PLACEHOLDER));
      }
      return true;
    }
    case 'icon': {
      const file = await existingFile(path.join(root, target.file));
      if (!file) return false;
      await sendBuiltFile(ctx, file, ICON_HEADERS);
      return true;
    }
    case 'asset': {
      for (const dir of BUILT.assetDirs) {
        const file = await fileInside(path.join(root, dir), target.relative);
        if (!file) continue;
        const svg = file.path.endsWith('.svg');
        await sendBuiltFile(ctx, file, svg ? { ...ASSET_HEADERS, 'Content-Security-Policy': SVG_ASSET_CSP } : ASSET_HEADERS);
        return true;
      }
      return false;
    }
  }
}

const escapeAttribute = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function withMeta(html: string, name: string, content: string): string {
  const tag = `<meta name="${name}" content="${escapeAttribute(content)}">`;
  return html.includes('</head>') ? html.replace('</head>', `${tag}</head>`) : tag + html;
}

function notFoundPage(ctx: Context) {
  ctx.status = 404;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set(HTML_HEADERS.admin);
  ctx.body = NOT_FOUND_PAGE;
}

async function readIfExists(file: string): Promise<string | null> {
  try {
    return await fs.promises.readFile(file, 'utf8');
  } catch {
    return null;
  }
}
