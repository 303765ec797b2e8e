/**
 * Checks real replies against /api/openapi.json with a third party's JSON Schema 2020-12 validator
 * (ajv), not with the zod schemas the document was generated from: a mistake in the generation
 * shows up here instead of being shared by both sides.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

export interface ResponseObject {
  description: string;
  headers?: Record<string, { required?: boolean; schema: Record<string, unknown> }>;
  content?: Record<string, { schema: Record<string, unknown> }>;
}
export interface ParameterObject {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: Record<string, unknown>;
}
export interface OperationObject {
  operationId: string;
  parameters?: ParameterObject[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, ResponseObject>;
}
export interface Document {
  paths: Record<string, Record<string, OperationObject>>;
  [k: string]: unknown;
}

/** What came back over the wire, read once. */
export interface Reply {
  status: number;
  headers: Headers;
  text: string;
}

const DOC_ID = 'https://dais.invalid/api/openapi.json';

/**
 * Headers that carry part of an answer's meaning (wait this long, these methods, this file name,
 * look there, the limit): when the server sends one, the document must describe it. Transport and
 * security headers every reply carries (Content-Type, CORS, CSP, X-Request-Id) are not listed.
 */
const MEANINGFUL_HEADERS = ['retry-after', 'allow', 'content-disposition', 'location', 'ratelimit', 'ratelimit-policy', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'];

/** A JSON Pointer into the document, as a URI fragment ajv can resolve ('/' is ~1, '{' is %7B). */
const pointer = (...parts: string[]) =>
  '#' + parts.map((p) => '/' + encodeURIComponent(p.replaceAll('~', '~0').replaceAll('/', '~1'))).join('');

export function documentValidator(doc: Document) {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  addFormats(ajv);
  // OpenAPI's own format for file parts; an annotation, nothing to check in a JSON value.
  ajv.addFormat('binary', true);
  ajv.addKeyword({ keyword: 'openapi' }).addKeyword({ keyword: 'info' }).addKeyword({ keyword: 'servers' });
  ajv.addKeyword({ keyword: 'tags' }).addKeyword({ keyword: 'paths' }).addKeyword({ keyword: 'components' });
  // The whole document is one schema resource, so every '#/components/schemas/...' resolves in it.
  ajv.addSchema({ ...doc, $id: DOC_ID });

  const compiled = new Map<string, ValidateFunction>();
  const at = (...parts: string[]): ValidateFunction => {
    const ref = DOC_ID + pointer(...parts);
    let fn = compiled.get(ref);
    if (!fn) {
      fn = ajv.compile({ $ref: ref });
      compiled.set(ref, fn);
    }
    return fn;
  };
  const errorsOf = (fn: ValidateFunction) => ajv.errorsText(fn.errors, { dataVar: 'body' });

  return {
    /** Problems with this reply as an answer of `method path` (a template path of the document); none means it conforms. */
    check(method: string, path: string, reply: Reply): string[] {
      const op = doc.paths[path]?.[method.toLowerCase()];
      if (!op) return [`${method} ${path} is not in the document`];
      const response = op.responses[String(reply.status)];
      if (!response) return [`status ${reply.status} is not documented (documented: ${Object.keys(op.responses).join(', ')}): ${reply.text.slice(0, 300)}`];
      const problems: string[] = [];
      const describedHeaders = Object.keys(response.headers ?? {}).map((h) => h.toLowerCase());
      for (const name of MEANINGFUL_HEADERS) {
        if (reply.headers.has(name) && !describedHeaders.includes(name)) problems.push(`header ${name} is sent (${reply.headers.get(name)}) but not documented for ${reply.status}`);
      }
      for (const [name, header] of Object.entries(response.headers ?? {})) {
        const value = reply.headers.get(name);
        if (value === null) {
          if (header.required) problems.push(`header ${name} is documented as required but missing`);
          continue;
        }
        const fn = at('paths', path, method.toLowerCase(), 'responses', String(reply.status), 'headers', name, 'schema');
        const typed = header.schema.type === 'integer' && /^-?\d+$/.test(value) ? Number(value) : value;
        if (!fn(typed)) problems.push(`header ${name}: ${value}: ${errorsOf(fn)}`);
      }
      const mediaType = (reply.headers.get('content-type') ?? '').split(';')[0]!.trim();
      const content = response.content ?? {};
      if (!content[mediaType]) {
        problems.push(`content type '${mediaType}' is not documented for ${reply.status} (documented: ${Object.keys(content).join(', ') || 'no body'})`);
        return problems;
      }
      let value: unknown = reply.text;
      if (mediaType === 'application/json') {
        try {
          value = JSON.parse(reply.text);
        } catch {
          return [...problems, `the body is not JSON: ${reply.text.slice(0, 200)}`];
        }
      }
      const fn = at('paths', path, method.toLowerCase(), 'responses', String(reply.status), 'content', mediaType, 'schema');
      if (!fn(value)) problems.push(`body does not match the ${reply.status} schema: ${errorsOf(fn)}: ${reply.text.slice(0, 300)}`);
      return problems;
    },

    /** Whether the document calls this value of a parameter valid (query strings arrive as text). */
    parameterValid(method: string, path: string, name: string, value: string): boolean {
      const params = doc.paths[path]?.[method.toLowerCase()]?.parameters ?? [];
      const index = params.findIndex((p) => p.name === name);
      if (index < 0) throw new Error(`${method} ${path} documents no parameter ${name}`);
      const type = params[index]!.schema.type;
      const typed = (type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
      return at('paths', path, method.toLowerCase(), 'parameters', String(index), 'schema')(typed) === true;
    },

    /** Problems with a JSON request body the test is about to send as valid. */
    checkRequestBody(method: string, path: string, body: unknown): string[] {
      const content = doc.paths[path]?.[method.toLowerCase()]?.requestBody?.content ?? {};
      if (!content['application/json']) return [];
      const fn = at('paths', path, method.toLowerCase(), 'requestBody', 'content', 'application/json', 'schema');
      return fn(body) ? [] : [`example body does not match the documented request body: ${errorsOf(fn)}`];
    },
  };
}

export type DocumentValidator = ReturnType<typeof documentValidator>;
