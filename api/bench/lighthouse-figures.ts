/**
 * The widget's cost to the page it sits on, as Lighthouse scores it (issue 23, goal 4): Lighthouse's
 * default mobile run (a mid-range phone: simulated 4x slower CPU and a slow 4G network) on Debian's
 * Chromium, of a host page that embeds the widget with the script tag, once without a CSP and once
 * with a strict one (the e2e suites' own host pages, e2e/fixtures), and of Dais's own /widget/{id}.
 * The Dais server it is given runs as shipped (bot check on) with the demo data, whose first campaign
 * lists its recent supporters: what used to arrive late and push the form down.
 */
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { DEMO_CAMPAIGNS } from '../src/db/demo-data';
import { startHostServer } from '../../e2e/support/host-server';
import type { BenchRow } from './row';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const GOAL = { score: 95, tbtMs: 150, cls: 0.02 };


interface Run {
  score: number;
  tbtMs: number;
  cls: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function audit(url: string, port: number): Promise<Run> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
  const score = lhr.categories.performance?.score;
  const tbtMs = lhr.audits['total-blocking-time']?.numericValue;
  const cls = lhr.audits['cumulative-layout-shift']?.numericValue;
  if (score == null || tbtMs === undefined || cls === undefined) throw new Error(`Lighthouse left out a figure for ${url}`);
  return { score: Math.round(score * 100), tbtMs, cls };
}

/** The demo's first campaign: it lists its recent supporters, below the forms. */
async function demoCampaignWithSupporters(daisUrl: string): Promise<number> {
  const title = DEMO_CAMPAIGNS[0]!.campaign.title;
  const reply = (await (await fetch(`${daisUrl}/api/campaigns`)).json()) as { data: { id: number; title: string }[] };
  const found = reply.data.find((c) => c.title === title);
  if (!found) throw new Error(`the demo campaign '${title}' is missing: the server should start with SEED_DEMO_DATA=true`);
  return found.id;
}

/** One row per page: the median of each figure over RUNS runs (Lighthouse's runs vary), with the range. */
export async function lighthouseFigures(daisUrl: string): Promise<BenchRow[]> {
  const campaignId = await demoCampaignWithSupporters(daisUrl);
  const host = await startHostServer(daisUrl);
  const pages = [
    { name: 'host page, script tag, no CSP (e2e/fixtures/plain.html)', url: `${host.url}/plain.html?campaign=${campaignId}` },
    { name: 'host page, script tag, strict CSP (e2e/fixtures/strict-csp.html)', url: `${host.url}/strict-csp.html?campaign=${campaignId}` },
    { name: '/widget/{id}', url: `${daisUrl}/widget/${campaignId}` },
  ];
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  const rows: BenchRow[] = [];
  try {
    for (const page of pages) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(page.url, chrome.port));
      const score = median(runs.map((r) => r.score));
      const tbtMs = median(runs.map((r) => r.tbtMs));
      const cls = median(runs.map((r) => r.cls));
      const range = (xs: number[], f: (x: number) => string) => `${f(Math.min(...xs))}-${f(Math.max(...xs))}`;
      const whole = (x: number) => Math.round(x).toLocaleString('en-US');
      const thousandths = (x: number) => x.toFixed(3);
      rows.push({
        figure: `Lighthouse mobile, ${page.name}: performance, total blocking time, cumulative layout shift (median of ${RUNS})`,
        value:
          `${score}, ${whole(tbtMs)} ms, ${thousandths(cls)} ` +
          `(ranges ${range(runs.map((r) => r.score), whole)}, ${range(runs.map((r) => r.tbtMs), whole)} ms, ${range(runs.map((r) => r.cls), thousandths)})`,
        goal: `>= ${GOAL.score}, <= ${GOAL.tbtMs} ms, <= ${GOAL.cls}`,
        pass: score >= GOAL.score && tbtMs <= GOAL.tbtMs && cls <= GOAL.cls,
      });
    }
  } finally {
    chrome.kill();
    await host.stop();
  }
  return rows;
}
