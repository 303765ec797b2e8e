import { Stream } from 'node:stream';
import zlib from 'node:zlib';
import compress from 'koa-compress';
import { MIN_COMPRESSED_BYTES } from './encoding';

/**
 * Replies made per request (JSON, CSV exports, the 404 page) compressed as the browser accepts:
 * brotli at koa-compress's quality 4 (fast enough per request), else gzip. Built scripts, styles
 * and pages bring their own .br/.gz from the build, and the public campaign read its
 * once-per-change copy (http/encoding.ts): both set ctx.compress = false. zstd and deflate stay off
 * so the encodings on offer are the same on every Node version and for every kind of reply.
 *
 * A streamed reply (a CSV export) gets gzip, whose output flows out every 16 KB as the rows are
 * read; a brotli stream holds megabytes before its first byte, so a download would seem to hang.
 */
export function compressReplies() {
  return compress({
    threshold: MIN_COMPRESSED_BYTES,
    br: (_type, _size, ctx) => !(ctx.body instanceof Stream),
    // Level 1 for a stream: an export is large, CSV shrinks about elevenfold even at 1, and a higher
    // level only adds CPU to a download the organiser is waiting for.
    gzip: (_type, _size, ctx) => (ctx.body instanceof Stream ? { level: zlib.constants.Z_BEST_SPEED } : {}),
    deflate: false,
    zstd: false,
  });
}
