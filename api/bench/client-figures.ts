/**
 * The bench's figures for what a supporter's browser pays: letters (written on the server, rendered
 * to PDF by the widget's own code, here in Node) and the widget (bytes on the wire, time to title).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { LoadResult, LoadSpec } from './wrk';
import { BROWSER_ACCEPT_ENCODING, rawRequest } from '../test/raw-http';
import type { BenchRow } from './row';

const ROOT = path.resolve(import.meta.dirname, '../..');
const RUNS = Number(process.env.BENCH_BROWSER_RUNS ?? 15);


const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
};

type Load<R> = (spec: Omit<LoadSpec, 'durationMs'> & { durationMs?: number }) => Promise<R>;

/** `load` measures on the Dais server, `cost` says what a measured load cost it. */
export async function letterFigures<R extends LoadResult>(
  daisUrl: string,
  campaignId: number,
  base: number,
  load: Load<R>,
  cost: (r: R) => string,
): Promise<BenchRow[]> {
  const body = {
    supporter_name: 'Bench Writer',
    supporter_email: 'writer@bench.example.org',
    perspective: 'homeowner',
    street_address: '1 Oak Avenue',
    city: 'Springfield',
    state: 'IL',
    zip_code: '62704',
    personal_note: 'The river floods the lower field every spring, and the new road would make it worse.',
  };
  const url = `${daisUrl}/api/campaigns/${campaignId}/generate-letter`;
  await load({ url, method: 'POST', connections: 10, durationMs: 1000, body: { kind: 'json', value: body } });
  const generated = await load({ url, method: 'POST', connections: 10, body: { kind: 'json', value: body } });

  const reply = (await (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as {
    data: { letter_content: string };
  };
  // The widget's own PDF code (widget/src/pdf.ts: jsPDF and the contract's letter layout) runs in Node.
  const { letterPdf } = await import('../../widget/src/pdf');
  const times: number[] = [];
  for (let i = 0; i < 40; i++) {
    const t0 = performance.now();
    letterPdf(reply.data.letter_content, 'Bench campaign').doc.output('arraybuffer');
    times.push(performance.now() - t0);
  }
  return [
    {
      figure: 'Letters: POST /api/campaigns/{id}/generate-letter, 10 connections',
      value: `${Math.round(generated.rps).toLocaleString('en-US')} letters/s, p50 ${generated.p50.toFixed(2)} ms, p99 ${generated.p99.toFixed(1)} ms${cost(generated)}`,
      ratio: generated.rps / base,
    },
    {
      figure: "Letters: PDF render (the widget's jsPDF code, in Node), median of 40",
      value: `${median(times.slice(5)).toFixed(1)} ms`,
    },
  ];
}

/** The bytes a browser downloads: asked with Chromium's Accept-Encoding, counted undecoded. */
async function downloadedBytes(url: string): Promise<string> {
  const reply = await rawRequest(url, { headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } });
  if (reply.status !== 200) throw new Error(`${url}: ${reply.status}`);
  return `${reply.body.length.toLocaleString('en-US')} bytes (${reply.headers['content-encoding'] ?? 'uncompressed'})`;
}

export async function widgetFigures(daisUrl: string, campaignId: number): Promise<BenchRow[]> {
  const embed = path.join(ROOT, 'embed-loader/dist/embed.js');
  const widget = path.join(ROOT, 'widget/dist/widget.js');
  for (const f of [embed, widget]) if (!fs.existsSync(f)) throw new Error(`${f} is missing: run npm run build first`);
  const rows: BenchRow[] = [
    { figure: 'Widget cost: embed.js, as downloaded', value: await downloadedBytes(`${daisUrl}/embed.js`) },
    { figure: 'Widget cost: widget.js, as downloaded (its chunks: the budget test in npm test)', value: await downloadedBytes(`${daisUrl}/widget.js`) },
  ];

  const title = ((await (await fetch(`${daisUrl}/api/campaigns/${campaignId}`)).json()) as { data: { title: string } }).data.title;
  // The host page lives on another origin (another port), as a real embedding site would.
  const host = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html><head><title>Host</title></head><body><h1>A host site</h1><div id="slot"></div></body></html>');
  });
  await new Promise<void>((r) => host.listen(0, '127.0.0.1', () => r()));
  const hostUrl = `http://localhost:${(host.address() as AddressInfo).port}/`;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  const times: number[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      // A fresh context each run: an empty cache, like a first visit.
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(hostUrl);
      await page.evaluate(
        ([src, id]) => {
          (window as unknown as { t0: number }).t0 = performance.now();
          const s = document.createElement('script');
          s.src = src!;
          s.async = true;
          s.dataset.campaign = id!;
          document.getElementById('slot')!.appendChild(s);
        },
        [`${daisUrl}/embed.js`, String(campaignId)],
      );
      await page.getByText(title, { exact: true }).first().waitFor({ state: 'visible', timeout: 15_000 });
      times.push(await page.evaluate(() => performance.now() - (window as unknown as { t0: number }).t0));
      await context.close();
    }
  } finally {
    await browser.close();
    host.close();
  }
  rows.push({
    figure: `Widget cost: loader inserted -> campaign title visible, headless Chromium, cold cache, median of ${RUNS}`,
    value: `${median(times).toFixed(0)} ms (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)})`,
  });
  return rows;
}
