import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import Koa from 'koa';
import { afterEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness';
import { BROWSER_ACCEPT_ENCODING, decodedBody, rawRequest } from '../../test/raw-http';
import { compressReplies } from './compression';
import { sendCsv, type CsvCell } from './csv';

describeEachDatabase('replies made per request travel compressed', (t) => {
  it('compresses a large JSON reply as the browser accepts, and leaves small ones alone', async () => {
    const identity = await rawRequest(`${t.url}/api/openapi.json`);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.length).toBeGreaterThan(10_000);
    for (const [acceptEncoding, encoding] of [[BROWSER_ACCEPT_ENCODING, 'br'], ['gzip, deflate', 'gzip'], ['br;q=0, gzip', 'gzip']] as const) {
      const res = await rawRequest(`${t.url}/api/openapi.json`, { headers: { 'accept-encoding': acceptEncoding } });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding'], acceptEncoding).toBe(encoding);
      expect(res.headers.vary).toContain('Accept-Encoding');
      expect(res.body.length).toBeLessThan(identity.body.length / 4);
      expect(JSON.parse(decodedBody(res).toString())).toEqual(JSON.parse(identity.body.toString()));
    }
    // An error reply is a few dozen bytes: not worth compressing.
    const small = await rawRequest(`${t.url}/api/campaigns/999999`, { headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } });
    expect(small.status).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toMatchObject({ success: false, code: 'not_found' });
  });

  it('sends the public campaign read compressed, the same bytes until it changes, and 304 for a copy already held', async () => {
    const c = await t.campaign({ description: 'Keep the park a park. '.repeat(200) });
    const url = `${t.url}/api/campaigns/${c.id}`;
    const headers = { 'accept-encoding': BROWSER_ACCEPT_ENCODING };
    // The first read misses the process's copy and goes through the route; the next ones are hot.
    const [first, second, third] = [await rawRequest(url, { headers }), await rawRequest(url, { headers }), await rawRequest(url, { headers })];
    for (const res of [first, second, third]) {
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers.vary).toContain('Accept-Encoding');
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(res.headers.etag).toBe(first.headers.etag);
      // Decided in README's "Behind a CDN": no shared cache holds counts that lag.
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect(second.body.equals(third.body)).toBe(true);
    const campaign = JSON.parse(decodedBody(second).toString());
    expect(campaign).toMatchObject({ success: true, data: { id: c.id, supporter_count: 0 } });
    expect(second.body.length).toBeLessThan(JSON.stringify(campaign).length / 4);

    const gzip = await rawRequest(url, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decodedBody(gzip).toString())).toEqual(campaign);
    const plain = await rawRequest(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toEqual(campaign);

    const notModified = await rawRequest(url, { headers: { ...headers, 'if-none-match': first.headers.etag! } });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);

    // A signature changes the count, so the reply and its tag change with it.
    const signed = await t.api('POST', `/api/campaigns/${c.id}/support`, {
      body: { campaign_id: c.id, name: 'Ada Lovelace', email: 'ada@example.org', street_address: '1 Main St', city: 'Springfield', state: 'IL', zip_code: '62701' },
    });
    expect(signed.status).toBe(200);
    const after = await rawRequest(url, { headers: { ...headers, 'if-none-match': first.headers.etag! } });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(first.headers.etag);
    expect(JSON.parse(decodedBody(after).toString()).data.supporter_count).toBe(1);
  });
});

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** sendCsv behind the same compression as the app. */
async function serveCsv(batches: () => AsyncIterable<CsvCell[][]>): Promise<string> {
  const app = new Koa();
  app.silent = true;
  app.use(compressReplies());
  app.use((ctx) => sendCsv(ctx, 'test.csv', ['A', 'B'], batches()));
  server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

/** Rows that do not compress to nothing, so the first batch alone fills zlib's output buffer. */
const noisyRows = (n: number, seed: number): CsvCell[][] =>
  Array.from({ length: n }, (_, i) => [`row ${seed}-${i}`, ((i + 1) * 2654435761 * (seed + 1)).toString(36)]);

it('streams a compressed CSV export: the first rows arrive before the last are read', async () => {
  let firstBytesArrived!: () => void;
  const arrived = new Promise<void>((resolve) => (firstBytesArrived = resolve));
  const url = await serveCsv(async function* () {
    yield noisyRows(5000, 1);
    // The rest is read only once the client has received compressed bytes of the first batch; a
    // compressor that waited for the whole body would wait here for ever.
    await arrived;
    yield noisyRows(10, 2);
  });
  const { encoding, body } = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
    // What a browser asks: a stream gets gzip even so (see compression.ts).
    http.get(url, { headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => {
        chunks.push(c);
        firstBytesArrived();
      });
      res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
  });
  expect(encoding).toBe('gzip');
  const csv = zlib.gunzipSync(body).toString();
  expect(csv.startsWith('\ufeffA,B\r\nrow 1-0,')).toBe(true);
  expect(csv.trimEnd().split('\r\n')).toHaveLength(1 + 5000 + 10);
});

it('still cuts a compressed export when the rows fail after it began', async () => {
  let firstBytesArrived!: () => void;
  const arrived = new Promise<void>((resolve) => (firstBytesArrived = resolve));
  const url = await serveCsv(async function* () {
    yield noisyRows(5000, 3);
    await arrived;
    throw new Error('the database went away');
  });
  let encoding: string | undefined;
  const outcome = await new Promise<string>((resolve) => {
    http
      .get(url, { headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } }, (res) => {
        encoding = res.headers['content-encoding'];
        res.on('data', () => firstBytesArrived());
        res.on('end', () => resolve('ended as if complete'));
        res.on('error', () => resolve('cut'));
        res.on('aborted', () => resolve('cut'));
      })
      .on('error', () => resolve('cut'));
  });
  expect(encoding).toBe('gzip');
  expect(outcome).toBe('cut');
});
