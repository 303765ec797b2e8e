import zlib from 'node:zlib';
import etag from 'etag';
import Negotiator from 'negotiator';
import type { Context } from 'koa';

export type ContentEncoding = 'br' | 'gzip';

/** Ours first among encodings the browser rates equally: brotli is smaller, gzip is everywhere. */
const PREFERENCE = ['br', 'gzip', 'identity'] as const;

/**
 * Below this, compressing per request costs more than it saves (koa-compress's threshold, see
 * compression.ts). Text compressed once per change (EncodedText) is compressed at any size.
 */
export const MIN_COMPRESSED_BYTES = 1024;

/**
 * The encoding to send, among `available` (what exists for this reply), as the request's
 * Accept-Encoding allows: q-values honoured (`br;q=0` refuses brotli), our preference on ties, and
 * identity when nothing else is acceptable.
 */
export function negotiateEncoding(acceptEncoding: string | undefined, available: readonly ContentEncoding[]): ContentEncoding | 'identity' {
  const header = acceptEncoding ?? '';
  const key = `${available.join(',')}|${header}`;
  let chosen = negotiated.get(key);
  if (chosen === undefined) {
    const offered = PREFERENCE.filter((e) => e === 'identity' || available.includes(e));
    const request = { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } };
    const best = new Negotiator(request).encoding(offered, { preferred: PREFERENCE });
    chosen = best === 'br' || best === 'gzip' ? best : 'identity';
    if (negotiated.size >= MAX_REMEMBERED_HEADERS) negotiated.clear();
    negotiated.set(key, chosen);
  }
  return chosen;
}

/**
 * Browsers send a handful of distinct Accept-Encoding values, and the public campaign read is
 * answered tens of thousands of times a second: parsing the header once per value, not once per
 * request, keeps that read near a bare server's speed. Capped, since the header is the client's.
 */
const negotiated = new Map<string, ContentEncoding | 'identity'>();
const MAX_REMEMBERED_HEADERS = 100;

/**
 * A text reply that is sent many times between changes (a page, the public campaign read),
 * compressed at most once per encoding, on the first request that wants it, instead of per request.
 */
export class EncodedText {
  readonly text: string;
  readonly bytes: Buffer;
  /** Weak: the same for every encoding of the same text, which is what weak ETags mean. */
  readonly etag: string;
  private readonly encoded: Partial<Record<ContentEncoding, Buffer | null>> = {};

  constructor(text: string) {
    this.text = text;
    this.bytes = Buffer.from(text);
    this.etag = etag(this.bytes, { weak: true });
  }

  /** The text in `encoding`, or null when that would not be smaller (a tiny reply). */
  in(encoding: ContentEncoding): Buffer | null {
    if (this.encoded[encoding] === undefined) {
      const compressed =
        encoding === 'br'
          ? // Quality 5: within a few per cent of 11 on JSON and HTML this size, at a tenth of the time.
            zlib.brotliCompressSync(this.bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
          : zlib.gzipSync(this.bytes);
      this.encoded[encoding] = compressed.length < this.bytes.length ? compressed : null;
    }
    return this.encoded[encoding];
  }
}

/**
 * Sends `text` in the best encoding the request accepts, with Vary and its ETag; a request whose
 * If-None-Match already has it gets 304 and no body. Koa sends HEAD's headers without the body.
 */
export function sendEncodedText(ctx: Context, text: EncodedText): void {
  ctx.set('ETag', text.etag);
  ctx.vary('Accept-Encoding');
  // Compressed here (once), so koa-compress must not compress it again per request.
  ctx.compress = false;
  // Only a conditional request can be fresh; asking Koa otherwise costs a copy of the headers.
  if (ctx.get('If-None-Match') && ctx.fresh) {
    ctx.status = 304;
    ctx.body = null;
    return;
  }
  const encoding = negotiateEncoding(ctx.req.headers['accept-encoding'], ['br', 'gzip']);
  const compressed = encoding === 'identity' ? null : text.in(encoding);
  if (!compressed) {
    ctx.body = text.bytes;
    return;
  }
  ctx.set('Content-Encoding', encoding);
  ctx.body = compressed;
}
