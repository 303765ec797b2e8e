import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import querystring from 'node:querystring';
import { findControlCharacter } from '../../contract';
import type { Deps } from '../../deps';
import { negotiateEncoding } from '../../http/encoding';
import { PUBLIC_CORS_HEADERS, replyHeaders } from '../../http/security';
import { publicCampaigns } from '../../services/public-campaigns';
import { campaignRead } from './campaigns';

const CAMPAIGN_READ_PATH = /^\/api\/campaigns\/([^/?]+)$/;
const MAX_REMEMBERED_IDS = 10_000;

/** Answered the request (true), or left it to the Koa app (false). */
export type HotRead = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * GET /api/campaigns/:id, the call every widget view makes, answered before Koa when this process
 * holds a fresh copy (services/public-campaigns.ts): with every middleware's header and promise
 * in the way, the read cost twice to four times what a bare node:http server spends on a request,
 * and a viral campaign's watchers are most of an installation's traffic. It answers only a request
 * the route would answer the same way: the route's own schemas parse the id and the query, the
 * headers are the ones the middleware would set (security.ts, the same ETag and encodings as
 * okEncoded), a line is logged when request logs are on. Anything else (a miss, a conditional
 * request, HEAD, an invalid id or query) goes on to the app, whose route answers it and its errors.
 * hot-read.test.ts asks the same read both ways and holds the answers to the same headers and bytes.
 */
export function hotCampaignRead({ config, db, logger }: Deps): HotRead {
  const cache = publicCampaigns(db);
  const { every, api } = replyHeaders(config);
  // Koa's order: the request id, security headers, CORS, then what the reply sets.
  const fixed = Object.entries({ ...every, ...api, ...PUBLIC_CORS_HEADERS }).flatMap(([name, value]) =>
    name === 'Vary' ? [name, `${value}, Accept-Encoding`] : [name, value],
  );
  // The route's schema decides which ids are valid; a widget asks for the same few ids all day, so
  // each one's verdict is remembered (capped: the path is the client's to write).
  const validIds = new Map<string, number>();
  const validId = (raw: string): number | undefined => {
    const known = validIds.get(raw);
    if (known !== undefined) return known;
    const parsed = campaignRead.params.safeParse({ id: raw });
    if (!parsed.success) return undefined;
    if (validIds.size >= MAX_REMEMBERED_IDS) validIds.clear();
    validIds.set(raw, parsed.data.id);
    return parsed.data.id;
  };
  return (req, res) => {
    if (req.method !== 'GET' || req.headers['if-none-match'] !== undefined) return false;
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const path = CAMPAIGN_READ_PATH.exec(q < 0 ? url : url.slice(0, q));
    if (!path) return false;
    const id = validId(path[1]!);
    if (id === undefined) return false;
    if (q >= 0) {
      // As validate() reads it: the schema, then no control character in any value (the route refuses those).
      const query = querystring.parse(url.slice(q + 1));
      if (!campaignRead.query.safeParse(query).success || findControlCharacter(query, false) !== null) return false;
    }
    const reply = cache.cachedReply(id);
    if (reply === undefined) return false;

    const start = config.logRequests ? performance.now() : 0;
    const encoding = negotiateEncoding(req.headers['accept-encoding'], ['br', 'gzip']);
    const compressed = encoding === 'identity' ? null : reply.in(encoding);
    const body = compressed ?? reply.bytes;
    const reqId = randomUUID();
    const headers = ['X-Request-Id', reqId, ...fixed, 'Content-Type', 'application/json; charset=utf-8', 'ETag', reply.etag];
    if (compressed) headers.push('Content-Encoding', encoding);
    headers.push('Content-Length', String(body.length));
    res.writeHead(200, headers);
    res.end(body);
    if (config.logRequests) {
      // The line the app's requestLog writes for this route: its pattern, as routeOf names it.
      logger.info('request', { reqId, method: 'GET', route: '/api/campaigns/:id', status: 200, ms: Math.round(performance.now() - start) });
    }
    return true;
  };
}
