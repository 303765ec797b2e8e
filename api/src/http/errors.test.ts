/**
 * errorHandler's list, failure by failure: what a client reads for each kind of error a library,
 * the database driver or our own code throws. The API's routes raise few of these on purpose
 * (test/headers.test.ts drives the ones they can), so a small Koa app over real HTTP throws each.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, errorHandler } from './errors';
import { createLogger } from './logger';

const logLines: string[] = [];
let thrown: unknown;
let server: http.Server;
let base = '';

beforeAll(async () => {
  const app = new Koa();
  app.silent = true;
  app.use(errorHandler(createLogger('error', { write: (line: string) => void logLines.push(line) })));
  app.use(() => {
    throw thrown;
  });
  server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The reply to a request whose handling throws `error`. */
async function replyTo(error: unknown) {
  thrown = error;
  logLines.length = 0;
  const res = await fetch(`${base}/api/anything`);
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: JSON.parse(text) as Record<string, unknown> };
}

/** An error as a library throws it: an Error with extra properties. */
const libraryError = (message: string, props: Record<string, unknown>, name?: string) => {
  const e = name === 'SyntaxError' ? new SyntaxError(message) : new Error(message);
  return Object.assign(e, props);
};

const GENERIC = { success: false, code: 'internal', error: 'Something went wrong on our side. Please try again in a moment.' };

describe('errorHandler: the one place errors become replies', () => {
  it('answers an error of our own code with the generic 500, logs it, and shows none of it', async () => {
    const res = await replyTo(new TypeError("Cannot read properties of undefined (reading 'secret_column')"));
    expect(res.status).toBe(500);
    expect(res.body).toEqual(GENERIC);
    expect(res.text).not.toMatch(/secret_column|TypeError|at /);
    const line = JSON.parse(logLines[0] ?? '{}') as { msg?: string; method?: string; route?: string; error?: { message?: string } };
    // No router answered (a bare middleware): a path no route took is not written, it may carry a secret.
    expect(line).toMatchObject({ msg: 'unhandled error', method: 'GET', route: '(no route)' });
    expect(line.error?.message).toMatch(/secret_column/);
  });

  it('shows the words of a client error a library marks safe to show, and hides the rest', async () => {
    const sizeMismatch = await replyTo(libraryError('request size did not match content length', { status: 400, expose: true }));
    expect(sizeMismatch.status).toBe(400);
    expect(sizeMismatch.body).toEqual({ success: false, code: 'validation_failed', error: 'request size did not match content length' });
    expect(logLines).toEqual([]);

    const fromStatusCode = await replyTo(libraryError('Bad header', { statusCode: 431, expose: true }));
    expect(fromStatusCode.status).toBe(400);
    expect(fromStatusCode.body).toMatchObject({ code: 'validation_failed', error: 'Bad header' });

    // Not marked safe to show, or not a client error: the generic 500, and the operator hears of it.
    for (const hidden of [
      libraryError('pool exhausted at db.internal:5432', { status: 400, expose: false }),
      libraryError('pool exhausted at db.internal:5432', { status: 400 }),
      libraryError('pool exhausted at db.internal:5432', { status: 500, expose: true }),
      libraryError('pool exhausted at db.internal:5432', { status: 302, expose: true }),
      libraryError('pool exhausted at db.internal:5432', { status: 399, expose: true }),
    ]) {
      const res = await replyTo(hidden);
      expect(res.status).toBe(500);
      expect(res.body).toEqual(GENERIC);
      expect(logLines).toHaveLength(1);
    }
    const atTheEdge = await replyTo(libraryError('Unavailable For Legal Reasons', { status: 499, expose: true }));
    expect(atTheEdge.status).toBe(400);
  });

  it("maps the body parser's failures onto the closed list", async () => {
    const cases: [string, unknown, number, string, string][] = [
      ['raw-body over the limit', libraryError('request entity too large', { type: 'entity.too.large', status: 413, expose: true }), 413, 'payload_too_large', 'The request body is too large'],
      ['a 413 with no type', libraryError('too big', { status: 413 }), 413, 'payload_too_large', 'The request body is too large'],
      ['a too-large type with no status', libraryError('too big', { type: 'entity.too.large' }), 413, 'payload_too_large', 'The request body is too large'],
      ["co-body's JSON SyntaxError", libraryError('Unexpected end of JSON input', { status: 400 }, 'SyntaxError'), 400, 'malformed_json', 'The request body is not valid JSON'],
      ['a parse failure by type', libraryError('Unexpected token', { type: 'entity.parse.failed' }), 400, 'malformed_json', 'The request body is not valid JSON'],
      ['an unknown charset', libraryError('unsupported charset "LATIN-9"', { type: 'charset.unsupported' }), 415, 'unsupported_media_type', 'Send the body as UTF-8 JSON (Content-Type: application/json)'],
      ['an unknown encoding', libraryError('unsupported encoding', { type: 'encoding.unsupported' }), 415, 'unsupported_media_type', 'Send the body as UTF-8 JSON (Content-Type: application/json)'],
      ['a 415 with no type', libraryError('Unsupported Content-Encoding: compress', { status: 415 }), 415, 'unsupported_media_type', 'Send the body as UTF-8 JSON (Content-Type: application/json)'],
    ];
    for (const [label, error, status, code, message] of cases) {
      const res = await replyTo(error);
      expect(res.status, label).toBe(status);
      expect(res.body, label).toEqual({ success: false, code, error: message });
      expect(logLines, label).toEqual([]);
    }
    // A SyntaxError of our own (no 400 on it) is a bug, not a client's malformed JSON.
    const ours = await replyTo(new SyntaxError('Unexpected token u in JSON at position 0'));
    expect(ours.status).toBe(500);
    // Nor is a 400 that is not a SyntaxError malformed JSON.
    const other = await replyTo(libraryError('request aborted', { status: 400, expose: true, name: 'BadRequestError' }));
    expect(other.body).toMatchObject({ code: 'validation_failed', error: 'request aborted' });
  });

  it('maps database constraint errors to 409 by the driver code, wherever the driver put it', async () => {
    const duplicate = { success: false, code: 'conflict', error: 'That record already exists' };
    const referenced = { success: false, code: 'conflict', error: 'That record is still referenced by others and cannot be changed this way' };
    const cases: [unknown, object][] = [
      // TypeORM's QueryFailedError keeps the driver's error as driverError.
      [libraryError('duplicate key value violates unique constraint "uq_x"', { driverError: { code: '23505' } }), duplicate],
      [libraryError('UNIQUE constraint failed: x.y', { driverError: { code: 'SQLITE_CONSTRAINT_UNIQUE' } }), duplicate],
      [libraryError('UNIQUE constraint failed: x.id', { driverError: { code: 'SQLITE_CONSTRAINT_PRIMARYKEY' } }), duplicate],
      [libraryError('violates foreign key constraint', { driverError: { code: '23503' } }), referenced],
      [libraryError('FOREIGN KEY constraint failed', { driverError: { code: 'SQLITE_CONSTRAINT_FOREIGNKEY' } }), referenced],
      // SQLite's word for a delete stopped by ON DELETE RESTRICT.
      [libraryError('FOREIGN KEY constraint failed', { driverError: { code: 'SQLITE_CONSTRAINT_TRIGGER' } }), referenced],
      // A driver error thrown as is carries the code itself.
      [libraryError('duplicate key value', { code: '23505' }), duplicate],
      [libraryError('violates foreign key constraint', { code: '23503' }), referenced],
    ];
    for (const [error, body] of cases) {
      const res = await replyTo(error);
      expect(res.status).toBe(409);
      expect(res.body).toEqual(body);
      expect(res.text).not.toMatch(/constraint|duplicate|uq_x/i);
    }
    // The driverError's code decides over a code on the wrapper.
    const wrapped = await replyTo(libraryError('x', { code: 'ERR_WRAPPED', driverError: { code: '23505' } }));
    expect(wrapped.status).toBe(409);
    // Any other database failure (a NOT NULL, a CHECK, an outage) is ours to fix: the generic 500.
    for (const code of ['23502', '23514', 'SQLITE_CONSTRAINT_NOTNULL', 'SQLITE_CONSTRAINT_CHECK', 'ECONNREFUSED']) {
      const res = await replyTo(libraryError('null value in column "secret_column"', { driverError: { code } }));
      expect(res.status, code).toBe(500);
      expect(res.body, code).toEqual(GENERIC);
    }
  });

  it("sends an AppError as it is: its status, code, field, issues and Retry-After", async () => {
    const limited = await replyTo(new AppError('rate_limited', 'Too many requests: try again in a minute', { retryAfter: 42 }));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('42');
    expect(limited.body).toEqual({ success: false, code: 'rate_limited', error: 'Too many requests: try again in a minute' });

    const plain = await replyTo(new AppError('not_found', 'Campaign not found'));
    expect(plain.status).toBe(404);
    expect(plain.headers.get('retry-after')).toBeNull();
    expect(plain.body).toEqual({ success: false, code: 'not_found', error: 'Campaign not found' });

    const issues = [{ field: 'name', message: 'Name is required' }];
    const invalid = await replyTo(new AppError('validation_failed', 'Name is required', { field: 'name', issues }));
    expect(invalid.body).toEqual({ success: false, code: 'validation_failed', error: 'Name is required', field: 'name', issues });
  });
});
