import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, it } from 'vitest';
import { useTestServer } from '../../test/harness';

const logLines: string[] = [];
const t = useTestServer('sqlite', { logs: { write: (line: string) => void logLines.push(line) } });

it('logs no error when a browser leaves in the middle of a download: that is its choice, not a failure', async () => {
  // A stored logo far larger than the socket's buffers, so the reply is still being written when
  // the browser goes (a tab closed, a page left while its images load).
  const name = `${'ab'.repeat(16)}.png`;
  fs.mkdirSync(t.config.uploadDir, { recursive: true });
  fs.writeFileSync(path.join(t.config.uploadDir, name), Buffer.alloc(16 * 1024 * 1024, 7));
  const before = logLines.length;
  const started = await new Promise<boolean>((resolve, reject) => {
    const req = http.get(`${t.url}/uploads/${name}`, (res) => {
      res.once('data', () => {
        req.destroy();
        resolve(res.statusCode === 200);
      });
    });
    req.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' ? undefined : reject(e)));
  });
  expect(started).toBe(true);
  // The server learns of it on its next write; then nothing may have been logged as an error.
  // Nothing to wait for but the absence of a line: a second is many times what that write takes.
  await new Promise((r) => setTimeout(r, 1_000));
  expect(logLines.slice(before).filter((l) => /"level":50/.test(l))).toEqual([]);
  expect((await t.api('GET', '/api/campaigns')).status).toBe(200);
});
