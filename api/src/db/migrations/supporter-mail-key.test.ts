import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness';
import { mailSoon } from '../../confirmations/mail-soon';
import { emailKey } from '../../floods/sources';
import { SupporterMailKey1795765437635 } from './1795765437635-SupporterMailKey';

describeEachDatabase('the migration that gives supporter e-mails a folded address', (t) => {
  it('folds the address of every e-mail sent before it, and leaves the schema the entities describe', async () => {
    const c = await t.campaign({ require_confirmation: true });
    const forms = ['Lee.Vanterpool+petitions@GoogleMail.com', 'lee+trees@example.org', 'plain@example.org'];
    for (const email of forms) {
      const res = await t.api('POST', `/api/campaigns/${c.id}/support`, {
        body: { name: 'Lee Vanterpool', email, street_address: '1 Main St', city: 'Springfield', state: 'IL', zip_code: '62704', is_public: true },
      });
      expect(res.status, res.text).toBe(200);
    }
    await mailSoon(t.db).settled();
    const runner = t.db.ds.createQueryRunner();
    const migration = new SupporterMailKey1795765437635();
    try {
      await migration.down(runner);
      // Addresses as an older Dais stored them: as typed, capitals and all.
      for (const email of forms) await runner.query(`UPDATE supporter_mails SET email = ${t.dialect === 'postgres' ? '$1' : '?'} WHERE email = ${t.dialect === 'postgres' ? '$2' : '?'}`, [email, email.toLowerCase()]);
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    const mails = await t.db.ds.getRepository(t.db.entities.SupporterMail).find({ where: { campaign_id: c.id } });
    expect(mails.map((m) => m.email).sort()).toEqual([...forms].sort());
    for (const m of mails) expect(m.email_key, m.email).toBe(emailKey(m.email));
    expect(mails.find((m) => m.email.startsWith('Lee.'))?.email_key).toBe('leevanterpool@gmail.com');
    const pending = await t.db.ds.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });
});
