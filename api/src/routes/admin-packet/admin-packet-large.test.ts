import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness';
import { addLetters } from '../../../test/admin-fixtures';
import { PDF_WORKERS_AT_ONCE, runningPdfWorkers } from '../../packet/pdf-in-worker';

const until = async (what: string, ok: () => boolean, ms = 10_000) => {
  for (const end = Date.now() + ms; !ok(); ) {
    if (Date.now() > end) throw new Error(`still not ${what} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

describeEachDatabase('a large hearing packet', (t) => {
  // 20 to 23 s on this 2-core machine alone, 30 s beside the rest of the suite on a busy day: room for that.
  it('is drawn off the API thread: other requests are answered while it is made, and cancelling it stops the drawing', { timeout: 90_000 }, async () => {
    const campaign = await t.campaign({ title: 'A large packet' });
    const body = `Dear Council,\n\n${'Please protect the river corridor and the farmland along it. '.repeat(25)}\n\nSincerely`;
    await addLetters(t, campaign, 1_500, (i) => ({ letter_content: `${body}\nWriter ${i}`, created_at: new Date(Date.UTC(2025, 0, 1) + i * 60_000) }));
    const admin = await t.adminCookie();
    const url = `${t.url}/api/admin/campaigns/${campaign.id}/packet.pdf`;

    // While the whole packet is made and read, the health check keeps answering promptly.
    const download = fetch(url, { headers: { cookie: admin } }).then(async (res) => Buffer.from(await res.arrayBuffer()));
    let done = false;
    void download.then(() => (done = true));
    const waits: number[] = [];
    while (!done) {
      const started = performance.now();
      expect((await fetch(`${t.url}/api/health`)).status).toBe(200);
      waits.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 20));
    }
    const pdf = await download;
    expect(pdf.toString('latin1').match(/%dais-letter \d+ of 1500/g)).toHaveLength(1_500);
    expect(waits.length).toBeGreaterThan(5);
    expect(Math.max(...waits), `health check waits (ms): ${waits.map(Math.round).join(', ')}`).toBeLessThan(1_000);
    await until('stopped', () => runningPdfWorkers() === 0);

    // An admin who cancels (the browser drops the download) stops the drawing at once.
    const controller = new AbortController();
    const res = await fetch(url, { headers: { cookie: admin }, signal: controller.signal });
    const reader = res.body!.getReader();
    await reader.read();
    expect(runningPdfWorkers()).toBe(1);
    controller.abort();
    await until('stopped after a cancel', () => runningPdfWorkers() === 0);
  });

  it('draws at most two downloads at once; the others wait their turn and then arrive whole', { timeout: 90_000 }, async () => {
    const campaign = await t.campaign({ title: 'Many admins at once' });
    await addLetters(t, campaign, 300, (i) => ({ created_at: new Date(Date.UTC(2025, 0, 1) + i * 60_000) }));
    // Four admins: each may draw one at a time.
    const admins = await Promise.all([1, 2, 3, 4].map(() => t.adminCookie()));
    let most = 0;
    const sampler = setInterval(() => (most = Math.max(most, runningPdfWorkers())), 5);
    const pdfs = await Promise.all(
      admins.map((admin) =>
        fetch(`${t.url}/api/admin/campaigns/${campaign.id}/packet.pdf`, { headers: { cookie: admin } }).then(async (r) => Buffer.from(await r.arrayBuffer())),
      ),
    );
    clearInterval(sampler);
    expect(PDF_WORKERS_AT_ONCE.download).toBe(2);
    expect(most).toBe(2);
    for (const pdf of pdfs) expect(pdf.toString('latin1').match(/%dais-letter \d+ of 300/g)).toHaveLength(300);
    await until('stopped', () => runningPdfWorkers() === 0);
  });
});
