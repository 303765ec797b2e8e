import type { z } from 'zod';
import type { GeocoderProvider } from './geocoder-config';
import { GeocoderRefused, GeocoderUnavailable } from './geocoder';

/**
 * One GET to a geocoder, its JSON body parsed, every failure turned into a GeocoderUnavailable or a
 * GeocoderRefused whose reason is ours. Nothing from the request (whose query is an address) or the
 * reply's text goes into an error: a JSON.parse message quotes the body, which echoes the address.
 */

export interface GeocoderRequest {
  provider: GeocoderProvider;
  userAgent: string;
  /** For the whole exchange, the body's last byte included. */
  timeoutMs: number;
}

/** A Census or Nominatim reply is about a kilobyte; a server sending far more is not one of them. */
const MAX_REPLY_BYTES = 1024 * 1024;

class ReplyTooLarge extends Error {}

/**
 * The geocoder's reply read as its documented shape (`reply`); `replyName` says what it should
 * have been when it is not ("the Census geocoder's JSON").
 */
export async function getReply<T extends z.ZodType>(url: URL, request: GeocoderRequest, reply: T, replyName: string): Promise<z.infer<T>> {
  const parsed = reply.safeParse(await getJson(url, request));
  if (!parsed.success) throw new GeocoderUnavailable(request.provider, `the reply is not ${replyName}`);
  return parsed.data;
}

async function getJson(url: URL, request: GeocoderRequest): Promise<unknown> {
  const { provider, timeoutMs } = request;
  let text: string;
  try {
    const response = await fetch(url, {
      headers: { 'user-agent': request.userAgent, accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) {
      // Frees the connection for the next request instead of leaving the body unread.
      await response.body?.cancel().catch(() => undefined);
      const { status } = response;
      if (status >= 400 && status < 500 && status !== 429) throw new GeocoderRefused(provider, status);
      throw new GeocoderUnavailable(provider, `HTTP ${status}`, retryAfterMs(response.headers.get('retry-after')));
    }
    text = await readText(response);
  } catch (error) {
    if (error instanceof GeocoderRefused || error instanceof GeocoderUnavailable) throw error;
    throw new GeocoderUnavailable(provider, failureReason(error, timeoutMs));
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new GeocoderUnavailable(provider, 'the reply is not JSON');
  }
}

async function readText(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    bytes += part.value.byteLength;
    if (bytes > MAX_REPLY_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw new ReplyTooLarge();
    }
    chunks.push(part.value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function failureReason(error: unknown, timeoutMs: number): string {
  if (error instanceof ReplyTooLarge) return `the reply is over ${MAX_REPLY_BYTES} bytes`;
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') return `timed out after ${timeoutMs} ms`;
  // undici's 'fetch failed' carries the system's code (ECONNREFUSED, ENOTFOUND, UND_ERR_SOCKET) in its cause.
  const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof code === 'string' && /^[A-Z0-9_]{1,40}$/.test(code) ? `network error (${code})` : 'network error';
}

/** Retry-After in seconds (its HTTP-date form is rare from these services and not worth a parser). */
function retryAfterMs(header: string | null): number | null {
  return header && /^\d{1,6}$/.test(header.trim()) ? Number(header.trim()) * 1000 : null;
}
