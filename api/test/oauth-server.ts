/**
 * A real OAuth 2.0 / OpenID Connect server on loopback for the sign-in tests (API and e2e), built
 * on oauth2-mock-server. Run it as its own process:
 *
 *   node --import tsx api/test/oauth-server.ts [port]
 *
 * It prints `OAUTH_SERVER_URL=http://127.0.0.1:PORT` on stdout when ready. Point the API at it
 * with GOOGLE_AUTHORIZE_URL=$URL/authorize, GOOGLE_TOKEN_URL=$URL/token and
 * GOOGLE_USERINFO_URL=$URL/userinfo (any GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET are accepted).
 *
 * Control endpoints (JSON bodies), for tests only:
 *   POST /__control/identity {sub, email, name?, picture?, email_verified?}
 *        who the next person to pass /authorize is. The identity is bound to the authorization
 *        code there (like a person choosing an account at Google), then to the access token, so
 *        flows that run side by side each keep their own identity.
 *   POST /__control/fail {at: 'authorize' | 'token' | 'userinfo'}
 *        the next request at that step fails: authorize redirects back with error=access_denied,
 *        token answers 400 invalid_grant, userinfo answers 500.
 *   POST /__control/reset  forget the identity and pending failures.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2Issuer, OAuth2Service } from 'oauth2-mock-server';

export interface MockIdentity {
  sub: string;
  email?: string;
  name?: string | null;
  picture?: string | null;
  email_verified?: boolean;
}

type FailStep = 'authorize' | 'token' | 'userinfo';

const DEFAULT_IDENTITY: MockIdentity = { sub: 'mock-user-1', email: 'someone@example.org', email_verified: true, name: 'Someone' };

let identity: MockIdentity = DEFAULT_IDENTITY;
const failures = new Set<FailStep>();
const identityByCode = new Map<string, MockIdentity>();
const identityByToken = new Map<string, MockIdentity>();

const issuer = new OAuth2Issuer();
await issuer.keys.generate('RS256');
const service = new OAuth2Service(issuer);

service.on('beforeAuthorizeRedirect', (redirect: { url: URL }) => {
  const code = redirect.url.searchParams.get('code');
  if (failures.delete('authorize')) {
    redirect.url.searchParams.delete('code');
    redirect.url.searchParams.set('error', 'access_denied');
    return;
  }
  if (code) identityByCode.set(code, identity);
});

// Two tokens built in the same second for the same client would otherwise be the same string,
// and identities are looked up by token.
service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
  token.payload.jti = randomUUID();
});

service.on(
  'beforeResponse',
  (response: { body: Record<string, unknown>; statusCode: number }, req: http.IncomingMessage & { body?: Record<string, unknown> }) => {
    if (failures.delete('token')) {
      response.statusCode = 400;
      response.body = { error: 'invalid_grant', error_description: 'refused by the test' };
      return;
    }
    const code = typeof req.body?.code === 'string' ? req.body.code : undefined;
    const who = (code && identityByCode.get(code)) || identity;
    if (code) identityByCode.delete(code);
    const token = response.body.access_token;
    if (typeof token === 'string') identityByToken.set(token, who);
  },
);

service.on('beforeUserinfo', (response: { body: unknown; statusCode: number }, req: http.IncomingMessage) => {
  if (failures.delete('userinfo')) {
    response.statusCode = 500;
    response.body = { error: 'server_error' };
    return;
  }
  const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
  const who = token ? identityByToken.get(token) : undefined;
  if (!who) {
    response.statusCode = 401;
    response.body = { error: 'invalid_token' };
    return;
  }
  response.body = who;
});

async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  const parsed: unknown = text ? JSON.parse(text) : {};
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
}

async function control(req: http.IncomingMessage, res: http.ServerResponse) {
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  try {
    const body = req.method === 'POST' ? await readJson(req) : {};
    if (req.url === '/__control/identity' && req.method === 'POST') {
      if (typeof body.sub !== 'string' || !body.sub) return send(400, { error: 'sub is required' });
      identity = body as unknown as MockIdentity;
      return send(200, { ok: true });
    }
    if (req.url === '/__control/fail' && req.method === 'POST') {
      if (body.at !== 'authorize' && body.at !== 'token' && body.at !== 'userinfo') {
        return send(400, { error: "at must be 'authorize', 'token' or 'userinfo'" });
      }
      failures.add(body.at);
      return send(200, { ok: true });
    }
    if (req.url === '/__control/reset' && req.method === 'POST') {
      identity = DEFAULT_IDENTITY;
      failures.clear();
      return send(200, { ok: true });
    }
    send(404, { error: 'unknown control endpoint' });
  } catch (err) {
    send(400, { error: err instanceof Error ? err.message : String(err) });
  }
}

const server = http.createServer((req, res) => {
  if (req.url?.startsWith('/__control/')) return void control(req, res);
  service.requestHandler(req, res);
});

const port = Number(process.argv[2] ?? process.env.OAUTH_SERVER_PORT ?? 0);
server.listen(port, '127.0.0.1', () => {
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  issuer.url = url;
  process.stdout.write(`OAUTH_SERVER_URL=${url}\n`);
});

const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
