/**
 * The migration that gives admin_users its unique address key, on a database that already holds
 * an address twice (two invitations that raced on PostgreSQL before it): one row is kept, the one
 * that counts, and the index goes on.
 */
import { DataSource } from 'typeorm';
import { afterAll, describe, expect, it } from 'vitest';
import { availableDialects, freshDatabase } from '../../../test/harness';
import { dataSourceOptions } from '../data-source';
import { migrations } from './index';
import { AdminEmailKey1795755669710 } from './1795755669710-AdminEmailKey';

const DIALECTS = await availableDialects();
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

describe.each(DIALECTS)('the AdminEmailKey migration [%s]', (dialect) => {
  it('keeps one row per address (the one taken up, then the highest role, then the oldest) before the unique index', async () => {
    const { url, drop } = await freshDatabase(dialect);
    cleanups.push(drop);
    const db = dialect === 'sqlite' ? { dialect, path: url.slice('sqlite:'.length) } : { dialect, url };
    const upTo = migrations.indexOf(AdminEmailKey1795755669710);
    expect(upTo).toBeGreaterThan(0);

    const before = new DataSource({ ...dataSourceOptions(db), migrations: migrations.slice(0, upTo) });
    await before.initialize();
    await before.runMigrations();
    const p = (i: number) => (dialect === 'postgres' ? `$${i}` : '?');
    const [user] = await before.query(`INSERT INTO users (email, google_sub) VALUES (${p(1)}, ${p(2)}) RETURNING id`, ['Twice@Example.org', 'sub-twice']);
    const insert = (userId: number | null, email: string, role: string) =>
      before.query(`INSERT INTO admin_users (user_id, email, role) VALUES (${p(1)}, ${p(2)}, ${p(3)})`, [userId, email, role]);
    await insert(null, 'twice@example.org', 'owner'); // an invitation, oldest and highest
    await insert(user.id, 'Twice@Example.org', 'viewer'); // the one taken up: kept
    await insert(null, 'TWICE@example.org', 'editor');
    await insert(null, 'thrice@example.org', 'viewer');
    await insert(null, 'thrice@example.org', 'editor'); // highest role among invitations: kept
    await insert(null, 'Thrice@example.org', 'editor');
    await insert(null, 'once@example.org', 'viewer');
    await before.destroy();

    const after = new DataSource(dataSourceOptions(db));
    await after.initialize();
    await after.runMigrations();
    const rows: { user_id: number | null; email: string; email_key: string; role: string }[] = await after.query(
      'SELECT user_id, email, email_key, role FROM admin_users ORDER BY email_key',
    );
    expect(rows).toEqual([
      { user_id: null, email: 'once@example.org', email_key: 'once@example.org', role: 'viewer' },
      { user_id: null, email: 'thrice@example.org', email_key: 'thrice@example.org', role: 'editor' },
      { user_id: user.id, email: 'Twice@Example.org', email_key: 'twice@example.org', role: 'viewer' },
    ]);
    await expect(after.query(`INSERT INTO admin_users (user_id, email, email_key, role) VALUES (NULL, 'x@example.org', 'once@example.org', 'viewer')`)).rejects.toThrow();
    await after.destroy();
  });
});
