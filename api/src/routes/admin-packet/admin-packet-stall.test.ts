/**
 * The red team's stall: two packet downloads whose readers never read held both PDF workers
 * forever, and every other packet (downloads, the hearing-packet e-mails to the decision body)
 * waited behind them. Real HTTP, real sockets that stop reading, the shipped 30 s.
 */
import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addLetters } from '../../../test/admin-fixtures';
import { describeEachDatabase, type TestServer } from '../../../test/harness';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp';
import { PACKET_STALL_MS, runningPdfWorkers } from '../../packet/pdf-in-worker';

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink.stop());

const until = async (what: string, ok: () => boolean, ms: number) => {
  for (const end = Date.now() + ms; !ok(); ) {
    if (Date.now() > end) throw new Error(`still not ${what} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

/** A download whose reader sends the request and then takes nothing: its socket is never read. */
function stalledDownload(t: TestServer, path: string, cookie: string) {
  const { port } = new URL(t.url);
  const socket = net.connect(Number(port), '127.0.0.1');
  socket.pause();
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\n\r\n`);
  return {
    socket,
    /** Reads everything the server wrote, once the reader wakes up; resolves when the server closed. */
    async readAll(): Promise<Buffer> {
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => chunks.push(c));
      socket.resume();
      await new Promise<void>((resolve) => socket.once('close', () => resolve()));
      return Buffer.concat(chunks);
    },
  };
}

describeEachDatabase(
  'hearing packets while two downloads stop reading',
  (t) => {
    it(`cuts a download whose reader took nothing for ${PACKET_STALL_MS / 1000} s; meanwhile the packet e-mail goes at once, an admin's second download is refused, and the next download gets its turn`, { timeout: 180_000 }, async () => {
      expect(PACKET_STALL_MS).toBe(30_000);
      // A packet of about 14 MB, far more than the sockets' buffers hold (about 4 MB on loopback): short
      // lines of varied words, the most bytes for the least drawing.
      const big = await t.campaign({ title: 'A packet nobody reads' });
      const WORDS = 'river corridor farmland protect council families evening library traffic zoning trees park water school budget housing neighbours meeting agenda hearing comment future children safety bridge trail'.split(' ');
      let seed = 7;
      const word = () => WORDS[(seed = (seed * 1103515245 + 12345) % 2147483648) % WORDS.length];
      await addLetters(t, big, 3_000, (i) => ({
        letter_content: `Dear Council,\n${Array.from({ length: 150 }, (_, k) => `${k} ${word()}`).join('\n')}\nSincerely,\nWriter ${i}`,
        created_at: new Date(Date.UTC(2025, 0, 1) + i * 60_000),
      }));
      const small = await t.campaign({ title: 'A small packet', delivery_mode: 'manual', delivery_recipients: ['clerk@springfield.example.gov'] });
      await addLetters(t, small, 3);
      const [ada, grace, katherine] = [await t.adminCookie(), await t.adminCookie(), await t.adminCookie('katherine@example.org', 'viewer')];
      const bigPdf = `/api/admin/campaigns/${big.id}/packet.pdf`;
      const smallPdf = `${t.url}/api/admin/campaigns/${small.id}/packet.pdf`;

      const stalled = [stalledDownload(t, bigPdf, ada), stalledDownload(t, bigPdf, grace)];
      const cleanup: (() => void)[] = stalled.map((s) => () => s.socket.destroy());
      try {
        const started = Date.now();
        await until('drawing both', () => runningPdfWorkers('download') === 2, 20_000);

        // Ada is already downloading a packet: a second one is refused at once, saying why.
        const second = await t.api('GET', bigPdf, { cookie: ada });
        expect([second.status, second.body.success, second.body.code]).toEqual([409, false, 'conflict']);
        expect(second.body.error).toBe('You are already downloading a hearing packet PDF. Wait for it to finish, or cancel it, then try again.');

        // The packet e-mail to the decision body does not wait behind the stalled downloads.
        const delivery = await t.api('POST', `/api/admin/campaigns/${small.id}/deliveries`, { cookie: ada, body: {} });
        expect(delivery.status, delivery.text).toBe(201);
        await expect.poll(() => sink.received.some((m) => m.messageId === delivery.body.data.message_id), { timeout: 20_000 }).toBe(true);
        expect(Date.now() - started, 'the packet e-mail went while both downloads were stalled').toBeLessThan(PACKET_STALL_MS);
        expect(runningPdfWorkers('download')).toBe(2);

        // Another admin's download waits its turn, and gets it once the stalled ones are cut.
        const controller = new AbortController();
        cleanup.push(() => controller.abort());
        const res = await fetch(smallPdf, { headers: { cookie: katherine }, signal: controller.signal });
        expect(res.status).toBe(200);
        const pdf = Buffer.from(await res.arrayBuffer());
        const waited = Date.now() - started;
        expect(pdf.toString('latin1')).toMatch(/%dais-letter 3 of 3[\s\S]*%%EOF\s*$/);
        expect(waited, 'the next download waited for the stalled ones to be cut').toBeGreaterThanOrEqual(PACKET_STALL_MS);
        expect(waited, 'and not much longer').toBeLessThan(PACKET_STALL_MS + 60_000);

        // The stalled readers, waking up, find their file cut short: never a whole PDF.
        for (const s of stalled) {
          const raw = await s.readAll();
          expect(raw.toString('latin1', 0, 12)).toBe('HTTP/1.1 200');
          expect(raw.length).toBeGreaterThan(1 << 20);
          expect(raw.toString('latin1')).not.toContain('%%EOF');
        }
        await until('no worker left', () => runningPdfWorkers() === 0, 10_000);
        // Ada may download again.
        const again = await fetch(smallPdf, { headers: { cookie: ada } });
        expect(again.status).toBe(200);
        expect(Buffer.from(await again.arrayBuffer()).toString('latin1')).toContain('%%EOF');
      } finally {
        for (const c of cleanup) c();
      }
    });
  },
  {
    env: () => ({ SMTP_URL: sink.url, MAIL_FROM: 'Springfield Parks Coalition <comments@parks.example.org>' }),
    mailWorker: {},
  },
);
