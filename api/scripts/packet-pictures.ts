/**
 * `npm run packet:pictures`: the README's pictures of the hearing packet's first two pages, from
 * the demo data. Seeds a throwaway SQLite file, draws the packet of the demo campaign with the
 * most letters (as an admin's download would), and turns its first two pages into PNGs with
 * poppler's pdftoppm (poppler-utils).
 */
import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../src/db/open';
import { seedDemoData } from '../src/db/seed';
import { downloadScope, packetPdf } from '../src/packet/render';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pictures = path.join(root, 'docs/pictures');
const scratch = mkdtempSync(path.join(tmpdir(), 'dais-packet-'));
const db = await openDatabase({ dialect: 'sqlite', path: path.join(scratch, 'demo.sqlite') });
try {
  await seedDemoData(db);
  const campaigns = await db.ds.getRepository(db.entities.Campaign).find({ order: { letter_count: 'DESC', id: 'ASC' } });
  const campaign = campaigns.find((c) => c.boundary_set_id !== null && c.letter_count > 0) ?? campaigns[0]!;
  const pdf = path.join(scratch, 'packet.pdf');
  await pipeline(packetPdf(db, downloadScope(campaign, null, new Date()), { lane: 'download' }), createWriteStream(pdf));
  execFileSync('pdftoppm', ['-png', '-r', '72', '-f', '1', '-l', '2', pdf, path.join(pictures, 'packet-page')]);
  console.log(`[dais] ${campaign.title}: docs/pictures/packet-page-1.png and packet-page-2.png`);
} finally {
  await db.ds.destroy();
  rmSync(scratch, { recursive: true, force: true });
}
