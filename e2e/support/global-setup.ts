import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT, startDaisServer } from './dais-server';
import { startHostServer } from './host-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Dais origin, the host site's origin and the Dais server's SQLite file. */
    dais: { url: string; hostUrl: string; dbPath: string };
  }
}

const BUILT = ['embed-loader/dist/embed.js', 'widget/dist/widget.js', 'widget/dist/page.html'];

/** One Dais server and one host site for the whole run; each test file launches its own browser. */
export default async function setup(project: TestProject) {
  const missing = BUILT.filter((f) => !fs.existsSync(path.join(REPO_ROOT, f)));
  if (missing.length > 0) {
    throw new Error(`e2e tests the built scripts; ${missing.join(', ')} missing: run \`npm run build\` first (npm test does).`);
  }
  const dais = await startDaisServer();
  const host = await startHostServer(dais.url);
  project.provide('dais', { url: dais.url, hostUrl: host.url, dbPath: dais.dbPath });
  return async () => {
    await host.stop();
    await dais.stop();
  };
}
