/**
 * The stall watch and the lanes of the PDF workers, on the stream itself with a stall of a second
 * (routes/admin-packet/admin-packet-stall.test.ts holds the shipped 30 s over real HTTP). The
 * database plays no part here, so this runs on SQLite only.
 */
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { addLetters } from '../../test/admin-fixtures';
import { useTestServer } from '../../test/harness';
import { PacketReaderStalled, PDF_WORKERS_AT_ONCE, runningPdfWorkers } from './pdf-in-worker';
import { packetPdf, preparePacketPdf, type PacketScope } from './render';

const until = async (what: string, ok: () => boolean, ms = 20_000) => {
  for (const end = Date.now() + ms; !ok(); ) {
    if (Date.now() > end) throw new Error(`still not ${what} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const LETTERS = 350;

describe('the PDF workers', () => {
  const t = useTestServer('sqlite');
  /** A packet of about 1.5 MB in short lines of varied words: the stream and the worker's window fill at under 1 MB. */
  async function scope(): Promise<PacketScope> {
    const campaign = await t.campaign({ title: 'Stall watch' });
    const WORDS = 'river corridor farmland protect council families evening library traffic zoning trees park water school budget housing neighbours meeting agenda hearing comment future children safety bridge trail'.split(' ');
    let seed = 11;
    const word = () => WORDS[(seed = (seed * 1103515245 + 12345) % 2147483648) % WORDS.length];
    await addLetters(t, campaign, LETTERS, (i) => ({
      letter_content: `Dear Council,\n${Array.from({ length: 150 }, (_, k) => `${k} ${word()}`).join('\n')}\nSincerely`,
      created_at: new Date(Date.UTC(2025, 0, 1) + i * 60_000),
    }));
    return { campaignId: campaign.id, since: null, until: new Date().toISOString(), lateAfter: null };
  }
  /** Resolves when the stream closes, with the error it was destroyed with. */
  const closed = (s: Readable) =>
    new Promise<Error | undefined>((resolve) => {
      let error: Error | undefined;
      s.on('error', (e) => (error = e)).once('close', () => resolve(error));
    });

  it('destroys a stream whose reader took nothing for the stall time, freeing its worker; a slow reader that keeps taking is never cut', { timeout: 90_000 }, async () => {
    const s = await scope();
    const campaign = await t.db.ds.getRepository(t.db.entities.Campaign).findOneByOrFail({ id: s.campaignId });
    const unread = (await preparePacketPdf(t.db, campaign, s, 1_000)).stream();
    const started = Date.now();
    const cut = closed(unread);
    await until('drawing', () => runningPdfWorkers('download') === 1);
    const error = await cut;
    expect(error).toBeInstanceOf(PacketReaderStalled);
    expect(error!.message).toBe("The hearing packet's reader took nothing for 1 s, so its PDF was stopped");
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    await until('freed', () => runningPdfWorkers() === 0);

    // A reader that waits for the stream to fill, then takes a chunk every six tenths of a second:
    // the stream stays full (the drawing is faster), the reader never a whole second without a byte.
    const slow = (await preparePacketPdf(t.db, campaign, s, 1_000)).stream();
    const chunks: Buffer[] = [];
    let full = 0;
    slow.pause();
    await until('full', () => slow.readableLength >= slow.readableHighWaterMark);
    const began = Date.now();
    let ended = false;
    slow.once('end', () => (ended = true));
    while (!ended) {
      if (slow.readableLength >= slow.readableHighWaterMark) full++;
      const chunk = slow.read(64 * 1024) as Buffer | null;
      if (chunk) chunks.push(chunk);
      await sleep(600);
    }
    expect(slow.destroyed && slow.errored).toBeFalsy();
    expect(full, 'reads that found the stream full').toBeGreaterThan(3);
    expect(Date.now() - began).toBeGreaterThan(3_000);
    const pdf = Buffer.concat(chunks).toString('latin1');
    expect(pdf.match(/%dais-letter \d+ of 350/g)).toHaveLength(LETTERS);
    expect(pdf).toMatch(/%%EOF\s*$/);
  });

  it("draws the mail worker's packets in a slot of their own: they never wait behind downloads", { timeout: 60_000 }, async () => {
    const s = await scope();
    expect(PDF_WORKERS_AT_ONCE).toEqual({ download: 2, mail: 1 });
    // Both download slots taken by readers that stopped, and a third download waiting its turn.
    const stalled = [1, 2, 3].map(() => packetPdf(t.db, s, { lane: 'download', stallMs: 60_000 }).on('error', () => undefined));
    try {
      await until('both downloads drawing', () => runningPdfWorkers('download') === 2);
      const chunks: Buffer[] = [];
      for await (const chunk of packetPdf(t.db, s, { lane: 'mail' })) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).toString('latin1')).toMatch(/%dais-letter 350 of 350[\s\S]*%%EOF\s*$/);
      expect(runningPdfWorkers('download')).toBe(2);
    } finally {
      for (const stream of stalled) stream.destroy();
    }
    await until('freed', () => runningPdfWorkers() === 0);
  });
});
