import { expect, it } from 'vitest';
import { describeEachDatabase, type TestServer } from '../../../test/harness';

async function store(t: TestServer, values: Record<string, string>) {
  const repo = t.db.ds.getRepository(t.db.entities.Setting);
  for (const [setting_key, setting_value] of Object.entries(values)) await repo.save({ setting_key, setting_value });
}

async function clear(t: TestServer) {
  await t.db.ds.getRepository(t.db.entities.Setting).clear();
}

describeEachDatabase('public settings', (t) => {
  it('gives the defaults on a fresh database, to any origin', async () => {
    await clear(t);
    const widget = await t.api('GET', '/api/settings/widget', { headers: { origin: 'https://host.example' } });
    expect(widget.status).toBe(200);
    expect(widget.body).toEqual({ success: true, data: { logo_url: null, show_progress: 'true' } });
    expect(widget.headers.get('access-control-allow-origin')).toBe('*');

    const success = await t.api('GET', '/api/settings/letter-success');
    expect(success.status).toBe(200);
    expect(success.body).toEqual({
      success: true,
      data: {
        title: 'Letter Submitted Successfully!',
        description:
          'Your letter is now available for administrators to review, print and share with decision makers.',
      },
    });
  });

  it('gives the stored values once settings are written', async () => {
    await store(t, {
      widget_logo_url: 'https://cdn.example.org/logo.png',
      widget_show_progress: 'false',
      letter_success_message: 'Thank you, neighbour!',
      letter_success_description: 'Your letter goes to the council on Tuesday.\nWe will print every one.',
    });
    const widget = await t.api('GET', '/api/settings/widget');
    expect(widget.body.data).toEqual({ logo_url: 'https://cdn.example.org/logo.png', show_progress: 'false' });
    const success = await t.api('GET', '/api/settings/letter-success');
    expect(success.body.data).toEqual({
      title: 'Thank you, neighbour!',
      description: 'Your letter goes to the council on Tuesday.\nWe will print every one.',
    });

    // An empty logo setting means "no logo"; any value other than 'false' shows the progress bar.
    await store(t, { widget_logo_url: '', widget_show_progress: 'yes' });
    expect((await t.api('GET', '/api/settings/widget')).body.data).toEqual({ logo_url: null, show_progress: 'true' });
  });

  it('falls back to the default success text when a stored one is blank', async () => {
    await store(t, { letter_success_message: '   ', letter_success_description: '' });
    const success = await t.api('GET', '/api/settings/letter-success');
    expect(success.body.data.title).toBe('Letter Submitted Successfully!');
    expect(success.body.data.description).toMatch(/^Your letter is now available/);
  });

  it('never lets other settings leak into a public reply', async () => {
    await store(t, { allow_first_user_admin: 'false', some_future_secret: 'hunter2' });
    for (const path of ['/api/settings/widget', '/api/settings/letter-success']) {
      const res = await t.api('GET', path);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['data', 'success']);
      expect(res.text).not.toMatch(/allow_first_user_admin|some_future_secret|hunter2/);
    }
    expect(Object.keys((await t.api('GET', '/api/settings/widget')).body.data).sort()).toEqual(['logo_url', 'show_progress']);
    expect(Object.keys((await t.api('GET', '/api/settings/letter-success')).body.data).sort()).toEqual(['description', 'title']);
  });
});
