import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { freePort } from './free-port';

const FIXTURES = path.resolve(import.meta.dirname, '..', 'fixtures');
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.css': 'text/css; charset=utf-8' };

export interface HostServer {
  /** http://localhost:PORT: a different origin (and site) from the Dais server's 127.0.0.1. */
  url: string;
  stop: () => Promise<void>;
}

/**
 * Someone else's web site: serves e2e/fixtures, with {{DAIS}} replaced by the Dais origin and
 * {{CAMPAIGN}} by the page's ?campaign= number (default 1), so one host page serves every campaign.
 */
export async function startHostServer(daisUrl: string): Promise<HostServer> {
  const port = await freePort();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const name = path.basename(url.pathname);
    const file = path.join(FIXTURES, name);
    const type = TYPES[path.extname(name)];
    if (!type || !fs.existsSync(file)) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    const campaign = /^\d{1,10}$/.test(url.searchParams.get('campaign') ?? '') ? url.searchParams.get('campaign')! : '1';
    const body = fs.readFileSync(file, 'utf8').replaceAll('{{DAIS}}', daisUrl).replaceAll('{{CAMPAIGN}}', campaign);
    res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://localhost:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
