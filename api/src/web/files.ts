import fs from 'node:fs';
import path from 'node:path';
import etag from 'etag';
import type { Context } from 'koa';
import { negotiateEncoding, type ContentEncoding } from '../http/encoding';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
};

const contentTypeOf = (file: string) => CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';

/** One path segment of a built file: no dotfiles, no '..', no separators or encoded tricks. */
const SAFE_SEGMENT = /^[A-Za-z0-9_@~+-][A-Za-z0-9_.@~+-]*$/;

/**
 * The regular file `relative` (a raw, still percent-encoded URL path below `base`) names inside
 * `base`, or null. Refuses anything that could leave `base`: '..', dotfiles, backslashes, encoded
 * slashes, and symlinks pointing outside. Directories are null too: there is no listing.
 */
export async function fileInside(base: string, relative: string): Promise<FileOnDisk | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(relative);
  } catch {
    return null;
  }
  const segments = decoded.split('/');
  if (segments.length === 0 || !segments.every((s) => SAFE_SEGMENT.test(s))) return null;
  const candidate = path.join(base, ...segments);
  if (!isInside(base, candidate)) return null;
  try {
    const [realBase, realFile] = await Promise.all([fs.promises.realpath(base), fs.promises.realpath(candidate)]);
    if (!isInside(realBase, realFile)) return null;
    const stats = await fs.promises.stat(realFile);
    return stats.isFile() ? { path: realFile, size: stats.size, stats } : null;
  } catch {
    return null;
  }
}

const isInside = (base: string, p: string) => {
  const rel = path.relative(base, p);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
};

export interface FileOnDisk {
  path: string;
  size: number;
  stats: fs.Stats;
}

/** A regular file's size, or null when it is missing (a front end not built yet). */
export async function existingFile(file: string): Promise<FileOnDisk | null> {
  try {
    const stats = await fs.promises.stat(file);
    return stats.isFile() ? { path: file, size: stats.size, stats } : null;
  } catch {
    return null;
  }
}

/** Streams a file with its type and length; for HEAD, Koa sends the headers and destroys the stream. */
export function sendFile(ctx: Context, file: FileOnDisk, headers: Record<string, string>, type = contentTypeOf(file.path)) {
  ctx.body = fs.createReadStream(file.path);
  ctx.status = 200;
  ctx.type = type;
  ctx.length = file.size;
  ctx.set(headers);
}

/** What the build writes next to each script, style, page and SVG (vite-plugin-compression2). */
const PRECOMPRESSED: Record<ContentEncoding, string> = { br: '.br', gzip: '.gz' };

/**
 * A built file in the best encoding the request accepts among the variants the build wrote next to
 * it, with Vary and an ETag of the bytes sent (size and time of that variant, so each encoding has
 * its own); a request that already has them gets 304 and no body.
 */
export async function sendBuiltFile(ctx: Context, file: FileOnDisk, headers: Record<string, string>) {
  const variants: Partial<Record<ContentEncoding, FileOnDisk>> = {};
  for (const encoding of ['br', 'gzip'] as const) {
    const variant = await existingFile(file.path + PRECOMPRESSED[encoding]);
    if (variant) variants[encoding] = variant;
  }
  const encoding = negotiateEncoding(ctx.req.headers['accept-encoding'], Object.keys(variants) as ContentEncoding[]);
  const sent = encoding === 'identity' ? file : variants[encoding]!;
  sendFile(ctx, sent, headers, contentTypeOf(file.path));
  ctx.vary('Accept-Encoding');
  ctx.set('ETag', etag(sent.stats, { weak: true }));
  // Already as small as it gets; koa-compress must not touch it (an identity reply included).
  ctx.compress = false;
  if (encoding !== 'identity') ctx.set('Content-Encoding', encoding);
  if (ctx.fresh) {
    ctx.status = 304;
    ctx.body = null;
  }
}
