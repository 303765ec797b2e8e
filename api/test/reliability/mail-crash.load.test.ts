import { describe, it } from 'vitest';
import { queueMail } from '../../src/mail/outbox';
import { availableDialects } from '../harness';
import { expectEveryMessageDeliveredOnce, runMailCrash, type MailLoad } from './mail-crash';

/**
 * `kill -9` an API process five times while it sends mail (`mail-crash.ts`), on SQLite (one
 * process) and on PostgreSQL (two processes, killed in turn): every queued message reaches the
 * SMTP server, twice only inside the documented window and then with the same Message-ID.
 */
const KILLS = 5;

/**
 * Mail queued as the API's own code queues it (queueMail in a transaction), a few messages per
 * transaction, about 200 a second: faster than the servers send (the SMTP server takes 30 ms over
 * each), so a backlog is always being worked on when the kill lands.
 */
const queueingLoad: MailLoad = {
  async run({ db, signal, round, random }) {
    let n = 0;
    while (!signal.aborted) {
      await db.transaction(async (m) => {
        for (let i = 0; i < 5; i++, n++) {
          const to = random() < 0.3 ? ['clerk@city.example.gov', 'deputy@city.example.gov'] : ['clerk@city.example.gov'];
          await queueMail(m, { to, subject: `Round ${round} message ${n}`, text: `Letter ${n} of round ${round}.\nSigned, a resident.` });
        }
      });
      await new Promise((r) => setTimeout(r, 25));
    }
  },
};

for (const dialect of await availableDialects()) {
  const processes = dialect === 'postgres' ? 2 : 1;
  describe(`mail through ${KILLS} kill -9 [${dialect}, ${processes} API process${processes > 1 ? 'es' : ''}]`, () => {
    it('delivers every queued message, a second copy only in the documented window and with the same Message-ID', async () => {
      const report = await runMailCrash({ dialect, processes, kills: KILLS, load: queueingLoad });
      expectEveryMessageDeliveredOnce(report);
    });
  });
}
