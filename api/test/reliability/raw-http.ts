/**
 * A bare HTTP client for hostile and heavy traffic. fetch normalises paths ("/a/../b"), fixes
 * Content-Length and refuses some headers; these suites need the bytes sent exactly as written,
 * and a keep-alive pool for load loops.
 */
import http from 'node:http';

export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The reply parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
}

export function keepAliveAgent(maxSockets: number) {
  return new http.Agent({ keepAlive: true, maxSockets });
}

/** One request; rejects on a network error (refused, reset) or after timeoutMs. */
export function rawRequest(baseUrl: string, r: RawRequest, agent?: http.Agent, timeoutMs = 30_000): Promise<RawReply> {
  const base = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        method: r.method,
        path: r.path,
        headers: {
          ...(r.body !== undefined ? { 'content-length': String(Buffer.byteLength(r.body)) } : {}),
          ...r.headers,
        },
        agent: agent ?? false,
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms: ${r.method} ${r.path}`)));
    req.on('error', reject);
    req.end(r.body);
  });
}
