/**
 * A packet that cannot be made fails its stream with the reason, rather than leaving the reader
 * (the mail worker attaching it, an admin's download) waiting for bytes that never come.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness';
import { packetCsv, packetPdf } from './render';

describeEachDatabase('a packet that cannot be made', (t) => {
  it('ends its PDF stream with the reason when the campaign does not exist', async () => {
    const stream = packetPdf(t.db, { campaignId: 2_147_483_000, since: null, until: new Date().toISOString(), lateAfter: null }, { lane: 'mail' });
    const failure = await new Promise<Error>((resolve, reject) => {
      stream.on('error', resolve);
      stream.on('end', () => reject(new Error('the stream ended as if a packet had been made')));
      stream.resume();
    });
    expect(failure.message).toBe('Campaign not found');
  });

  it('ends its CSV stream with the reason too', async () => {
    const stream = packetCsv(t.db, { campaignId: 2_147_483_000, since: null, until: new Date().toISOString(), lateAfter: null });
    const failure = await new Promise<Error>((resolve, reject) => {
      stream.on('error', resolve);
      stream.on('end', () => reject(new Error('the stream ended as if a packet had been made')));
      stream.resume();
    });
    expect(failure.message).toBe('Campaign not found');
  });
});
