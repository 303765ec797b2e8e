/**
 * Admins managing admins at the same moment, with real concurrent requests (on PostgreSQL they
 * really run in parallel; SQLite writes one at a time and must give the same answers). Rounds are
 * repeated because a race shows only in some of them.
 */
import { expect, it } from 'vitest';
import { signInUser } from '../../auth/sign-in';
import { ADMIN_TEXTS } from '../../contract';
import { describeEachDatabase, type TestServer } from '../../../test/harness';

const ROUNDS = 12;
const NOT_AN_ADMIN = "You don't have permission to access the admin panel";

/** Signed-in owners `emails`, made the only owners who have signed in (others become viewers). */
async function onlyOwners(t: TestServer, emails: string[]) {
  const cookies = await Promise.all(emails.map((e) => t.adminCookie(e, 'owner')));
  const admins = t.db.ds.getRepository(t.db.entities.AdminUser);
  const rows = await Promise.all(emails.map((e) => admins.findOneByOrFail({ email: e })));
  for (const other of await admins.findBy({ role: 'owner' })) {
    if (!rows.some((r) => r.id === other.id)) await admins.update({ id: other.id }, { role: 'viewer' });
  }
  return rows.map((row, i) => ({ row, cookie: cookies[i]! }));
}

/** Owners who have signed in, active: the ones who can still manage admins. */
async function workingOwners(t: TestServer) {
  const rows = await t.db.ds.getRepository(t.db.entities.AdminUser).findBy({ role: 'owner', is_active: true });
  return rows.filter((r) => r.user_id !== null);
}

/** The sign-in the OAuth callback makes, for a provider account with this address. */
const signIn = (t: TestServer, email: string) =>
  signInUser(t.db, t.config, { sub: `sub-${email}`, email, name: email, picture: null });

let seq = 0;

describeEachDatabase('admins managing admins at the same moment', (t) => {
  it('two owners demoting or removing each other: exactly one wins, the other is told why, an owner always stays', async () => {
    const problems: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const [a, b] = await onlyOwners(t, [`race-a-${round}@example.org`, `race-b-${round}@example.org`]);
      // Even rounds demote, odd rounds remove; each names the other.
      const verb = round % 2 === 0 ? 'demote' : 'remove';
      const act = (who: typeof a, whom: typeof a) =>
        verb === 'demote'
          ? t.api('PUT', `/api/admin/admins/${whom!.row.id}`, { cookie: who!.cookie, body: { role: 'viewer' } })
          : t.api('DELETE', `/api/admin/admins/${whom!.row.id}`, { cookie: who!.cookie });
      const replies = await Promise.all([act(a, b), act(b, a)]);
      const [won, lost] = [...replies].sort((x, y) => x.status - y.status);
      const owners = (await workingOwners(t)).length;
      // One succeeds; the other is too late to do it (the last owner), or no longer an owner or an admin at all by then.
      const ok =
        won!.status === 200 &&
        [403, 409].includes(lost!.status) &&
        [ADMIN_TEXTS.lastOwner, ADMIN_TEXTS.ownerOnly, NOT_AN_ADMIN].includes(lost!.body.error ?? '') &&
        owners === 1;
      if (!ok) problems.push(`round ${round} (${verb}): ${replies.map((r) => `${r.status} ${r.body.error}`).join(' | ')}; ${owners} owners left`);
    }
    expect(problems, `${problems.length} of ${ROUNDS} rounds went wrong`).toEqual([]);
  });

  it('one address invited several times at once: one invitation, one e-mail, the others told it is taken', async () => {
    const owner = await t.adminCookie(`inviting.owner.${++seq}@example.org`);
    const admins = t.db.ds.getRepository(t.db.entities.AdminUser);
    for (let round = 0; round < ROUNDS; round++) {
      const address = `invited.at.once.${round}@example.org`;
      // The same address as people type it: case and spaces differ, the admin is the same.
      const typed = [address, address.toUpperCase(), ` ${address} `, address.replace('invited', 'Invited')];
      const replies = await Promise.all(typed.map((email) => t.api('POST', '/api/admin/admins', { cookie: owner, body: { email, role: 'editor' } })));
      for (const r of replies) expect(r.status, `round ${round}: ${r.text}`).toBeLessThan(500);
      expect(replies.filter((r) => r.status === 201), `round ${round}`).toHaveLength(1);
      for (const r of replies.filter((x) => x.status !== 201)) expect([r.status, r.body.error]).toEqual([409, ADMIN_TEXTS.alreadyAdmin(address)]);
      const rows = (await admins.find()).filter((a) => a.email.toLowerCase() === address);
      expect(rows, `round ${round}`).toHaveLength(1);
      const mails = (await t.db.ds.getRepository(t.db.entities.MailOutbox).find()).filter((m) => m.recipients.includes(address));
      expect(mails, `round ${round}`).toHaveLength(1);
    }
  });

  it('an admin removed after invitations raced stays removed at their next sign-in', async () => {
    const owner = await t.adminCookie(`removing.owner.${++seq}@example.org`);
    const admins = t.db.ds.getRepository(t.db.entities.AdminUser);
    for (let round = 0; round < ROUNDS; round++) {
      const address = `comes.back.${round}@example.org`;
      await Promise.all([1, 2, 3].map(() => t.api('POST', '/api/admin/admins', { cookie: owner, body: { email: address, role: 'editor' } })));
      const first = await signIn(t, address);
      expect(first.isAdmin).toBe(true);
      const mine = await admins.findOneByOrFail({ user_id: first.user.id });
      const removed = await t.api('DELETE', `/api/admin/admins/${mine.id}`, { cookie: owner });
      expect(removed.status, removed.text).toBe(200);
      const again = await signIn(t, address);
      expect(again.isAdmin, `round ${round}: removed, yet an admin again at the next sign-in`).toBe(false);
      expect((await admins.find()).filter((a) => a.email.toLowerCase() === address)).toEqual([]);
    }
  });
});
