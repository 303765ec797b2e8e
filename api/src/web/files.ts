import fs from 'node:fs';
import path from 'node:path';
import type { Context } from 'koa';

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
export async function fileInside(base: string, relative: string): Promise<{ path: string; size: number } | null> {
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
    const stat = await fs.promises.stat(realFile);
    return stat.isFile() ? { path: realFile, size: stat.size } : null;
  } catch {
    return null;
  }
}

const isInside = (base: string, p: string) => {
  const rel = path.relative(base, p);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
};

/** A regular file's size, or null when it is missing (a front end not built yet). */
export async function existingFile(file: string): Promise<{ path: string; size: number } | null> {
  try {
    const stat = await fs.promises.stat(file);
    return stat.isFile() ? { path: file, size: stat.size } : null;
  } catch {
    return null;
  }
}

/** Streams a file with its type and length; for HEAD, Koa sends the headers and destroys the stream. */
export function sendFile(ctx: Context, file: { path: string; size: number }, headers: Record<string, string>) {
  ctx.body = fs.createReadStream(file.path);
  ctx.status = 200;
  ctx.type = contentTypeOf(file.path);
  ctx.length = file.size;
  ctx.set(headers);
}
