/**
 * On SQLite a signature batch also queues the confirmation e-mails of the batches before it
 * (confirmations/mail-soon.ts): those must never cost its own signatures their answer.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness';
import { mailSoon } from '../confirmations/mail-soon';
import { signatureCreateSchema } from '../contract';
import { NO_DISTRICT } from '../districts/residency';
import { signatureBatcher } from './signature-batcher';

/** A signature's body as the route stores it on a campaign without districts. */
const toStore = (body: unknown) => ({ ...signatureCreateSchema.parse(body), ...NO_DISTRICT });

const logLines: string[] = [];

describeEachDatabase('the signature batch', (t) => {
  it("stores its signatures when an earlier batch's e-mail cannot be queued (its campaign deleted since)", async () => {
    const c = await t.campaign({ require_confirmation: false });
    const input = toStore({ name: 'Mary Seacole', email: `mary.${Date.now()}@example.org`, street_address: '14 Tavistock Street', city: 'Springfield', state: 'IL', zip_code: '62701' });
    // Signed first, so that its batch starts before the e-mails queue their own transaction and takes them in.
    const receipt = signatureBatcher(t.db).sign(c.id, false, input, { network: null }, null);
    mailSoon(t.db).mail([{ campaignId: 2_000_000_000, email: 'gone@example.org' }]);
    await expect(receipt).resolves.toEqual({ supporter_count: 1 });
    await mailSoon(t.db).settled();
    expect(await t.db.ds.getRepository(t.db.entities.Supporter).countBy({ campaign_id: c.id })).toBe(1);
    // The e-mail that could not be queued is reported once, for the upkeep to send later.
    const reported = logLines.map((l) => JSON.parse(l) as { msg: string; addresses?: number }).filter((l) => l.msg.startsWith('confirmation e-mails could not be queued'));
    expect(reported).toEqual([expect.objectContaining({ msg: 'confirmation e-mails could not be queued now; the confirmation upkeep sends them', addresses: 1 })]);
    logLines.length = 0;
  });
}, { logs: { write: (line: string) => void logLines.push(line) } });
