import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Koa, { type Context, type Next } from 'koa';
import { koaBody } from 'koa-body';
import { LIMITS } from './contract';
import type { Config } from './config';
import type { Database } from './db/data-source';
import type { Deps } from './deps';
import { compressReplies } from './http/compression';
import { AppError, errorHandler, sendError } from './http/errors';
import { createLogger, forRequest, routeOf, type Logger } from './http/logger';
import { createRateLimiter, rateLimitStoreFor } from './http/rate-limit';
import { isApiPath, publicCors, sameOriginWrites, securityHeaders } from './http/security';
import { apiRouters, rootMiddleware, ROUTES_WITH_OWN_BODY } from './routes';
import { apiRouter } from './routes/api-router';
import { hotCampaignRead } from './routes/campaigns/hot-read';
import { prepareOutbox } from './mail/outbox';
import { prepareConfirmations } from './confirmations/setup';
import { createProofOfWork } from './bot-check/proof-of-work';

/** Paths the widget calls from other sites' pages: CORS without credentials. */
const PUBLIC_API = /^\/api\/(campaigns(\/.*)?|challenge|settings\/(widget|letter-success)|openapi\.json)$/;

/**
 * The whole server as one request listener: the hot campaign read answered before Koa when this
 * process holds a fresh copy (routes/campaigns/hot-read.ts), everything else by the Koa app.
 */
export function createApp(opts: { config: Config; db: Database; logger?: Logger }): (req: IncomingMessage, res: ServerResponse) => unknown {
  const { config, db } = opts;
  const logger = opts.logger ?? createLogger(config.logLevel);
  const rateLimit = createRateLimiter(config.rateLimitPerMinute, { store: rateLimitStoreFor(config, db), logger });
  const botCheck = createProofOfWork(db, { ...config.botCheck, secret: config.sessionSecret });
  const deps: Deps = { config, db, logger, rateLimit, botCheck };
  // Routes and commands queue mail (mail/outbox.ts) with this server's Message-ID domain.
  prepareOutbox(db, config.mail);
  // Supporters' confirmation e-mails link to this server's /confirm and /remove pages, with links
  // made from SESSION_SECRET as the e-mails are sent (confirmations/tokens.ts).
  prepareConfirmations(db, { publicUrl: config.publicUrl, days: config.confirmationDays, logger, secret: config.sessionSecret });

  // Behind N proxies the client address is the Nth X-Forwarded-For entry from the right: Koa keeps
  // the last maxIpsCount entries and ctx.ip is the first of those. Entries further left are
  // whatever the client wrote, so they must never key a rate limit.
  const proxyHops = config.trustProxyHops;
  const app = new Koa({ proxy: proxyHops > 0, maxIpsCount: proxyHops });
  app.silent = true;
  // Errors thrown by middleware are answered and logged by errorHandler; what reaches Koa's own
  // handler failed after the reply began (a streamed export), so it is only logged here.
  // A browser that navigates away mid-download (an image, an export) closes its connection: that
  // is the client's choice, not a failure of ours, so it is noted without an error and a stack.
  app.on('error', (err: unknown, ctx?: Context) => {
    const log = ctx ? forRequest(logger, ctx) : logger;
    const route = ctx ? routeOf(ctx) : undefined;
    if (isClientGone(err)) log.info('client closed the connection before the reply was complete', { route });
    else log.error('reply failed after it began', { route, error: err });
  });

  app.use(requestLog(logger, config.logRequests));
  app.use(securityHeaders(config));
  app.use(errorHandler(logger));
  // Anything under /api that no route answered is a JSON 404 (or 405), never an HTML page. It wraps
  // everything downstream so it sees the 405 that the router's allowedMethods() sets on the way out,
  // and the 501 they set for a method no router knows (PROPFIND, LINK): to a client that too is a
  // method this address does not take, so the same 405 with its Allow (a 404 where nothing is served).
  app.use(async (ctx: Context, next: Next) => {
    await next();
    if (isApiPath(ctx.path) && (ctx.status === 404 || ctx.status === 405 || ctx.status === 501) && !ctx.body) {
      const wrongMethod = ctx.status === 405 || (ctx.status === 501 && ctx.response.get('Allow') !== '');
      if (!wrongMethod) ctx.remove('Allow');
      sendError(
        ctx,
        wrongMethod
          ? new AppError('method_not_allowed', `${ctx.method} is not supported on ${ctx.path}`)
          : new AppError('not_found', `No such API route: ${ctx.method} ${ctx.path}`),
      );
    }
  });

  const publicCorsMw = publicCors();
  const sameOrigin = sameOriginWrites(config);
  app.use((ctx: Context, next: Next) => {
    if (!isApiPath(ctx.path)) return next();
    return PUBLIC_API.test(ctx.path) ? publicCorsMw(ctx, next) : sameOrigin(ctx, next);
  });

  app.use(compressReplies());

  // JSON only, capped; multipart is parsed by the upload routes themselves, and the few routes
  // whose JSON may be larger (a boundary file) read their own after their auth guard.
  const body = koaBody({
    json: true,
    jsonLimit: LIMITS.jsonBodyBytes,
    urlencoded: false,
    text: false,
    multipart: false,
  });
  const readsOwnBody = (ctx: Context) => ROUTES_WITH_OWN_BODY.some((r) => r.path === ctx.path && r.method === ctx.method);
  app.use((ctx: Context, next: Next) => (isApiPath(ctx.path) && !readsOwnBody(ctx) ? body(ctx, next) : next()));

  // Every check above decides by the exact, case-sensitive `/api/` prefix (isApiPath), so the
  // router must serve exactly those paths: no `/API/...`, no trailing-slash twins.
  const api = apiRouter({ prefix: '/api' });
  // One allowedMethods() for the whole /api router, below: it sees every nested route, and one per
  // resource router would run fourteen promise-chained middleware on every request (about 25 µs of
  // a signature's CPU) to set the same Allow.
  for (const r of apiRouters(deps)) api.use(r.routes());
  const loose = api.stack.filter((layer) => layer.opts.sensitive !== true || layer.opts.strict !== true);
  if (loose.length > 0) {
    throw new Error(`Make these /api routes with apiRouter() (case-sensitive, strict): ${loose.map((l) => l.path).join(', ')}`);
  }
  app.use(api.routes());
  app.use(api.allowedMethods());

  for (const mw of rootMiddleware(deps)) app.use(mw);

  const koa = app.callback();
  const hotRead = hotCampaignRead(deps);
  return (req, res) => hotRead(req, res) || koa(req, res);
}

/**
 * Gives every request an id, sent back as X-Request-Id and carried by every log line written while
 * answering it; then one line per request: method, route (the pattern, never the path: a link's
 * token travels there; routeOf), status, milliseconds. Nothing personal, no secret. The id is
 * always ours: an incoming X-Request-Id is not trusted, since any client could use it to make its
 * requests look like someone else's in the logs.
 */
function requestLog(logger: Logger, enabled: boolean) {
  return async (ctx: Context, next: Next) => {
    const reqId = randomUUID();
    ctx.state.reqId = reqId;
    ctx.set('X-Request-Id', reqId);
    if (!enabled) return next();
    const start = performance.now();
    try {
      await next();
    } finally {
      logger.info('request', {
        reqId,
        method: ctx.method,
        route: routeOf(ctx),
        status: ctx.status,
        ms: Math.round(performance.now() - start),
      });
    }
  };
}

const isClientGone = (err: unknown) =>
  err instanceof Error && ['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE'].includes((err as NodeJS.ErrnoException).code ?? '');
