/**
 * The audit log is append-only in the database itself, whoever holds a connection: not only UPDATE
 * and DELETE (admin-audit.test.ts), but the inserts that overwrite an entry. SQLite's INSERT OR
 * REPLACE deletes the old row without firing DELETE triggers (unless recursive_triggers is on), and
 * an upsert's DO UPDATE is an update by another name.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness';

describeEachDatabase('the audit log refuses inserts that would rewrite an entry', (t) => {
  it('refuses INSERT OR REPLACE, REPLACE, an upsert and a plain insert of an existing id; new entries still go in', async () => {
    const admin = await t.adminCookie();
    const write = await t.api('PUT', '/api/admin/settings/widget_show_progress', { cookie: admin, body: { setting_value: 'false' } });
    expect(write.status, write.text).toBe(200);
    const entries = t.db.ds.getRepository(t.db.entities.AuditEntry);
    const before = await entries.find({ order: { id: 'ASC' } });
    const id = before[0]!.id;
    const columns = '("id", "created_at", "actor_email", "action", "campaign_id", "summary")';
    const values = `(${id}, '2020-01-01 00:00:00', 'someone.else@example.org', 'setting.update', NULL, 'nothing happened')`;

    const rewrites =
      t.dialect === 'sqlite'
        ? [
            `INSERT OR REPLACE INTO "audit_log" ${columns} VALUES ${values}`,
            `REPLACE INTO "audit_log" ${columns} VALUES ${values}`,
            `INSERT INTO "audit_log" ${columns} VALUES ${values} ON CONFLICT ("id") DO UPDATE SET "summary" = excluded."summary"`,
            `INSERT INTO "audit_log" ${columns} VALUES ${values}`,
          ]
        : [
            `INSERT INTO "audit_log" ${columns} VALUES ${values} ON CONFLICT ("id") DO UPDATE SET "summary" = EXCLUDED."summary", "actor_email" = EXCLUDED."actor_email"`,
            `INSERT INTO "audit_log" ${columns} VALUES ${values}`,
          ];
    for (const sql of rewrites) {
      // The triggers say why; PostgreSQL's plain insert of an existing id meets the primary key.
      const why = t.dialect === 'postgres' && !sql.includes('ON CONFLICT') ? /duplicate key/ : /append-only/;
      await expect(t.db.ds.query(sql), sql).rejects.toThrow(why);
    }
    expect(await entries.find({ order: { id: 'ASC' } })).toEqual(before);

    // What Dais itself does, an insert with a new id, still works.
    const again = await t.api('PUT', '/api/admin/settings/widget_show_progress', { cookie: admin, body: { setting_value: 'true' } });
    expect(again.status, again.text).toBe(200);
    expect(await entries.count()).toBe(before.length + 1);
  });
});
