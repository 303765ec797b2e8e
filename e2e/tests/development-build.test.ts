import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { servePagesAndScripts } from '../../api/src/web/web';
import { REPO_ROOT } from '../support/dais-server';
import { useChromium } from '../support/browser';
import { DEMO, waitForCampaign, widgetOf } from '../support/widget';

/**
 * Issue 9, point 5: `.env.example` sets NODE_ENV=development, and `npm start` builds first, so the
 * front ends are built under it. Each is built here twice into temporary folders (the checkout's
 * dist/ is left alone), once under NODE_ENV=development and once under production, and the widget
 * built under development is loaded in Chromium.
 */
const WORKSPACES = ['widget', 'admin', 'embed-loader'] as const;
const VITE = path.join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
const run = promisify(execFile);

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'dais-node-env-'));
const roots = { development: path.join(work, 'development'), production: path.join(work, 'production') };

async function build(workspace: string, nodeEnv: keyof typeof roots) {
  const outDir = path.join(roots[nodeEnv], workspace, 'dist');
  await run(process.execPath, [VITE, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: path.join(REPO_ROOT, workspace),
    env: { ...process.env, NODE_ENV: nodeEnv },
  });
}

/** Every file below `dir`, relative, sorted. */
const filesBelow = (dir: string): string[] =>
  (fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((f) => fs.statSync(path.join(dir, f)).isFile())
    .sort();

const chromium = useChromium();
let server: http.Server | undefined;
let serverUrl = '';

beforeAll(async () => {
  for (const workspace of WORKSPACES) {
    await build(workspace, 'development');
    await build(workspace, 'production');
  }
  // The development-built widget.js, served by the server's own page and script middleware from
  // that folder, on a host page that points the widget at the real Dais server's API.
  const app = new Koa();
  app.use(async (ctx, next) => {
    if (ctx.path !== '/host.html') return next();
    ctx.type = 'text/html; charset=utf-8';
    ctx.body =
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title></head><body>' +
      `<petition-widget campaign-id="${DEMO.park.id}" api-base="${inject('dais').url}"></petition-widget>` +
      '<script type="module" src="/widget.js"></script></body></html>';
  });
  app.use(servePagesAndScripts(roots.development));
  server = http.createServer(app.callback());
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 180_000);

afterAll(async () => {
  if (server) await new Promise<void>((r) => server!.close(() => r()));
  fs.rmSync(work, { recursive: true, force: true });
});

describe('NODE_ENV=development', () => {
  it.each(WORKSPACES)('builds %s exactly as a production build', (workspace) => {
    const dev = path.join(roots.development, workspace, 'dist');
    const prod = path.join(roots.production, workspace, 'dist');
    expect(filesBelow(dev)).toEqual(filesBelow(prod));
    for (const file of filesBelow(prod)) {
      expect(fs.readFileSync(path.join(dev, file)).equals(fs.readFileSync(path.join(prod, file))), file).toBe(true);
    }
    const code = filesBelow(dev).filter((f) => f.endsWith('.js')).map((f) => fs.readFileSync(path.join(dev, f), 'utf8')).join('\n');
    expect(code).not.toContain('jsxDEV');
  });

  it('builds a widget that shows a campaign in Chromium', async () => {
    const { page, pageErrors } = await chromium.openPage(`${serverUrl}/host.html`);
    const widget = await waitForCampaign(widgetOf(page, DEMO.park.id), DEMO.park.title);
    expect(await widget.getByRole('tab', { name: 'Sign Petition' }).isVisible()).toBe(true);
    expect(pageErrors).toEqual([]);
  });
});
