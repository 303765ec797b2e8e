import { expect, it } from 'vitest';
import { activitySchema, dashboardSchema } from '../../contract';
import { describeEachDatabase } from '../../../test/harness';
import { addLetters, addSupporters, daysAgo } from '../../../test/admin-fixtures';
import { dailyActivity } from './activity';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

describeEachDatabase('admin dashboard', (t) => {
  it('is 401 signed out and 403 for a signed-in user who is not an admin, on both routes', async () => {
    const user = await t.userCookie();
    for (const path of ['/api/admin/dashboard', '/api/admin/activity']) {
      const out = await t.api('GET', path);
      expect(out.status).toBe(401);
      expect(out.body).toMatchObject({ success: false, code: 'unauthenticated' });
      const denied = await t.api('GET', path, { cookie: user });
      expect(denied.status).toBe(403);
      expect(denied.body).toMatchObject({
        success: false,
        code: 'forbidden',
        error: "You don't have permission to access the admin panel",
      });
    }
  });

  it('totals signatures and letters over every campaign, including signatures made through the widget', async () => {
    const admin = await t.adminCookie();
    const before = (await t.api('GET', '/api/admin/dashboard', { cookie: admin })).body.data.stats;
    const a = await t.campaign();
    const b = await t.campaign({ is_active: false });
    await addSupporters(t, a, 3);
    await addSupporters(t, b, 2);
    await addLetters(t, a, 4);
    const signed = await t.api('POST', `/api/campaigns/${a.id}/support`, {
      body: {
        name: 'Widget Signer',
        email: 'widget.signer@example.org',
        street_address: '1 Elm Street',
        city: 'Springfield',
        state: 'IL',
        zip_code: '62701',
      },
    });
    expect(signed.status).toBe(200);

    const res = await t.api('GET', '/api/admin/dashboard', { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.body.data.stats).toEqual({
      total_supporters: before.total_supporters + 6,
      total_letters: before.total_letters + 4,
      pending_supporters: 0,
      pending_letters: 0,
      personal_letters: before.personal_letters,
    });
    expect(res.body.data.recent_supporters[0]).toMatchObject({ name: 'Widget Signer', campaign_title: a.title });
  });

  it('lists the 5 newest supporters and letters, newest first, with campaign titles and nothing else', async () => {
    const admin = await t.adminCookie();
    const a = await t.campaign({ title: 'Fix the bridge on Elm' });
    const b = await t.campaign({ title: 'Plant more street trees' });
    // Written out of order: the list orders by when they were made, not by insertion.
    const supporters = [
      ...(await addSupporters(t, a, 4, (i) => ({ created_at: new Date(Date.UTC(2099, 0, 1 + i * 2)) }))),
      ...(await addSupporters(t, b, 3, (i) => ({ created_at: new Date(Date.UTC(2099, 0, 2 + i * 2)) }))),
    ];
    const letters = await addLetters(t, b, 6, (i) => ({
      created_at: new Date(Date.UTC(2099, 1, 6 - i)),
      perspective: i === 0 ? 'healthcare_worker' : 'parent',
    }));

    const res = await t.api('GET', '/api/admin/dashboard', { cookie: admin });
    expect(res.status).toBe(200);
    const newestSupporters = [...supporters].sort((x, y) => y.created_at.getTime() - x.created_at.getTime()).slice(0, 5);
    expect(res.body.data.recent_supporters).toEqual(
      newestSupporters.map((s) => ({
        id: s.id,
        name: s.name,
        email: s.email,
        campaign_title: s.campaign_id === a.id ? 'Fix the bridge on Elm' : 'Plant more street trees',
        created_at: s.created_at.toISOString(),
      })),
    );
    expect(res.body.data.recent_letters).toEqual(
      letters.slice(0, 5).map((l) => ({
        id: l.id,
        supporter_name: l.supporter_name,
        perspective: l.perspective,
        campaign_title: 'Plant more street trees',
        created_at: l.created_at.toISOString(),
      })),
    );
    expect(res.body.data.recent_letters[0].perspective).toBe('healthcare_worker');
    expect(dashboardSchema.strict().safeParse(res.body.data).success).toBe(true);
  });

  it('counts signatures and letters per UTC day, oldest first, every day present', async () => {
    const admin = await t.adminCookie();
    const c = await t.campaign();
    const firstDay = daysAgo(6, 0);
    await addSupporters(t, c, 1, () => ({ created_at: new Date(firstDay.getTime() - 1) })); // just before the window
    await addSupporters(t, c, 2, () => ({ created_at: firstDay })); // exactly at the first midnight
    await addSupporters(t, c, 1, () => ({ created_at: daysAgo(6, 23) }));
    await addSupporters(t, c, 3, () => ({ created_at: daysAgo(2, 9) }));
    await addLetters(t, c, 2, () => ({ created_at: daysAgo(2, 23) }));
    await addLetters(t, c, 1, () => ({ created_at: daysAgo(40) }));

    const res = await t.api('GET', '/api/admin/activity?days=7', { cookie: admin });
    expect(res.status).toBe(200);
    expect(activitySchema.safeParse(res.body.data).success).toBe(true);
    const days = res.body.data as { date: string; signatures: number; letters: number }[];
    expect(days.map((d) => d.date)).toEqual([6, 5, 4, 3, 2, 1, 0].map((n) => isoDay(daysAgo(n))));
    expect(days[0]).toEqual({ date: isoDay(firstDay), signatures: 3, letters: 0 });
    expect(days[4]).toEqual({ date: isoDay(daysAgo(2)), signatures: 3, letters: 2 });
    // Today is left out: other tests in this suite sign and write today.
    for (const i of [1, 2, 3, 5]) expect(days[i]).toMatchObject({ signatures: 0, letters: 0 });

    const month = await t.api('GET', '/api/admin/activity', { cookie: admin });
    expect(month.body.data).toHaveLength(30);
    expect(month.body.data[29].date).toBe(isoDay(new Date()));
    expect(month.body.data[23]).toEqual(days[0]);

    const quarter = await t.api('GET', '/api/admin/activity?days=90', { cookie: admin });
    expect(quarter.body.data).toHaveLength(90);
    expect(quarter.body.data[49]).toEqual({ date: isoDay(daysAgo(40)), signatures: 0, letters: 1 });
  });

  it("counts per calendar day of the admin's time zone, a day of 23 hours and a zone 5:45 ahead included", async () => {
    const admin = await t.adminCookie();
    const c = await t.campaign();
    // Chicago's clocks went forward at 2:00 on Sunday 8 March 2026: that day lasted 23 hours.
    const at = (iso: string) => new Date(iso);
    await addSupporters(t, c, 1, () => ({ created_at: at('2026-03-08T05:59:59Z') })); // 23:59:59 on the 7th, CST
    await addSupporters(t, c, 2, () => ({ created_at: at('2026-03-08T06:00:00Z') })); // midnight starting the 8th
    await addSupporters(t, c, 3, () => ({ created_at: at('2026-03-09T04:59:59Z') })); // 23:59:59 on the 8th, CDT
    await addLetters(t, c, 1, () => ({ created_at: at('2026-03-09T05:00:00Z') })); // midnight starting the 9th
    const chicago = await dailyActivity(t.db, 3, 'America/Chicago', at('2026-03-09T18:00:00Z'));
    expect(chicago).toEqual([
      { date: '2026-03-07', signatures: 1, letters: 0 },
      { date: '2026-03-08', signatures: 5, letters: 0 },
      { date: '2026-03-09', signatures: 0, letters: 1 },
    ]);
    // The same rows by UTC days, and by Kathmandu's (UTC+5:45), where 18:15 UTC is the next midnight.
    expect(await dailyActivity(t.db, 2, 'UTC', at('2026-03-09T18:00:00Z'))).toEqual([
      { date: '2026-03-08', signatures: 3, letters: 0 },
      { date: '2026-03-09', signatures: 3, letters: 1 },
    ]);
    await addSupporters(t, c, 1, () => ({ created_at: at('2026-03-09T18:14:59Z') }));
    await addSupporters(t, c, 2, () => ({ created_at: at('2026-03-09T18:15:00Z') }));
    expect(await dailyActivity(t.db, 2, 'Asia/Kathmandu', at('2026-03-09T20:00:00Z'))).toEqual([
      { date: '2026-03-09', signatures: 4, letters: 1 },
      { date: '2026-03-10', signatures: 2, letters: 0 },
    ]);
    // Through the route: the zone's name as the browser gives it, in any case.
    const res = await t.api('GET', '/api/admin/activity?days=1&time_zone=america/chicago', { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.body.data[0].date).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date()));
    const unknown = await t.api('GET', '/api/admin/activity?time_zone=Mars/Olympus_Mons', { cookie: admin });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'validation_failed', error: '"Mars/Olympus_Mons" is not a time zone: use a name like America/Chicago or Europe/Berlin' });
  });

  it('refuses a days value outside 1 to 90 with a message', async () => {
    const admin = await t.adminCookie();
    for (const q of ['0', '91', 'abc', '1.5', '-1', '', '1e1', '30&days=31']) {
      const res = await t.api('GET', `/api/admin/activity?days=${q}`, { cookie: admin });
      expect(res.status, q).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'validation_failed', error: 'days must be a whole number from 1 to 90' });
    }
    const one = await t.api('GET', '/api/admin/activity?days=1', { cookie: admin });
    expect(one.body.data).toEqual([{ date: isoDay(new Date()), signatures: expect.any(Number), letters: expect.any(Number) }]);
  });
});
