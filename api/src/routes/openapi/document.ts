import { z, type ZodType } from 'zod';
import { confirmationTokenSchema, ERROR_STATUS, PACKET_LETTERS_HEADER, pathId, SETTING_KEYS, type ErrorCode } from '../../contract';
import { SESSION_COOKIE } from '../../auth/sessions';
import { OPERATIONS, REPLY_SCHEMAS, REQUEST_SCHEMAS, type Operation, type ReplyName } from './operations';

type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string; license: { name: string; identifier: string } };
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, JsonSchema>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
}

/** The schema of each path parameter name the routes use. */
const PATH_PARAMS: Record<string, ZodType> = {
  id: pathId('id'),
  campaign_id: pathId('campaign_id'),
  key: z.enum(SETTING_KEYS),
  token: confirmationTokenSchema,
};

const REFUSALS: Record<ErrorCode, string> = {
  validation_failed: 'the input is not valid; `error` says what to fix and `field` where',
  malformed_json: 'the body is not valid JSON',
  unsupported_media_type: 'the body is not of the accepted type',
  payload_too_large: 'the body is larger than allowed',
  unauthenticated: 'no valid session: sign in first',
  forbidden: 'signed in, but not an active admin',
  cross_origin_refused: 'sent from another site: only the Dais pages may make this change',
  misdirected: "sent to a Host that is not PUBLIC_URL's (its host and port): sign in at PUBLIC_URL",
  not_found: 'nothing with that id or name',
  gone: 'it existed, but no longer works (an expired link)',
  method_not_allowed: 'the address exists, but not with this method (another method sent here); Allow lists those it answers',
  action_disabled: 'this action is turned off for the campaign',
  conflict: 'the change conflicts with existing records',
  rate_limited: 'too many requests from this network; wait Retry-After seconds',
  internal: 'something went wrong on the server; try again in a moment',
  unavailable: 'this server cannot reach its database; a load balancer should send traffic elsewhere',
};

/** Headers a refusal always carries. */
const REFUSAL_HEADERS: Partial<Record<ErrorCode, Record<string, JsonSchema>>> = {
  rate_limited: {
    'Retry-After': { description: 'Seconds until this network may try again', required: true, schema: { type: 'integer', minimum: 1 } },
  },
  method_not_allowed: {
    Allow: { description: 'The methods this address answers, comma-separated', required: true, schema: { type: 'string' } },
  },
};

const TAGS: Record<Operation['tag'], string> = {
  Campaigns: 'Public campaign reads for the landing page and the widget (any origin, no credentials)',
  Signatures: 'Signing a petition from the widget',
  Letters: 'Writing and submitting a letter from the widget',
  'Bot check':
    'Invisible proof of work on the public writes: solve a challenge, send the solution as `altcha` (base64 of {algorithm, challenge, number, salt, signature}); each works once',
  Confirmations: "A supporter's e-mail links, sent by the Dais pages they open: confirm, or remove everything sent under that address",
  Settings: 'Public settings the widget and the review page read',
  Session: 'Sign-in, the current user and sign-out',
  Admin: 'The admin console: needs the session cookie of an active admin',
  Documentation: 'This document',
  Health: 'For load balancers and monitoring: does this server answer, and its database',
};

const ref = (name: ReplyName | keyof typeof REQUEST_SCHEMAS) => ({ $ref: `#/components/schemas/${name}` });

/** A zod schema as JSON Schema 2020-12 (what OpenAPI 3.1 uses), as sent (input) or received (output). */
function jsonSchema(schema: ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, target: 'draft-2020-12' }) as JsonSchema;
  return rest;
}

/** The OpenAPI 3.1 description of every /api route, generated from the contract's zod schemas. */
export function buildOpenApiDocument(serverUrl: string): OpenApiDocument {
  const schemas: Record<string, JsonSchema> = {};
  for (const [name, s] of Object.entries(REQUEST_SCHEMAS)) schemas[name] = jsonSchema(s, 'input');
  for (const [name, s] of Object.entries(REPLY_SCHEMAS)) schemas[name] = jsonSchema(s, 'output');

  const paths: OpenApiDocument['paths'] = {};
  for (const op of OPERATIONS) {
    paths[op.path] ??= {};
    paths[op.path]![op.method.toLowerCase()] = operationObject(op);
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Dais API',
      version: '0.1.0',
      description:
        'Petitions and public-comment letters to a decision body. Every reply is ' +
        '`{"success": true, "data": ..., "meta"?: ...}` or `{"success": false, "error": "...", "code": "..."}` ' +
        '(schema ErrorReply), except where an operation says it is not wrapped.',
      // The repository's licence (package.json); openapi.test.ts keeps the two the same.
      license: { name: 'GNU Affero General Public License v3.0 or later', identifier: 'AGPL-3.0-or-later' },
    },
    servers: [{ url: serverUrl }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'Set by POST /api/sessions after signing in with Google; httpOnly, SameSite=Strict',
        },
      },
    },
  };
}

function operationObject(op: Operation): JsonSchema {
  const parameters = [...pathParameters(op.path), ...queryParameters(op.query)];
  return {
    operationId: operationId(op),
    summary: op.summary,
    tags: [op.tag],
    security: op.access === 'public' ? [] : [{ session: [] }],
    ...(parameters.length ? { parameters } : {}),
    ...(op.body ? { requestBody: requestBody(op) } : {}),
    responses: { [String(op.reply.status ?? 200)]: successResponse(op), ...errorResponses(op) },
  };
}

/** getApiCampaignsId, postApiAdminUploadLogo, ... : stable and unique per method and path. */
function operationId(op: Operation): string {
  const words = op.path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return op.method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

function pathParameters(path: string): JsonSchema[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => {
    const schema = PATH_PARAMS[name!];
    if (!schema) throw new Error(`openapi: no schema for the path parameter {${name}} of ${path}; add it to PATH_PARAMS`);
    return { name, in: 'path', required: true, schema: jsonSchema(schema, 'output') };
  });
}

/**
 * A parameter's schema is the value as parsed (OpenAPI serializes it into the URL): the contract's
 * URL numbers parse to integers with their minimum and maximum, the limits the server enforces.
 * Whether it is required comes from the input side, where a default makes it optional.
 */
function queryParameters(query: Operation['query']): JsonSchema[] {
  if (!query) return [];
  type ObjectSchema = { properties?: Record<string, JsonSchema>; required?: string[] };
  const sent = jsonSchema(query, 'input') as ObjectSchema;
  const parsed = jsonSchema(query, 'output') as ObjectSchema;
  return Object.entries(parsed.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: sent.required?.includes(name) ?? false,
    schema,
  }));
}

function requestBody(op: Operation): JsonSchema {
  const type = op.multipart ? 'multipart/form-data' : 'application/json';
  return { required: true, content: { [type]: { schema: ref(op.body!) } } };
}

function successResponse(op: Operation): JsonSchema {
  const { reply } = op;
  if (reply.html) {
    return {
      description: 'An HTML page, sent as it is made, shown inline (no Content-Disposition)',
      headers: {
        'Content-Security-Policy': { description: "Nothing loaded or run but the page's own style element, allowed by its hash", required: true, schema: { type: 'string', pattern: "^default-src 'none'; style-src 'sha256-" } },
      },
      content: { 'text/html': { schema: { type: 'string' } } },
    };
  }
  if (reply.csv || reply.pdf) {
    const ext = reply.pdf ? 'pdf' : 'csv';
    return {
      description: reply.pdf ? 'A PDF file, sent as it is made' : 'A CSV file (RFC 4180, UTF-8 with a byte-order mark)',
      headers: {
        'Content-Disposition': { description: 'A download, with its file name', required: true, schema: { type: 'string', pattern: `^attachment; filename="[^"]+\\.${ext}"$` } },
        ...(reply.countsLetters
          ? {
              [PACKET_LETTERS_HEADER]: {
                description: reply.pdf
                  ? 'How many letters the file holds; the PDF carries a comment "%dais-letter n of N" after each, for a progress bar'
                  : 'How many letters there were when the download began (one record each), for a progress bar',
                required: true,
                schema: { type: 'integer', minimum: 0 },
              },
            }
          : {}),
      },
      content: { [reply.pdf ? 'application/pdf' : 'text/csv']: { schema: { type: 'string' } } },
    };
  }
  const item = reply.schema ? ref(reply.schema) : reply.bare ? { type: 'object' } : { type: 'null' };
  const data = reply.list ? { type: 'array', items: item } : item;
  let schema: JsonSchema = data;
  if (!reply.bare) {
    // The data's own fields beside success and data (topLevel) are listed here, not in an allOf
    // with the data's schema: that schema refuses properties it does not name, so no reply could match both.
    const repeated = reply.topLevel && reply.schema ? (jsonSchema(REPLY_SCHEMAS[reply.schema], 'output') as { properties: JsonSchema; required: string[] }) : undefined;
    schema = {
      type: 'object',
      properties: { success: { const: true }, data, ...(reply.paged ? { meta: ref(reply.paged === true ? 'PageMeta' : reply.paged) } : {}), ...repeated?.properties },
      required: ['success', 'data', ...(reply.paged ? ['meta'] : []), ...(repeated?.required ?? [])],
      additionalProperties: false,
    };
  }
  return { description: reply.bare ? 'Success (not wrapped)' : 'Success', content: { 'application/json': { schema } } };
}

/** The refusals an operation can answer, by status, each listing its codes. */
function errorResponses(op: Operation): Record<string, JsonSchema> {
  const codes = new Set<ErrorCode>(op.refusals ?? []);
  const hasParams = op.path.includes('{');
  if (hasParams || op.query || op.body) codes.add('validation_failed');
  if (op.body) codes.add('unsupported_media_type');
  // A route with a limit of its own refuses a larger body as invalid input (400), by its field.
  if (op.body && !op.bodyLimitBytes) codes.add('payload_too_large');
  if (op.body && !op.multipart) codes.add('malformed_json');
  if (op.access !== 'public') codes.add('unauthenticated');
  if (op.access === 'admin') codes.add('forbidden');
  if (op.origin === 'same' && op.method !== 'GET') codes.add('cross_origin_refused');
  if (hasParams) codes.add('not_found');
  if (op.rateLimited) codes.add('rate_limited');
  // Documented on every operation: the other methods of its address answer 405 (OpenAPI has no
  // place for a method an address does not have).
  codes.add('method_not_allowed');
  codes.add('internal');

  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  const out: Record<string, JsonSchema> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    const headers = Object.assign({}, ...list.map((c) => REFUSAL_HEADERS[c])) as Record<string, JsonSchema>;
    out[String(status)] = {
      description: list.map((c) => `${c}: ${REFUSALS[c]}`).join('; '),
      ...(Object.keys(headers).length ? { headers } : {}),
      content: { 'application/json': { schema: ref('ErrorReply') } },
    };
  }
  return out;
}
