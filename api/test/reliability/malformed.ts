/**
 * A seeded generator of malformed requests for every route in the OpenAPI registry. Each request
 * is built to be refused: bodies start from a valid example and are mutated until the route's own
 * request schema rejects them, so a generated request that the server accepts is a real finding
 * (and would change the database, which the suite checks).
 */
import querystring from 'node:querystring';
import type { ZodObject, ZodType } from 'zod';
import { LIMITS, PERSPECTIVES, type SettingKey } from '../../src/contract';
import { OPERATIONS, REQUEST_SCHEMAS, type Operation, type RequestName } from '../../src/routes/openapi/operations';
import { png } from '../test-images';
import type { RawRequest } from './raw-http';

export type Auth = 'signed-out' | 'user' | 'admin';

export interface Probe {
  /** What was sent, for the failure message: "POST /api/... body: wrong type for name". */
  label: string;
  op: Operation;
  auth: Auth;
  request: RawRequest;
}

/** Existing rows the requests point at, so a request that slipped through would really write. */
export interface Targets {
  campaignId: number;
  letterId: number;
  messagePointId: number;
  settingKey: SettingKey;
}

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
  };
}
type Random = ReturnType<typeof seededRandom>;

const address = { street_address: '12 Main Street', city: 'Springfield', state: 'IL', zip_code: '62701' };

/** A valid body for each request schema; the suite asserts they are valid, so mutations start from "accepted". */
export function validBodies(t: Targets): Record<Exclude<RequestName, 'LogoUploadForm'>, Record<string, unknown>> {
  return {
    SessionCreate: { code: 'a-sign-in-code-nobody-minted' },
    SignatureCreate: { name: 'Ada Lovelace', email: 'ada@example.org', comment: 'Count me in', is_public: true, ...address },
    LetterGenerate: {
      supporter_name: 'Ada Lovelace',
      supporter_email: 'ada@example.org',
      perspective: PERSPECTIVES[0],
      message_point_ids: [t.messagePointId],
      personal_note: 'I live two streets away.',
      ...address,
    },
    LetterSubmit: {
      supporter_name: 'Ada Lovelace',
      supporter_email: 'ada@example.org',
      perspective: PERSPECTIVES[0],
      message_point_ids: [t.messagePointId],
      letter_content: 'Dear Council,\n\nPlease approve the project.\n\nAda Lovelace',
      ...address,
    },
    CampaignCreate: { title: 'A campaign from the generator', description: 'A description that is long enough to pass.' },
    CampaignUpdate: { title: 'A changed campaign title' },
    MessagePointCreate: { category: 'Housing', talking_points: 'More homes near the new station.' },
    MessagePointUpdate: { is_active: false },
    SettingUpdate: { setting_value: 'false' },
    DeliveryCreate: { since: '2020-01-01T00:00:00Z' },
    Erasure: { email: 'nobody-erasable@example.org' },
    QuarantineCreate: { from: '2020-01-01T00:00:00Z', to: '2020-01-02T00:00:00Z', network: '198.51.100.0/24', reason: 'A burst from one network' },
    AdminInvite: { email: 'invited-by-the-generator@example.org', role: 'viewer' },
    AdminRoleUpdate: { role: 'editor' },
    BoundarySetCreate: {
      name: 'Wards of Springfield',
      geojson: {
        type: 'FeatureCollection',
        features: [{ type: 'Feature', properties: { name: 'Ward 1' }, geometry: { type: 'Polygon', coordinates: [[[-89.7, 39.7], [-89.6, 39.7], [-89.6, 39.8], [-89.7, 39.8], [-89.7, 39.7]]] } }],
      },
    },
  };
}

const BAD_IDS = [
  '-1', '0', '00', '1e99', '1.5', 'abc', 'NaN', 'Infinity', '0x10', '+1', '%201', '1%00', '%00', 'null',
  '2147483648', '99999999999', '..', '%2e%2e', '..%2F..%2Fetc%2Fpasswd', '%2F', '%ZZ', '%', '%E0%A4%A',
  '1%3BDROP%20TABLE%20campaigns', '%F0%9F%98%80', 'x'.repeat(2000), '1,2', '[1]', '%7B%7D',
];
const BAD_SETTING_KEYS = ['unknown_key', '__proto__', 'constructor', 'toString', 'hasOwnProperty', '..', '%00', 'x'.repeat(500), '%ZZ', 'WIDGET_SHOW_PROGRESS'];
const WRONG_VALUES: unknown[] = [
  123, -1, 0, 1e99, 1.5, true, false, null, [], {}, [1, 2], { $gt: '' }, 'text', '', ' ', '1', 'true',
  [null], { toString: 'x' }, -2147483649, 2 ** 53 + 1,
];
const CONTROL = ['\u0000', '\u0007', '\u0008', '\u001b[31m', '\u007f', '\u000b', '\u001f', 'a\u0000b', '\u0000'.repeat(50), '\u0085', '\u009b', '\u0001'];
/** Instants and days outside the years both databases store (contract/instant.ts), and just outside once read in UTC. */
const OUT_OF_RANGE = ['0000-01-01T00:00:00Z', '0999-12-31T23:59:59Z', '1000-01-01T00:00:00+00:01', '9999-12-31T23:59:59-01:00', '0000-01-01', '0999-12-31'];
const DATE_LIKE = /^\d{4}-\d{2}-\d{2}/;
const EXTRA_KEYS = ['__proto__', 'constructor', 'prototype', 'id', 'is_admin', 'supporter_count', 'created_at', 'extra', ''];
const NOT_JSON = ['{', '{"a":', "{'a':1}", '{a:1}', '{"a":1}}', '{"a":1,}', '[1,]', 'undefined', 'NaN', '\u0000', '{"a":"\\x00"}', '{"a":"\\u00"}', 'nul', '--', '<xml/>', '{"a":1}{"b":2}'];
const WRONG_CONTENT_TYPES = [
  'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=xyz', 'application/xml',
  'application/json-seq', 'text/json', 'application/octet-stream', 'image/png', '', 'application/javascript',
];
// Not here: "application/json; charset=utf-16". JSON is UTF-8 by definition (RFC 8259 section 8.1) and the
// server reads every JSON body as UTF-8 whatever charset is declared, so a UTF-8 body under that
// label is accepted, and a real UTF-16 body is refused as malformed JSON.
const PATH_PARAM = /\{(\w+)\}/g;

function deep(kind: 'array' | 'object', depth: number): string {
  return kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

const schemaAccepts = (schema: ZodType, value: unknown) => schema.safeParse(value).success;
const stringKeys = (body: Record<string, unknown>) => Object.keys(body).filter((k) => typeof body[k] === 'string');

interface Mutation {
  label: string;
  body: string | Buffer;
  contentType?: string;
}

/** JSON body mutations; `null` when this one happened to stay valid (the caller tries another). */
function mutateJson(rnd: Random, op: Operation, base: Record<string, unknown>, kind: string): Mutation | null {
  const name = op.body as Exclude<RequestName, 'LogoUploadForm'>;
  const schema = REQUEST_SCHEMAS[name] as ZodType;
  const shapeKeys = Object.keys((schema as unknown as { shape?: Record<string, unknown> }).shape ?? base);
  const keys = [...new Set([...Object.keys(base), ...shapeKeys])];
  const json = (label: string, value: unknown): Mutation | null =>
    schemaAccepts(schema, value) ? null : { label, body: JSON.stringify(value), contentType: 'application/json' };
  const key = rnd.pick(keys);
  switch (kind) {
    case 'missing': {
      const copy = { ...base };
      for (const k of Object.keys(copy)) if (rnd.next() < 0.5) delete copy[k];
      delete copy[key];
      return json(`missing fields (kept ${Object.keys(copy).join(',') || 'none'})`, copy);
    }
    case 'wrong-type':
      return json(`wrong type for ${key}`, { ...base, [key]: rnd.pick(WRONG_VALUES) });
    case 'extra-field': {
      const extra = rnd.pick(EXTRA_KEYS);
      // JSON.stringify drops a "__proto__" own key set by assignment, so the text is written by hand.
      const body = JSON.stringify(base).replace(/^\{/, `{${JSON.stringify(extra)}:${JSON.stringify(rnd.pick(WRONG_VALUES))},`);
      return { label: `extra field "${extra}"`, body, contentType: 'application/json' };
    }
    case 'huge-string': {
      const k = rnd.pick(stringKeys(base).length ? stringKeys(base) : keys);
      const size = rnd.pick([LIMITS.jsonBodyBytes / 2, 2_001, 20_001, LIMITS.jsonBodyBytes + 1]);
      return json(`${size}-character ${k}`, { ...base, [k]: rnd.pick(['x', 'é', '😀', ' ']).repeat(size) });
    }
    case 'empty-string': {
      const copy = { ...base };
      for (const k of stringKeys(base)) if (rnd.next() < 0.6) copy[k] = rnd.pick(['', ' ', '\n\t ']);
      copy[rnd.pick(keys)] = '';
      return json('empty strings', copy);
    }
    case 'control-chars': {
      const k = rnd.pick(stringKeys(base).length ? stringKeys(base) : keys);
      const c = rnd.pick(CONTROL);
      const text = String(base[k] ?? 'text');
      // At the end, or inside the text (where trimming cannot take it away).
      const at = rnd.next() < 0.5 ? text.length : rnd.int(text.length);
      const value = `${text.slice(0, at)}${c}${text.slice(at)}`;
      return json(`control character ${JSON.stringify(c).slice(0, 12)} in ${k}`, { ...base, [k]: value });
    }
    case 'out-of-range-instant': {
      const dated = stringKeys(base).filter((k) => DATE_LIKE.test(String(base[k])));
      const k = dated.length ? rnd.pick(dated) : rnd.pick(name === 'LetterGenerate' ? ['meeting_date'] : ['comment_deadline', 'meeting_date']);
      const v = rnd.pick(OUT_OF_RANGE);
      return json(`${k}=${v}`, { ...base, [k]: v });
    }
    case 'deep-json': {
      const depth = rnd.pick([100, 10_000]);
      const shape = rnd.pick(['array', 'object'] as const);
      const asField = rnd.next() < 0.5;
      const nested = deep(shape, depth);
      const body = asField ? JSON.stringify({ ...base, [key]: '@@' }).replace('"@@"', nested) : nested;
      return { label: `${depth}-deep ${shape}${asField ? ` in ${key}` : ''}`, body, contentType: 'application/json' };
    }
    case 'not-object':
      return { label: 'JSON that is not an object', body: rnd.pick(['[]', '123', '"text"', 'null', 'true', '[{}]', '-0', '1e999']), contentType: 'application/json' };
    case 'not-json':
      return { label: 'not JSON', body: rnd.pick(NOT_JSON), contentType: 'application/json' };
    case 'wrong-content-type': {
      const ct = rnd.pick(WRONG_CONTENT_TYPES);
      // The body itself is valid: only the declared type is wrong, so accepting it would write.
      return { label: `content type "${ct}"`, body: JSON.stringify(base), contentType: ct };
    }
    case 'oversize': {
      // Valid JSON padded past the cap (the route's own, where it has one): refused for its size alone.
      const limit = op.bodyLimitBytes ?? LIMITS.jsonBodyBytes;
      const pad = rnd.pick([limit + 1, Math.max(limit + 1, 100_000)]);
      return { label: `${pad} bytes of padding`, body: JSON.stringify(base) + ' '.repeat(pad), contentType: 'application/json' };
    }
    default:
      throw new Error(`unknown mutation ${kind}`);
  }
}

const BOUNDARY = 'daisBoundary7MA4YWxk';
function multipartBody(parts: { name: string; filename?: string; type?: string; content: Buffer | string }[], close = true) {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`));
    chunks.push(Buffer.isBuffer(p.content) ? p.content : Buffer.from(p.content));
    chunks.push(Buffer.from('\r\n'));
  }
  if (close) chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

function mutateMultipart(rnd: Random): Mutation {
  const ct = `multipart/form-data; boundary=${BOUNDARY}`;
  const image = png();
  const kinds: (() => Mutation)[] = [
    () => ({ label: 'multipart without a boundary', body: multipartBody([{ name: 'logo', filename: 'a.png', type: 'image/png', content: image }]), contentType: 'multipart/form-data' }),
    () => ({ label: 'image in the wrong field', body: multipartBody([{ name: rnd.pick(['file', 'image', 'Logo', '']), filename: 'a.png', type: 'image/png', content: image }]), contentType: ct }),
    () => ({ label: 'two files', body: multipartBody([{ name: 'logo', filename: 'a.png', type: 'image/png', content: image }, { name: 'logo', filename: 'b.png', type: 'image/png', content: image }]), contentType: ct }),
    () => ({ label: 'truncated multipart', body: multipartBody([{ name: 'logo', filename: 'a.png', type: 'image/png', content: image }], false).subarray(0, rnd.int(120) + 10), contentType: ct }),
    () => ({ label: 'garbage under a multipart type', body: Buffer.from(rnd.pick(['hello', '--', `--${BOUNDARY}`, '\u0000\u0000', `--${BOUNDARY}\r\n\r\n`])), contentType: ct }),
    () => ({ label: 'HTML named .png', body: multipartBody([{ name: 'logo', filename: 'x.png', type: 'image/png', content: '<html><script>alert(1)</script></html>' }]), contentType: ct }),
    () => ({ label: 'SVG with script', body: multipartBody([{ name: 'logo', filename: 'x.svg', type: 'image/svg+xml', content: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>' }]), contentType: ct }),
    () => ({ label: 'empty file', body: multipartBody([{ name: 'logo', filename: 'a.png', type: 'image/png', content: '' }]), contentType: ct }),
    () => ({ label: 'no file, only a field', body: multipartBody([{ name: 'logo', content: 'not a file' }]), contentType: ct }),
    () => ({ label: 'path in the file name, text content', body: multipartBody([{ name: 'logo', filename: '../../etc/passwd\u0000.png', type: 'image/png', content: 'root:x:0:0' }]), contentType: ct }),
    () => ({ label: 'too many fields', body: multipartBody([...Array.from({ length: 20 }, (_, i) => ({ name: `f${i}`, content: 'v' })), { name: 'logo', filename: 'a.png', type: 'image/png', content: 'nope' }]), contentType: ct }),
    () => ({ label: 'JSON to the upload route', body: JSON.stringify({ logo: 'x' }), contentType: 'application/json' }),
    () => ({ label: 'image body without multipart', body: image, contentType: 'image/png' }),
  ];
  // Oversize files are rare: each costs megabytes on a shared machine.
  if (rnd.next() < 0.02) {
    const big = png({ padTo: LIMITS.logoBytes + 1024 });
    return { label: 'logo over the size limit', body: multipartBody([{ name: 'logo', filename: 'big.png', type: 'image/png', content: big }]), contentType: ct };
  }
  return rnd.pick(kinds)();
}

/**
 * Query values; `refused` ones must be refused whatever the route's schema says (a control
 * character, an instant outside the years both databases store), the others only where the schema
 * refuses them (so the generator's premise holds: anything sent is invalid).
 */
function queryVariants(schema: ZodObject): { label: string; qs: string; refused?: true }[] {
  const out: { label: string; qs: string; refused?: true }[] = [];
  for (const key of Object.keys(schema.shape)) {
    for (const v of ['abc', '-1', '0', '1e99', '1.5', '%00', '..%2F', '', '99999999', 'x'.repeat(40), '%ZZ', '%E0%A4%A', '1%000']) {
      out.push({ label: `?${key}=${v.slice(0, 12)}`, qs: `${key}=${v}` });
    }
    // A parameter that takes an instant (it takes one and refuses words) must refuse one out of range.
    const instant = schemaAccepts(schema, { [key]: '2020-01-01T00:00:00Z' }) && !schemaAccepts(schema, { [key]: 'abc' });
    for (const v of ['a%00b', 'a%01b', 'a%07b', 'a%1Bb', 'a%7Fb', 'a%C2%85b', 'a%09b', 'a%0Ab', 'a%0D%0Ab', ...(instant ? OUT_OF_RANGE.map(encodeURIComponent) : [])]) {
      out.push({ label: `?${key}=${decodeURIComponent(v).slice(0, 24)}`, qs: `${key}=${v}`, refused: true });
    }
    out.push({ label: `?${key} repeated`, qs: `${key}=1&${key}=2` });
    out.push({ label: `?${key}[]=`, qs: `${key}[a]=1` });
  }
  return out;
}

/** Koa's own reading of a query string (node:querystring: repeated keys become lists, bad escapes stay as typed). */
const parseQuery = (qs: string) => querystring.parse(qs);

const ALL_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];

/** The kinds of malformation that apply to an operation. */
function kindsFor(op: Operation): string[] {
  const kinds = ['wrong-method'];
  if (PATH_PARAM.test(op.path)) kinds.push('bad-path-param');
  PATH_PARAM.lastIndex = 0;
  if (op.query) kinds.push('bad-query');
  if (op.body && !op.multipart) {
    kinds.push('missing', 'wrong-type', 'extra-field', 'huge-string', 'empty-string', 'control-chars', 'deep-json', 'not-object', 'not-json', 'wrong-content-type', 'oversize');
    // Bodies that take an instant or a day: one outside the years both databases store.
    if (['DeliveryCreate', 'QuarantineCreate', 'CampaignCreate', 'CampaignUpdate', 'LetterGenerate'].includes(op.body)) kinds.push('out-of-range-instant');
  }
  if (op.multipart) kinds.push('multipart', 'multipart', 'multipart');
  return kinds;
}

function fillPath(op: Operation, t: Targets, bad?: string) {
  return op.path.replace(PATH_PARAM, (_, name: string) => {
    if (bad !== undefined) return bad;
    if (name === 'key') return t.settingKey;
    if (op.path.startsWith('/api/admin/letters')) return String(t.letterId);
    if (op.path.startsWith('/api/admin/message-points')) return String(t.messagePointId);
    return String(t.campaignId);
  });
}

/** `count` malformed requests, deterministic for a seed; first one of every (route, kind) pair, then at random. */
export function* malformedRequests(seed: number, count: number, t: Targets): Generator<Probe> {
  const rnd = seededRandom(seed);
  const bodies = validBodies(t);
  const pairs = OPERATIONS.flatMap((op) => kindsFor(op).map((kind) => ({ op, kind })));
  for (let i = 0; i < count; i++) {
    // Every (route, kind) pair once, then pairs at random: routes with bodies get most of the traffic.
    const { op, kind } = i < pairs.length ? pairs[i]! : rnd.pick(pairs);
    const auth: Auth = op.access === 'public' ? 'signed-out' : op.access === 'signed-in' ? rnd.pick(['user', 'admin', 'signed-out'] as const) : rnd.next() < 0.7 ? 'admin' : rnd.pick(['user', 'signed-out'] as const);
    const base = op.body && op.body !== 'LogoUploadForm' ? bodies[op.body] : undefined;
    let method: string = op.method;
    let path = fillPath(op, t);
    let label = kind;
    let mutation: Mutation | null = null;

    switch (kind) {
      case 'wrong-method': {
        const served = new Set(OPERATIONS.filter((o) => o.path === op.path).map((o) => o.method));
        method = rnd.pick(ALL_METHODS.filter((m) => !served.has(m as Operation['method'])));
        if (base) mutation = { label: '', body: JSON.stringify(base), contentType: 'application/json' };
        label = `wrong method ${method}`;
        break;
      }
      case 'bad-path-param': {
        const param = op.path.includes('{key}') ? rnd.pick([...BAD_SETTING_KEYS, ...BAD_IDS]) : rnd.pick(BAD_IDS);
        path = fillPath(op, t, param);
        if (base) mutation = { label: '', body: JSON.stringify(base), contentType: 'application/json' };
        if (op.multipart) mutation = { label: '', body: multipartBody([{ name: 'logo', filename: 'a.png', type: 'image/png', content: png() }]), contentType: `multipart/form-data; boundary=${BOUNDARY}` };
        label = `path parameter ${param.slice(0, 30)}`;
        break;
      }
      case 'bad-query': {
        const schema = op.query!;
        const variants = queryVariants(schema).filter((v) => {
          return v.refused || !schemaAccepts(schema, parseQuery(v.qs));
        });
        const v = rnd.pick(variants);
        path = `${path}?${v.qs}`;
        label = `query ${v.label}`;
        break;
      }
      case 'multipart':
        mutation = mutateMultipart(rnd);
        label = mutation.label;
        break;
      default: {
        for (let tries = 0; tries < 20 && !mutation; tries++) mutation = mutateJson(rnd, op, base!, kind);
        // Unknown fields are always refused (every body schema is strict).
        mutation ??= { label: 'extra field', body: JSON.stringify({ ...base, unexpected_field: 1 }), contentType: 'application/json' };
        label = mutation.label;
      }
    }
    const headers: Record<string, string> = {};
    if (mutation?.contentType) headers['content-type'] = mutation.contentType;
    yield { label: `${method} ${op.path}: ${label}`, op, auth, request: { method, path, headers, body: mutation?.body } };
  }
}

/** The same generator's view of validity, exported so the suite can check its own premise. */
export const requestSchemaFor = (name: Exclude<RequestName, 'LogoUploadForm'>) => REQUEST_SCHEMAS[name] as ZodType;
