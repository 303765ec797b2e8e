/**
 * Organisers as a team: owners invite and manage admins, editors change everything else, viewers
 * change nothing (every admin write in the OpenAPI registry is refused with a message), and the last
 * owner always stays.
 */
import { expect, it } from 'vitest';
import { settleAdminRights } from '../../auth/admins';
import { signInUser } from '../../auth/sign-in';
import { changeAdminRole, inviteAdmin, removeAdmin } from '../../commands/manage-admins';
import { ADMIN_TEXTS } from '../../contract';
import { OPERATIONS } from '../openapi/operations';
import { describeEachDatabase } from '../../../test/harness';

describeEachDatabase('admins managing admins', (t) => {
  it('invites an address with a role: an e-mail goes out, and it becomes an admin at its first sign-in', async () => {
    const owner = await t.adminCookie('owner.invites@example.org');
    const res = await t.api('POST', '/api/admin/admins', { cookie: owner, body: { email: '  Rosa.Parks@Example.org ', role: 'editor' } });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ email: 'rosa.parks@example.org', role: 'editor', joined: false, is_you: false });

    const outbox = await t.db.ds.getRepository(t.db.entities.MailOutbox).find();
    const invitation = outbox.find((m) => m.recipients.includes('rosa.parks@example.org'));
    expect(invitation?.subject).toBe('You are invited to the Dais admin console');
    expect(invitation?.text).toContain('as Editor (campaigns, message points, letters and settings, but not who has access)');
    expect(invitation?.text).toContain(`${t.config.publicUrl}/admin`);
    expect(invitation?.text).toContain('nothing happens until you sign in');

    const again = await t.api('POST', '/api/admin/admins', { cookie: owner, body: { email: 'ROSA.PARKS@example.org', role: 'viewer' } });
    expect([again.status, again.body.error]).toEqual([409, ADMIN_TEXTS.alreadyAdmin('rosa.parks@example.org')]);

    // Her first sign-in (as the OAuth callback does it) takes up the invitation, as an editor.
    const user = await t.db.ds.getRepository(t.db.entities.User).save({ email: 'Rosa.Parks@example.org', google_sub: 'sub-rosa', name: 'Rosa Parks', picture: null });
    expect(await t.db.transaction((m) => settleAdminRights(m, t.db, user, { adminEmails: [], allowFirstUserAdmin: false }))).toBe(true);
    const row = await t.db.ds.getRepository(t.db.entities.AdminUser).findOneByOrFail({ user_id: user.id });
    expect(row).toMatchObject({ role: 'editor', is_active: true });

    const list = await t.api('GET', '/api/admin/admins', { cookie: owner });
    expect(list.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: 'owner.invites@example.org', role: 'owner', joined: true, is_you: true }),
        expect.objectContaining({ email: 'Rosa.Parks@example.org', role: 'editor', joined: true, is_you: false }),
      ]),
    );
    const entries = await t.db.ds.getRepository(t.db.entities.AuditEntry).findBy({ action: 'admin.invite' });
    expect(entries.map((e) => e.summary)).toContain('Invited rosa.parks@example.org as Editor');
  });

  it('refuses a viewer every admin write, with a message, and changes nothing', async () => {
    const viewer = await t.adminCookie('viewer.only@example.org', 'viewer');
    const writes = OPERATIONS.filter((o) => o.access === 'admin' && o.method !== 'GET');
    expect(writes.length).toBeGreaterThan(15);
    const campaigns = await t.db.ds.getRepository(t.db.entities.Campaign).count();
    for (const o of writes) {
      const path = o.path.replace(/\{[^}]+\}/g, '1');
      const res = await t.api(o.method, path, { cookie: viewer, body: {} });
      expect([o.method, o.path, res.status, res.body.error]).toEqual([
        o.method,
        o.path,
        403,
        o.path.startsWith('/api/admin/admins') ? ADMIN_TEXTS.ownerOnly : ADMIN_TEXTS.viewerRefused,
      ]);
    }
    expect(await t.db.ds.getRepository(t.db.entities.Campaign).count()).toBe(campaigns);
    // Reads stay open to a viewer.
    expect((await t.api('GET', '/api/admin/dashboard', { cookie: viewer })).status).toBe(200);
    expect((await t.api('GET', '/api/admin/admins', { cookie: viewer })).status).toBe(200);
  });

  it('lets an editor change campaigns but not who has access', async () => {
    const editor = await t.adminCookie('editor.only@example.org', 'editor');
    const created = await t.api('POST', '/api/admin/campaigns', { cookie: editor, body: { title: 'An editor made this', description: 'Long enough to be a real description.' } });
    expect(created.status, created.text).toBe(201);
    const invite = await t.api('POST', '/api/admin/admins', { cookie: editor, body: { email: 'someone@example.org', role: 'owner' } });
    expect([invite.status, invite.body.error]).toEqual([403, ADMIN_TEXTS.ownerOnly]);
  });

  it('never removes or demotes the last owner who has signed in', async () => {
    // Alone as an owner on a fresh list: the other owners of this database are removed first.
    const owner = await t.adminCookie('last.owner@example.org');
    const admins = t.db.ds.getRepository(t.db.entities.AdminUser);
    const me = await admins.findOneByOrFail({ email: 'last.owner@example.org' });
    for (const other of await admins.findBy({ role: 'owner' })) if (other.id !== me.id) await admins.update({ id: other.id }, { role: 'viewer' });
    // An owner invited but not yet signed in does not count: they cannot manage anyone yet.
    await t.api('POST', '/api/admin/admins', { cookie: owner, body: { email: 'future.owner@example.org', role: 'owner' } });

    const demote = await t.api('PUT', `/api/admin/admins/${me.id}`, { cookie: owner, body: { role: 'editor' } });
    expect([demote.status, demote.body.error]).toEqual([409, ADMIN_TEXTS.lastOwner]);
    const remove = await t.api('DELETE', `/api/admin/admins/${me.id}`, { cookie: owner });
    expect([remove.status, remove.body.error]).toEqual([409, ADMIN_TEXTS.lastOwner]);
    expect(await admins.findOneByOrFail({ id: me.id })).toMatchObject({ role: 'owner', is_active: true });

    // With a second owner who has signed in, the first may step down, and is then refused admin management.
    await t.adminCookie('second.owner@example.org', 'owner');
    const stepDown = await t.api('PUT', `/api/admin/admins/${me.id}`, { cookie: owner, body: { role: 'viewer' } });
    expect(stepDown.status, stepDown.text).toBe(200);
    expect(stepDown.body.data).toMatchObject({ role: 'viewer', is_you: true });
    const after = await t.api('DELETE', `/api/admin/admins/${me.id}`, { cookie: owner });
    expect([after.status, after.body.error]).toEqual([403, ADMIN_TEXTS.ownerOnly]);
  });

  it('takes access away at the next request once an admin is removed', async () => {
    const owner = await t.adminCookie('remover@example.org');
    const gone = await t.adminCookie('removed@example.org', 'editor');
    const row = await t.db.ds.getRepository(t.db.entities.AdminUser).findOneByOrFail({ email: 'removed@example.org' });
    expect((await t.api('GET', '/api/admin/dashboard', { cookie: gone })).status).toBe(200);
    const res = await t.api('DELETE', `/api/admin/admins/${row.id}`, { cookie: owner });
    expect(res.status, res.text).toBe(200);
    expect((await t.api('GET', '/api/admin/dashboard', { cookie: gone })).status).toBe(403);
    expect((await t.api('DELETE', `/api/admin/admins/${row.id}`, { cookie: owner })).body.error).toBe(ADMIN_TEXTS.notFound);
  });

  it('takes up an invitation at sign-in whatever the case of the address, and ADMIN_EMAILS makes an owner of it', async () => {
    const owner = await t.adminCookie('case.owner@example.org');
    const admins = t.db.ds.getRepository(t.db.entities.AdminUser);
    const signIn = async (email: string, adminEmails: string[] = []) => {
      const user = await t.db.ds.getRepository(t.db.entities.User).save({ email, google_sub: `sub-${email}`, name: email, picture: null });
      const admin = await t.db.transaction((m) => settleAdminRights(m, t.db, user, { adminEmails, allowFirstUserAdmin: false }));
      return { user, admin };
    };
    // Exactly the invited address: the invitation is still claimed (nothing else about the row changes).
    await t.api('POST', '/api/admin/admins', { cookie: owner, body: { email: 'exact.case@example.org', role: 'viewer' } });
    const exact = await signIn('exact.case@example.org');
    expect(exact.admin).toBe(true);
    expect(await admins.findOneByOrFail({ email: 'exact.case@example.org' })).toMatchObject({ user_id: exact.user.id, role: 'viewer' });

    // An invited editor named in ADMIN_EMAILS signs in as an owner.
    await t.api('POST', '/api/admin/admins', { cookie: owner, body: { email: 'named.owner@example.org', role: 'editor' } });
    const named = await signIn('Named.Owner@example.org', ['named.owner@example.org']);
    expect(named.admin).toBe(true);
    expect(await admins.findOneByOrFail({ user_id: named.user.id })).toMatchObject({ role: 'owner', email: 'Named.Owner@example.org' });

    // Someone invited nowhere gets nothing.
    expect((await signIn('not.invited@example.org')).admin).toBe(false);
  });

  it('makes someone who has signed in before an admin at once, and records each change in the audit log', async () => {
    const owner = await t.adminCookie('auditing.owner@example.org');
    const before = await t.userCookie('known.user@example.org');
    expect((await t.api('GET', '/api/admin/dashboard', { cookie: before })).status).toBe(403);
    const invited = await t.api('POST', '/api/admin/admins', { cookie: owner, body: { email: 'known.user@example.org', role: 'editor' } });
    expect(invited.body.data).toMatchObject({ joined: true });
    expect((await t.api('GET', '/api/admin/dashboard', { cookie: before })).status).toBe(200);

    const id = Number(invited.body.data.id);
    const summaries = async (action: string) => (await t.db.ds.getRepository(t.db.entities.AuditEntry).findBy({ action })).map((e) => e.summary);
    // The same role again changes nothing, and records nothing.
    expect((await t.api('PUT', `/api/admin/admins/${id}`, { cookie: owner, body: { role: 'editor' } })).status).toBe(200);
    expect(await summaries('admin.role')).not.toContain('known.user@example.org: Editor -> Editor');
    expect((await t.api('PUT', `/api/admin/admins/${id}`, { cookie: owner, body: { role: 'viewer' } })).body.data).toMatchObject({ role: 'viewer' });
    expect(await summaries('admin.role')).toContain('known.user@example.org: Editor -> Viewer');
    expect((await t.api('DELETE', `/api/admin/admins/${id}`, { cookie: owner })).status).toBe(200);
    expect(await summaries('admin.remove')).toContain('Removed known.user@example.org (Viewer)');
  });
});

describeEachDatabase(
  'admins named in ADMIN_EMAILS',
  (t) => {
    const signIn = (email: string) => signInUser(t.db, t.config, { sub: `sub-${email}`, email, name: email, picture: null });

    it('refuses to remove or demote an owner ADMIN_EMAILS names, saying why, since their next sign-in would undo it', async () => {
      const owner = await t.adminCookie('list.owner@example.org');
      const boss = await signIn('boss@example.org');
      expect(boss.isAdmin).toBe(true);
      const row = await t.db.ds.getRepository(t.db.entities.AdminUser).findOneByOrFail({ user_id: boss.user.id });
      expect(row.role).toBe('owner');

      const remove = await t.api('DELETE', `/api/admin/admins/${row.id}`, { cookie: owner });
      expect([remove.status, remove.body.error]).toEqual([409, ADMIN_TEXTS.namedInConfig('boss@example.org')]);
      const demote = await t.api('PUT', `/api/admin/admins/${row.id}`, { cookie: owner, body: { role: 'viewer' } });
      expect([demote.status, demote.body.error]).toEqual([409, ADMIN_TEXTS.namedInConfig('boss@example.org')]);
      expect(await t.db.ds.getRepository(t.db.entities.AdminUser).findOneByOrFail({ id: row.id })).toMatchObject({ role: 'owner', is_active: true });
      expect((await signIn('boss@example.org')).isAdmin).toBe(true);
    });
  },
  { env: { ADMIN_EMAILS: 'Boss@example.org' } },
);

describeEachDatabase('an owner who lost that role while their request waited', (t) => {
  it('changes nothing: the role is checked again under the lock', async () => {
    // Two owners, so that demoting or removing one would otherwise be allowed.
    await t.adminCookie('still.owner@example.org');
    await t.adminCookie('other.owner@example.org');
    await t.adminCookie('former.owner@example.org', 'viewer');
    const admins = t.db.ds.getRepository(t.db.entities.AdminUser);
    const me = await admins.findOneByOrFail({ email: 'former.owner@example.org' });
    const target = await admins.findOneByOrFail({ email: 'still.owner@example.org' });
    const actor = { email: 'former.owner@example.org', userId: me.user_id! };
    await expect(changeAdminRole(t.db, target.id, 'viewer', actor, [])).rejects.toMatchObject({ code: 'forbidden', message: ADMIN_TEXTS.ownerOnly });
    await expect(removeAdmin(t.db, target.id, actor, [])).rejects.toMatchObject({ code: 'forbidden', message: ADMIN_TEXTS.ownerOnly });
    await expect(inviteAdmin(t.db, { email: 'someone.new@example.org', role: 'owner' }, actor, 'http://x/admin')).rejects.toMatchObject({ code: 'forbidden' });
    expect(await admins.findOneByOrFail({ id: target.id })).toMatchObject({ role: 'owner' });
    expect(await admins.findOneBy({ email: 'someone.new@example.org' })).toBeNull();
  });
});
