import compress from 'koa-compress';
import { MIN_COMPRESSED_BYTES } from './encoding';

/**
 * Replies made per request (JSON, CSV exports, the 404 page) compressed as the browser accepts:
 * brotli, else gzip. Streams stay streams (an export is compressed as it is read). Built scripts,
 * styles and pages bring their own .br/.gz from the build, and the public campaign read its
 * once-per-change copy (http/encoding.ts): both set ctx.compress = false. zstd and deflate stay off
 * so the encodings on offer are the same on every Node version and for every kind of reply.
 */
export function compressReplies() {
  return compress({ threshold: MIN_COMPRESSED_BYTES, br: { params: {} }, gzip: {}, deflate: false, zstd: false });
}
