import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, apiData, apiPage, apiRaw, apiRawOrNull, NETWORK_ERROR_MESSAGE, query } from './api';

/** A real HTTP server answering like the API does; the app's same-origin paths are sent to it. */
let server: http.Server;
let base = '';
const seen: { method: string; url: string; type: string | undefined; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', type: req.headers['content-type'], body });
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (req.url === '/api/ok') return json(200, { success: true, data: { id: 1 } });
      if (req.url?.startsWith('/api/page')) return json(200, { success: true, data: [1, 2], meta: { page: 2, pageSize: 2, total: 5, pageCount: 3 } });
      if (req.url === '/api/me') return json(200, { email: 'a@example.org', google_user_data: { name: null, picture: null } });
      if (req.url === '/api/nobody') return json(200, null);
      if (req.url === '/api/denied') return json(403, { success: false, error: 'No entry', code: 'forbidden' });
      if (req.url === '/api/invalid') {
        return json(400, {
          success: false,
          error: 'Title must be at least 5 characters',
          code: 'validation_failed',
          field: 'title',
          issues: [{ field: 'title', message: 'Title must be at least 5 characters' }],
        });
      }
      if (req.url === '/api/soft-fail') return json(200, { success: false, error: 'Not this time', code: 'conflict' });
      res.writeHead(502, { 'Content-Type': 'text/html' });
      res.end('<h1>Bad gateway</h1>');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (path: string, init?: RequestInit) => realFetch(path.startsWith('http') ? path : base + path, init));
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await new Promise((resolve) => server.close(resolve));
});

const failure = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
};

describe('the API client', () => {
  it('returns the data of a successful reply and sends JSON bodies as JSON', async () => {
    expect(await apiData('/api/ok', { method: 'PUT', json: { is_active: false } })).toEqual({ id: 1 });
    expect(seen.at(-1)).toMatchObject({ method: 'PUT', type: 'application/json', body: '{"is_active":false}' });
  });

  it('returns rows and page meta of a paginated list', async () => {
    expect(await apiPage(`/api/page${query({ page: 2, pageSize: 2, campaign_id: undefined })}`)).toEqual({
      data: [1, 2],
      meta: { page: 2, pageSize: 2, total: 5, pageCount: 3 },
    });
    expect(seen.at(-1)?.url).toBe('/api/page?page=2&pageSize=2');
  });

  it('returns a bare reply as it came', async () => {
    expect(await apiRaw('/api/me')).toEqual({ email: 'a@example.org', google_user_data: { name: null, picture: null } });
  });

  it('reads a bare null as null where it is an answer (nobody signed in), and still throws a refusal', async () => {
    expect(await apiRawOrNull('/api/nobody')).toBeNull();
    expect(await apiRawOrNull('/api/me')).toMatchObject({ email: 'a@example.org' });
    expect(await failure(apiRawOrNull('/api/denied'))).toMatchObject({ status: 403, code: 'forbidden' });
    expect(await failure(apiRaw('/api/nobody'))).toMatchObject({ code: 'bad_reply' });
  });

  it("throws the server's refusal with its status, code, message, field and issues", async () => {
    const denied = await failure(apiData('/api/denied'));
    expect(denied).toMatchObject({ status: 403, code: 'forbidden', message: 'No entry', isNetworkError: false });
    const invalid = await failure(apiData('/api/invalid', { method: 'POST', json: {} }));
    expect(invalid).toMatchObject({ status: 400, code: 'validation_failed', field: 'title' });
    expect(invalid.issues).toEqual([{ field: 'title', message: 'Title must be at least 5 characters' }]);
  });

  it('treats a 200 with success false as a failure', async () => {
    expect(await failure(apiData('/api/soft-fail'))).toMatchObject({ status: 200, code: 'conflict', message: 'Not this time' });
  });

  it('describes a reply that is not ours (a proxy error page) by its status', async () => {
    expect(await failure(apiData('/api/gateway'))).toMatchObject({
      status: 502,
      code: 'internal',
      message: 'The server answered with HTTP status 502',
    });
    expect(await failure(apiRaw('/api/gateway'))).toMatchObject({ status: 502 });
  });

  it('tells a network failure apart: status 0, code network_error', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failure(apiData(`http://127.0.0.1:${port}/api/ok`));
    expect(error).toMatchObject({ status: 0, code: 'network_error', message: NETWORK_ERROR_MESSAGE, isNetworkError: true });
  });

  it('lets an abort through as an AbortError, not an ApiError', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(apiData('/api/ok', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });
});
