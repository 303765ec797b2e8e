import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness';
import { failingPairs, storedColours } from '../../test/colour-pairs';
import { seedDemoData } from './seed';
import { OldDefaultColours1795755882622 as Migration } from './migrations/1795755882622-OldDefaultColours';

/**
 * Issue 22, point 16: the default colours failed WCAG AA (white tab text on the primary at 3.76:1)
 * on every new and demo campaign, and the console's contrast warning said so on each. The colours
 * a campaign gets without choosing any (the table's defaults, the contract's defaults the console's
 * form and the API fill in) and every demo campaign's pass for every pair the widget draws.
 */
describeEachDatabase('default colours', (t) => {
  it('pass WCAG AA on every demo campaign, as seeded', async () => {
    await seedDemoData(t.db);
    const campaigns = await t.db.ds.getRepository(t.db.entities.Campaign).find({ order: { id: 'ASC' } });
    expect(campaigns.length).toBeGreaterThan(3);
    const failing = campaigns.map((c) => ({ campaign: c.title, failing: failingPairs(storedColours(c)) })).filter((c) => c.failing.length > 0);
    expect(failing).toEqual([]);
  });

  it("pass WCAG AA on a campaign stored without colours (the table's defaults) and one created without them (the contract's)", async () => {
    const stored = await t.db.ds.getRepository(t.db.entities.Campaign).save({ title: 'Stored bare', description: 'A campaign saved with no colours at all.' });
    const bare = await t.db.ds.getRepository(t.db.entities.Campaign).findOneByOrFail({ id: stored.id });
    expect(failingPairs(storedColours(bare))).toEqual([]);

    const created = await t.api('POST', '/api/admin/campaigns', {
      cookie: await t.adminCookie(),
      body: { title: 'Created bare', description: 'A campaign created through the API with no colours.' },
    });
    expect(created.status, created.text).toBe(201);
    expect(failingPairs(storedColours(created.body.data))).toEqual([]);
    // The table and the contract agree.
    expect(storedColours(created.body.data)).toEqual(storedColours(bare));
  });

  it('are given to campaigns still on the old defaults (demo campaigns seeded before), and to no other', async () => {
    const repo = t.db.ds.getRepository(t.db.entities.Campaign);
    const OLD = {
      widget_primary_color: '#059669',
      widget_secondary_color: '#047857',
      widget_background_color: '#f0fdf4',
      widget_text_color: '#1f2937',
      widget_tab_text_color: '#ffffff',
    };
    const untouched = await repo.save({ title: 'Seeded before', description: 'A demo campaign seeded on the old defaults.', ...OLD });
    const shouted = await repo.save({ title: 'Typed in capitals', description: 'The old defaults, typed in capitals.', ...OLD, widget_primary_color: '#059669'.toUpperCase() });
    // An organiser's own choices stay theirs, even beside the old default greens.
    const black = await repo.save({ title: 'Black tab text', description: 'The old greens with black tab text, chosen.', ...OLD, widget_tab_text_color: '#000000' });
    const dark = await repo.save({ title: 'Dark background', description: 'The old greens on a dark background, chosen.', ...OLD, widget_background_color: '#111827' });
    expect(failingPairs(storedColours(untouched))).not.toEqual([]);

    const runner = t.db.ds.createQueryRunner();
    try {
      await new Migration().up(runner);
    } finally {
      await runner.release();
    }
    const after = async (id: number) => storedColours(await repo.findOneByOrFail({ id }));
    const fresh = await after(untouched.id);
    expect(failingPairs(fresh)).toEqual([]);
    expect(fresh).toEqual(storedColours(await repo.findOneByOrFail({ id: (await repo.save({ title: 'New one', description: 'Made with the new table defaults.' })).id })));
    expect(await after(shouted.id)).toEqual(fresh);
    expect(await after(black.id)).toEqual(storedColours({ ...OLD, widget_tab_text_color: '#000000' }));
    expect(await after(dark.id)).toEqual(storedColours({ ...OLD, widget_background_color: '#111827' }));
  });
});
