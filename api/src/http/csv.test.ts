import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterEach, expect, it } from 'vitest';
import { liveCells, parseCsv, readAsSpreadsheet } from '../../test/csv';
import { csvStream, guardedCell, sendCsv, unguardedCell, type CsvCell } from './csv';

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

/** The file csvStream writes for one row of these cells, without its byte-order mark. */
async function fileOf(cells: CsvCell[]): Promise<string> {
  let text = '';
  for await (const chunk of csvStream(['A'], (async function* () { yield [cells]; })())) text += String(chunk);
  return text.replace(/^\ufeff/, '');
}

/** Cells a spreadsheet would run, however it splits the file: what OWASP's CSV injection advice is about. */
const HOSTILE = [
  '=1+1',
  '+1 217 555 0142',
  '-2+3',
  '@SUM(A1)',
  '\t=1+1',
  '\r=1+1',
  ' =1+1',
  '  =SUM(A1)',
  '   +1 217 555 0142',
  'Anna;=1+1',
  'Anna,=1+1',
  'Anna\t=1+1',
  'Anna; =1+1',
  'Anna;  @SUM(A1)',
  'Anna;+1+1',
  'Anna;-1+1',
  'Anna;"=1+1"',
  'Anna;""=1+1',
  'Anna,"=1+1',
  'Dear Council,\n=HYPERLINK("http://evil.example","click")',
  'Dear Council,\r\n-2+3\r\nSincerely',
  'a;b;=c;@d,+e\t-f',
];

it('lets no cell run as a formula in a spreadsheet that splits the file on commas, semicolons or tabs', async () => {
  for (const value of HOSTILE) {
    const file = await fileOf(['first', value, 'last']);
    for (const delimiter of [',', ';', '\t'] as const) {
      expect(liveCells(readAsSpreadsheet(file, delimiter)), `${JSON.stringify(value)} split on ${JSON.stringify(delimiter)}: ${JSON.stringify(file)}`).toEqual([]);
    }
    // Read as the comma-separated file it is, the cell is still one cell holding what was typed,
    // with an apostrophe before each formula character that could start a cell.
    const [, [, cell, last]] = parseCsv(file) as [string[], string[]];
    expect(last).toBe('last');
    expect(cell!.replace(/'(?=[=+\-@])|^'(?=[\t\r ])/g, '')).toBe(value);
  }
});

it('leaves alone what no spreadsheet runs: hyphens inside words, numbers, a formula character not after a separator', async () => {
  const plain = ['Carter-Oakley', '555-0142', 'Ward 7; Springfield', 'a+b=c', 'me@example.org', 'Hello, world', 'x;y', 'Ends with a comma,'];
  for (const value of plain) expect(parseCsv(await fileOf([value]))[1]).toEqual([value]);
  expect(await fileOf([-5, 3.5, 'Ward 7; Springfield', 'x\ty'])).toBe('A\r\n-5,3.5,"Ward 7; Springfield","x\ty"\r\n');
});

it('gives back exactly what was stored from every cell, apostrophes typed before a formula character included', async () => {
  const typed = [
    ...HOSTILE,
    "'=1+1",
    "''@SUM(A1)",
    "' =1+1",
    "'  =SUM(A1)",
    "'\t=1+1",
    "Anna;'=1+1",
    "Dear Council,\n'- a point\n''+1 217 555 0142\n- another",
    "it's = fine, 'quoted' - ok",
    "'",
    ",'",
    "\n\n-",
    'Plain text',
  ];
  for (const value of typed) {
    const [, [cell]] = parseCsv(await fileOf([value])) as [string[], string[]];
    expect(unguardedCell(cell!), JSON.stringify(cell)).toBe(value);
  }
  // A cell with nothing to guard is the stored text itself, so most letters check as they are.
  const [, [plain]] = parseCsv(await fileOf(["Dear Council,\n\nKeep the park, please: it's ours.\n\nAda"])) as [string[], string[]];
  expect(plain).toBe("Dear Council,\n\nKeep the park, please: it's ours.\n\nAda");
});

it('guards a cell whose formula comes after more than one space, and gives it back as typed', () => {
  // A spreadsheet skips any number of leading spaces before it reads a formula, not only one.
  for (const [typed, held] of [
    ['  =SUM(A1)', "'  =SUM(A1)"],
    ['   @SUM(A1)', "'   @SUM(A1)"],
    ["'  =SUM(A1)", "''  =SUM(A1)"],
    ['  Ward 7', '  Ward 7'],
  ] as const) {
    expect(guardedCell(typed), JSON.stringify(typed)).toBe(held);
    expect(unguardedCell(held), JSON.stringify(held)).toBe(typed);
  }
});
