import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterEach, expect, it } from 'vitest';
import { sendCsv, type CsvCell } from './csv';

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function serve(batches: () => AsyncIterable<CsvCell[][]>): Promise<{ url: string; appErrors: unknown[] }> {
  const app = new Koa();
  app.silent = true;
  const appErrors: unknown[] = [];
  app.on('error', (err: unknown) => appErrors.push(err));
  app.use((ctx) => sendCsv(ctx, 'test.csv', ['A', 'B'], batches()));
  server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, appErrors };
}

it('streams every batch after the header, CRLF-terminated', async () => {
  const { url } = await serve(async function* () {
    yield [['one', 1]];
    yield [['two', null], ['three', true]];
  });
  const res = await fetch(url);
  expect(res.headers.get('content-disposition')).toBe('attachment; filename="test.csv"');
  expect(await res.text()).toBe('A,B\r\none,1\r\ntwo,\r\nthree,yes\r\n');
});

it('cuts the connection when the rows fail after the download began, so it never looks complete', async () => {
  const { url, appErrors } = await serve(async function* () {
    yield [['first', 1]];
    await new Promise((r) => setTimeout(r, 20));
    throw new Error('the database went away');
  });
  const res = await fetch(url);
  expect(res.status).toBe(200);
  await expect(res.text()).rejects.toThrow();
  expect(appErrors.map((e) => (e as Error).message)).toEqual(['the database went away']);
});
