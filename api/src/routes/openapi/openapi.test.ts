import { Validator } from '@seriousme/openapi-schema-validator';
import { createProofOfWork } from '../../bot-check/proof-of-work';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import rootPackage from '../../../../package.json';
import { useTestServer } from '../../../test/harness';
import { ACTIVITY_DAYS, LIMITS, SEARCH_MAX } from '../../contract';
import { createLogger } from '../../http/logger';
import { createRateLimiter } from '../../http/rate-limit';
import { apiRouters } from '../index';
import { OPERATIONS, REPLY_SCHEMAS, REQUEST_SCHEMAS } from './operations';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every $ref anywhere in a JSON value. */
function refsIn(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => refsIn(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else refsIn(v, out);
    }
  }
  return out;
}

/** A concrete URL for a registry path: ids become 1, the settings key a real one. */
const concrete = (path: string) => path.replace('{key}', 'widget_logo_url').replace(/\{\w+\}/g, '1');

describe('GET /api/openapi.json', () => {
  const t = useTestServer('sqlite');

  it('is an OpenAPI 3.1 document whose operations reference their schemas', async () => {
    const res = await t.api('GET', '/api/openapi.json', { headers: { origin: 'https://host.example' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const doc = res.body;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: 'Dais API', version: expect.any(String) });
    expect(doc.info.license.identifier).toBe(rootPackage.license);
    expect(doc.servers[0].url).toBe(t.config.publicUrl);
    const schemas = doc.components.schemas as Record<string, unknown>;

    const operationIds = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      expect(path, path).toMatch(/^\/api\//);
      const methods = Object.keys(item);
      expect(methods.length, path).toBeGreaterThan(0);
      for (const [method, op] of Object.entries(item)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(METHODS, where).toContain(method);
        expect(op.summary, where).toEqual(expect.any(String));
        expect(op.tags, where).toHaveLength(1);
        expect(operationIds.has(op.operationId), `${where}: duplicate operationId`).toBe(false);
        operationIds.add(op.operationId);
        const statuses = Object.keys(op.responses);
        expect(statuses.filter((s) => /^2\d\d$/.test(s)), where).toHaveLength(1);
        expect(statuses, where).toContain('500');
        for (const s of statuses.filter((s) => /^[45]/.test(s))) {
          const schema = op.responses[s].content['application/json'].schema;
          expect(schema, `${where} ${s}`).toEqual({ $ref: '#/components/schemas/ErrorReply' });
        }
        for (const name of path.match(/\{(\w+)\}/g) ?? []) {
          const param = op.parameters.find((p: { name: string; in: string }) => `{${p.name}}` === name && p.in === 'path');
          expect(param, `${where} ${name}`).toMatchObject({ required: true, schema: expect.any(Object) });
        }
        if (op.requestBody) {
          const [content] = Object.values(op.requestBody.content) as { schema: { $ref?: string } }[];
          expect(content!.schema.$ref, where).toMatch(/^#\/components\/schemas\/\w+$/);
        }
      }
    }
    for (const r of refsIn(doc)) expect(schemas, r).toHaveProperty(r.replace('#/components/schemas/', ''));
    expect(Object.keys(schemas).sort()).toEqual([...Object.keys(REQUEST_SCHEMAS), ...Object.keys(REPLY_SCHEMAS)].sort());
  });

  it("is a valid OpenAPI 3.1 document by the specification's own JSON Schema (a third party's validator)", async () => {
    const doc = (await t.api('GET', '/api/openapi.json')).body;
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(validator.version).toBe('3.1');
    expect(result.errors ?? [], JSON.stringify(result.errors?.slice(0, 5))).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes requests and replies from the contract itself', async () => {
    const doc = (await t.api('GET', '/api/openapi.json')).body;
    const s = doc.components.schemas;
    // Request bodies as a client sends them: defaults make fields optional, strict objects refuse extras.
    expect(s.CampaignCreate.required).toEqual(['title', 'description']);
    expect(s.CampaignCreate.properties.title).toMatchObject({ type: 'string', minLength: 5, maxLength: 200 });
    expect(s.SignatureCreate.additionalProperties).toBe(false);
    expect(s.SignatureCreate.properties.zip_code).toMatchObject({ minLength: 5 });
    expect(s.LogoUploadForm.properties.logo).toMatchObject({ type: 'string', format: 'binary', maxLength: 2 * 1024 * 1024 });
    expect(s.ErrorReply.properties.code.enum).toContain('unsupported_media_type');

    const upload = doc.paths['/api/admin/campaigns/{id}/upload-logo'].post;
    expect(upload.requestBody.content['multipart/form-data'].schema).toEqual({ $ref: '#/components/schemas/LogoUploadForm' });
    expect(upload.security).toEqual([{ session: [] }]);
    expect(Object.keys(upload.responses)).toEqual(['200', '400', '401', '403', '404', '405', '413', '415', '500']);
    expect(upload.responses['200'].content['application/json'].schema.properties.data).toEqual({
      $ref: '#/components/schemas/UploadedLogo',
    });
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'dais_session' });

    const sign = doc.paths['/api/campaigns/{id}/support'].post;
    expect(sign.security).toEqual([]);
    expect(Object.keys(sign.responses)).toEqual(['200', '400', '404', '405', '409', '413', '415', '429', '500']);
    expect(sign.responses['429'].headers['Retry-After']).toMatchObject({ required: true, schema: { type: 'integer', minimum: 1 } });
    const letters = doc.paths['/api/admin/letters'].get;
    expect(letters.parameters.map((p: { name: string; in: string; required: boolean }) => [p.name, p.in, p.required])).toEqual([
      ['page', 'query', false],
      ['pageSize', 'query', false],
      ['campaign_id', 'query', false],
      ['q', 'query', false],
      ['after', 'query', false],
      ['before', 'query', false],
    ]);
    expect(letters.responses['200'].content['application/json'].schema.required).toEqual(['success', 'data', 'meta']);
    // The limits the server enforces, from the same zod schema.
    const param = (op: { parameters: { name: string; schema: unknown }[] }, name: string) => op.parameters.find((p) => p.name === name)!.schema;
    expect(param(letters, 'pageSize')).toEqual({ type: 'integer', minimum: 1, maximum: LIMITS.page.sizeMax, default: LIMITS.page.sizeDefault });
    expect(param(letters, 'campaign_id')).toEqual({ type: 'integer', minimum: 1, maximum: 2_147_483_647 });
    expect(Object.keys(letters.responses)).toContain('404');
    expect(param(doc.paths['/api/admin/activity'].get, 'days')).toEqual({
      type: 'integer',
      minimum: ACTIVITY_DAYS.min,
      maximum: ACTIVITY_DAYS.max,
      default: ACTIVITY_DAYS.default,
    });
    // The chart's zone: one the platform knows, UTC unless asked; the lists' search: text.
    const zone = param(doc.paths['/api/admin/activity'].get, 'time_zone') as { enum: string[]; default: string };
    expect(zone.default).toBe('UTC');
    expect(zone.enum).toEqual(expect.arrayContaining(['UTC', 'America/Chicago', 'Europe/Berlin']));
    expect(param(letters, 'q')).toEqual({ anyOf: [{ type: 'string', maxLength: SEARCH_MAX }, { type: 'null' }] });
    expect(letters.responses['200'].content['application/json'].schema.properties.meta).toEqual({ $ref: '#/components/schemas/AdminListMeta' });
    const redirect = doc.paths['/api/oauth/google/redirect_url'].get.responses['200'].content['application/json'].schema;
    expect(redirect.required).toEqual(['success', 'data', 'redirectUrl']);
    expect(doc.paths['/api/users/me'].get.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/SignedInUser',
    });
  });

  /** "METHOD /api/path/{param}" for every route the app's routers registered. */
  function servedRoutes(): Set<string> {
    const deps = {
      config: t.config,
      db: t.db,
      logger: createLogger('error'),
      rateLimit: createRateLimiter(0),
      botCheck: createProofOfWork(t.db, { ...t.config.botCheck, secret: t.config.sessionSecret }),
    };
    const served = new Set<string>();
    for (const router of apiRouters(deps)) {
      for (const layer of router.stack) {
        if (typeof layer.path !== 'string') continue;
        for (const method of layer.methods) {
          if (method === 'HEAD' || method === 'OPTIONS') continue;
          served.add(`${method} /api${layer.path.replace(/:(\w+)/g, '{$1}')}`);
        }
      }
    }
    return served;
  }
  const documented = () => new Set(OPERATIONS.map((o) => `${o.method} ${o.path}`));

  it('documents every route the routers serve, once', () => {
    expect(documented().size, 'an operation is listed twice').toBe(OPERATIONS.length);
    const undocumented = [...servedRoutes()].filter((r) => !documented().has(r));
    expect(undocumented, 'served but missing from routes/openapi/operations.ts: add them').toEqual([]);
  });

  // While other routes land this one may fail alone, naming exactly what is still missing.
  it('documents no route the routers do not serve', () => {
    const served = servedRoutes();
    const notServed = [...documented()].filter((r) => !served.has(r));
    expect(
      notServed,
      'listed in routes/openapi/operations.ts but not served (yet): land the route, or take it off the list',
    ).toEqual([]);
  });

  it("answers other sites exactly where the registry says the widget may call from anywhere", async () => {
    for (const op of OPERATIONS) {
      const res = await t.api('OPTIONS', concrete(op.path), {
        headers: { origin: 'https://host.example', 'access-control-request-method': op.method },
      });
      const allowed = res.headers.get('access-control-allow-origin') === '*';
      expect(allowed, `${op.method} ${op.path} is origin '${op.origin}'`).toBe(op.origin === 'any');
    }
  });

  it('replies to the parameterless reads with the documented status and shape', async () => {
    await t.campaign();
    const admin = await t.adminCookie();
    const reads = OPERATIONS.filter((o) => o.method === 'GET' && !o.path.includes('{') && o.reply.schema);
    expect(reads.length).toBeGreaterThan(8);
    for (const op of reads) {
      const cookie = op.access === 'public' ? undefined : op.access === 'admin' ? admin : await t.userCookie();
      const res = await t.api('GET', op.path, { cookie });
      expect(res.status, op.path).toBe(op.reply.status ?? 200);
      const item = REPLY_SCHEMAS[op.reply.schema!];
      const dataSchema = op.reply.list ? z.array(item) : item;
      const data = op.reply.bare ? res.body : res.body.data;
      const parsed = dataSchema.safeParse(data);
      expect(parsed.success, `${op.path}: ${parsed.error?.message}`).toBe(true);
      if (!op.reply.bare) expect(res.body.success, op.path).toBe(true);
      if (op.reply.paged) expect(REPLY_SCHEMAS[op.reply.paged === true ? 'PageMeta' : op.reply.paged].safeParse(res.body.meta).success, op.path).toBe(true);
    }
  });
});
