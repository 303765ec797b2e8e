/**
 * The wording rules of validation errors (parseOrThrow), for any schema a route may use, and the
 * 415 every JSON method gets for a body that is not JSON (validate, through a small Koa app over
 * real HTTP). The API's own schemas name most of their messages; test/headers.test.ts and the route
 * suites check those on the wire.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import Koa from 'koa';
import { koaBody } from 'koa-body';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, errorHandler } from './errors';
import { createLogger } from './logger';
import { parseOrThrow, validate } from './validate';

function refusal(schema: z.ZodType, value: unknown): { message: string; field?: string; issues?: { field: string; message: string; problem?: string; limit?: number }[] } {
  try {
    parseOrThrow(schema, value);
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    expect(e.code).toBe('validation_failed');
    return { message: e.message, ...e.extra };
  }
  throw new Error('parseOrThrow accepted the value');
}

describe('parseOrThrow: a sentence a person can act on, and every issue listed', () => {
  it("says a field is required when zod's own wording would say 'Invalid input'", () => {
    expect(refusal(z.object({ name: z.string() }), {})).toEqual({
      message: 'name is required',
      field: 'name',
      issues: [{ field: 'name', message: 'name is required', problem: 'required' }],
    });
    // A nested field is named by its whole path.
    expect(refusal(z.object({ address: z.object({ city: z.string() }) }), { address: {} })).toMatchObject({
      message: 'address.city is required',
      field: 'address.city',
    });
  });

  it('keeps the wording of a wrong type, and of a schema that names its own message', () => {
    const wrong = refusal(z.object({ name: z.string() }), { name: 5 });
    expect(wrong.message).toBe('Invalid input: expected string, received number');
    expect(wrong.field).toBe('name');
    expect(refusal(z.object({ name: z.string({ error: 'Tell us your name' }) }), {}).message).toBe('Tell us your name');
  });

  it('names every unknown field, the first as the field', () => {
    expect(refusal(z.strictObject({ name: z.string() }), { name: 'Ada', colour: 'red', size: 3 })).toMatchObject({
      message: 'Unknown field "colour", "size": remove it and try again',
      field: 'colour',
    });
  });

  it('says the body must be an object when it is not one, naming no field', () => {
    for (const body of [[], 'text', 42, null]) {
      const r = refusal(z.object({ name: z.string() }), body);
      expect(r.message, JSON.stringify(body)).toBe('The request body must be a JSON object');
      expect(r.field).toBeUndefined();
    }
  });

  it("keeps the wording of a rule on the whole body, naming no field", () => {
    const r = refusal(z.object({ a: z.string().optional() }).refine((v) => v.a !== undefined, 'Nothing to update: send at least one field'), {});
    expect(r.message).toBe('Nothing to update: send at least one field');
    expect(r.field).toBeUndefined();
  });

  it('lists every issue in order, the first one on top', () => {
    const schema = z.object({ name: z.string().min(2, 'Name is too short'), age: z.number({ error: 'Age must be a number' }) });
    expect(refusal(schema, { name: 'A', age: 'old' })).toEqual({
      message: 'Name is too short',
      field: 'name',
      issues: [
        { field: 'name', message: 'Name is too short', problem: 'too_short', limit: 2 },
        { field: 'age', message: 'Age must be a number', problem: 'other' },
      ],
    });
  });

  it('says what is wrong in a word a client can translate, with the length to keep to', () => {
    const schema = z.object({ city: z.string().trim().min(1, 'City is required').max(5, 'City is too long'), email: z.email('Bad address') });
    const issues = refusal(schema, { city: 'Springfield', email: 'nope' }).issues;
    expect(issues).toEqual([
      { field: 'city', message: 'City is too long', problem: 'too_long', limit: 5 },
      { field: 'email', message: 'Bad address', problem: 'format' },
    ]);
    expect(refusal(schema, { city: ' ', email: 'a@b.org' }).issues).toEqual([{ field: 'city', message: 'City is required', problem: 'required' }]);
  });

  it('reads a missing or null field as required, a wrong type and a number out of range as other', () => {
    const schema = z.object({
      name: z.string({ error: 'Name is required' }),
      city: z.string({ error: 'City is required' }),
      zip: z.string({ error: 'ZIP must be text' }),
      goal: z.number().max(10, 'Goal must be at most 10'),
    });
    const problems = (value: unknown) => refusal(schema, value).issues!.map((i) => [i.field, i.problem, i.limit]);
    expect(problems({ city: null, zip: 5, goal: 11 })).toEqual([
      ['name', 'required', undefined],
      ['city', 'required', undefined],
      ['zip', 'other', undefined],
      ['goal', 'other', undefined],
    ]);
  });

  it('returns the parsed value when it is valid', () => {
    expect(parseOrThrow(z.object({ n: z.string().transform(Number) }), { n: '7' })).toEqual({ n: 7 });
  });
});

describe('validate: JSON methods take JSON only', () => {
  let server: http.Server;
  let base = '';
  beforeAll(async () => {
    const app = new Koa();
    app.silent = true;
    app.use(errorHandler(createLogger('silent')));
    app.use(koaBody({ json: true, urlencoded: false, text: false, multipart: false }));
    const router = new Router();
    const echo = validate({ body: z.object({ name: z.string() }) }, (ctx, { body }) => {
      ctx.body = { success: true, data: body };
    });
    router.post('/thing', echo).put('/thing', echo).patch('/thing', echo);
    app.use(router.routes());
    server = http.createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('is 415 for POST, PUT and PATCH with a body that is not JSON, and takes JSON', async () => {
    for (const method of ['POST', 'PUT', 'PATCH']) {
      const text = await fetch(`${base}/thing`, { method, headers: { 'content-type': 'text/plain' }, body: '{"name":"Ada"}' });
      expect(text.status, method).toBe(415);
      expect(await text.json()).toEqual({
        success: false,
        code: 'unsupported_media_type',
        error: 'Send the body as JSON (Content-Type: application/json)',
      });
      const json = await fetch(`${base}/thing`, { method, headers: { 'content-type': 'application/json' }, body: '{"name":"Ada"}' });
      expect(json.status, method).toBe(200);
      expect(await json.json()).toEqual({ success: true, data: { name: 'Ada' } });
    }
  });
});

describe('validate: no control character in any string, whatever the schema', () => {
  let server: http.Server;
  let base = '';
  beforeAll(async () => {
    const app = new Koa();
    app.silent = true;
    app.use(errorHandler(createLogger('silent')));
    app.use(koaBody({ json: true, urlencoded: false, text: false, multipart: false }));
    const router = new Router();
    // Bare strings, as a route might declare them by mistake: validate() still refuses.
    const loose = z.object({ note: z.string(), tags: z.array(z.string()).optional() });
    const echo = validate({ params: z.object({ key: z.string() }), query: z.object({ q: z.string().optional() }), body: loose }, (ctx, { body }) => {
      ctx.body = { success: true, data: body };
    });
    router.post('/thing/:key', echo);
    app.use(router.routes());
    server = http.createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const refused = (field: string) => ({
    status: 400,
    body: {
      success: false,
      code: 'validation_failed',
      error: `${field} contains invisible control characters; please remove them`,
      field,
      issues: [{ field, message: `${field} contains invisible control characters; please remove them`, problem: 'other' }],
    },
  });

  it('refuses C0, DEL and C1 in the path, the query and the body (naming the field, inside lists too)', async () => {
    for (const c of ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u009f']) {
      expect(await post(`/thing/a${encodeURIComponent(c)}b`, { note: 'fine' })).toEqual(refused('key'));
      expect(await post(`/thing/k?q=a${encodeURIComponent(c)}b`, { note: 'fine' })).toEqual(refused('q'));
      // A query parameter the schema does not know is refused too: it is still the request's text.
      expect(await post(`/thing/k?other=${encodeURIComponent(c)}`, { note: 'fine' })).toEqual(refused('other'));
      expect(await post('/thing/k', { note: `a${c}b` })).toEqual(refused('note'));
      expect(await post('/thing/k', { note: 'fine', tags: ['ok', `a${c}b`] })).toEqual(refused('tags.1'));
    }
  });

  it('leaves tab and line breaks in a body to the field (URLs are one line)', async () => {
    expect(await post('/thing/k', { note: 'one\ttwo\r\nthree' })).toEqual({ status: 200, body: { success: true, data: { note: 'one\ttwo\r\nthree' } } });
    expect(await post(`/thing/k?q=${encodeURIComponent('a\nb')}`, { note: 'fine' })).toEqual(refused('q'));
    expect(await post(`/thing/${encodeURIComponent('a\tb')}`, { note: 'fine' })).toEqual(refused('key'));
  });
});
