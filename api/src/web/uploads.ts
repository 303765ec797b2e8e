import type { Context, Middleware, Next } from 'koa';
import { storedLogoFile } from '../uploads/storage';
import { existingFile, sendFile } from './files';

/**
 * Uploaded logos. Only names storeLogo makes are served (32 hex characters and an image
 * extension), so no other file and no path outside uploadDir can be reached; anything else falls
 * through to the 404 page. Host pages show logos, hence cross-origin; the sandboxing CSP and
 * nosniff make sure a file is only ever an image, even opened on its own.
 */
export function serveUploads(uploadDir: string): Middleware {
  return async (ctx: Context, next: Next) => {
    if (!ctx.path.startsWith('/uploads/') || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const stored = storedLogoFile(uploadDir, ctx.path);
    const file = stored && (await existingFile(stored.path));
    if (!file) return next();
    sendFile(ctx, file, {
      'X-Content-Type-Options': 'nosniff',
      'Cross-Origin-Resource-Policy': 'cross-origin',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      // A name is never reused for other content, so the file can be cached for good.
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  };
}
