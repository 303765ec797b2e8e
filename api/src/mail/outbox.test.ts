/**
 * A stored text may leave something to be written in as it goes (a supporter e-mail's links, from a
 * secret: confirmations/links.ts). A process that cannot write it in must not send the text without it.
 */
import { expect, it } from 'vitest';
import { scratchDatabase } from '../../test/reliability/server-process';
import { loadConfig } from '../config';
import { openDatabase } from '../db/open';
import { prepareOutbox, renderOutboxTexts } from './outbox';

it('refuses to give the text of a message whose links no one in this process can write in, and gives a plain one as stored', async () => {
  const scratch = await scratchDatabase('sqlite');
  const config = loadConfig({ DATABASE_URL: scratch.url });
  const db = await openDatabase(config.database);
  try {
    prepareOutbox(db, config.mail);
    const marked = { id: 1, message_id: '<1@example.org>', text: 'Confirm: \u0001confirm-link\u0001' };
    const plain = { id: 2, message_id: '<2@example.org>', text: 'Dear clerk.' };
    await expect(renderOutboxTexts(db, [marked])).rejects.toThrow(/no renderer/);
    expect(await renderOutboxTexts(db, [plain])).toEqual(['Dear clerk.']);
  } finally {
    await db.ds.destroy();
    await scratch.drop();
  }
});
