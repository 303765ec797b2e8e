import http from 'node:http';
import zlib from 'node:zlib';

/** What Chromium sends: the budgets and the compression tests ask as a browser would. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

export interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body exactly as it crossed the wire: still compressed, nothing decoded. */
  body: Buffer;
}

/**
 * One request with node:http, which (unlike fetch) neither adds an Accept-Encoding nor decodes the
 * reply, and sends the path exactly as written.
 */
export function rawRequest(url: string, opts: { method?: string; headers?: Record<string, string> } = {}): Promise<RawReply> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: u.hostname, port: u.port, path: u.pathname + u.search, method: opts.method ?? 'GET', headers: opts.headers ?? {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The body as the browser would read it after undoing its Content-Encoding. */
export function decodedBody(reply: RawReply): Buffer {
  switch (reply.headers['content-encoding']) {
    case undefined:
      return reply.body;
    case 'br':
      return zlib.brotliDecompressSync(reply.body);
    case 'gzip':
      return zlib.gunzipSync(reply.body);
    default:
      throw new Error(`unexpected Content-Encoding ${reply.headers['content-encoding']}`);
  }
}
