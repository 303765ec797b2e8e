/**
 * Issue 25 point 7 through the API, on both databases: where a campaign e-mails each letter and its
 * boundary set names representatives, a letter is written and sent to its writer's own, the
 * campaign's recipients in copy; a letter whose district a geocoder has yet to find waits for it
 * (at most ten minutes, then it goes to the recipients alone). What an SMTP server receives is
 * e2e/tests/representatives.test.ts's business.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CampaignRow } from '../../db/types';
import { describeEachDatabase, type TestServer } from '../../../test/harness';
import { TWO_WARDS } from '../../../test/boundaries';
import { startGeocoderStandin, type GeocoderStandin } from '../../../test/geocoder-standin';
import { deliverOverdueLetters } from '../../commands/deliver-waiting-letters';

const CLERK = 'clerk@springfield.gov';

const writer = (street: string, over: Record<string, unknown> = {}) => ({
  supporter_name: 'Ada Lovelace',
  supporter_email: `${street.replace(/\W+/g, '-').toLowerCase()}@example.org`,
  perspective: 'parent',
  message_point_ids: [] as number[],
  street_address: street,
  city: 'Springfield',
  state: 'IL',
  zip_code: '62701',
  phone_number: null,
  ...over,
});

interface Wards {
  set: number;
  rivera: number;
  okafor: number;
}

async function wardsCampaign(t: TestServer, over: Partial<CampaignRow> = {}): Promise<{ campaign: CampaignRow; wards: Wards }> {
  const set = await t.api('POST', '/api/admin/boundary-sets', { cookie: await t.adminCookie(), body: { name: 'Springfield wards', geojson: TWO_WARDS } });
  expect(set.status, set.text).toBe(201);
  const [ward1, ward2] = set.body.data.districts as { id: number }[];
  const campaign = await t.campaign({
    decision_body: 'Springfield City Council',
    delivery_mode: 'each',
    delivery_recipients: [CLERK],
    time_zone: 'America/Chicago',
    boundary_set_id: set.body.data.id,
    ...over,
  });
  return { campaign, wards: { set: set.body.data.id, rivera: ward1!.id, okafor: ward2!.id } };
}

/** A letter as the widget sends it: generated for these choices, then submitted unedited. */
async function writeAndSubmit(t: TestServer, c: CampaignRow, body: Record<string, unknown>) {
  const generated = await t.api('POST', `/api/campaigns/${c.id}/generate-letter`, { body });
  expect(generated.status, generated.text).toBe(200);
  const letter_content = generated.body.data.letter_content as string;
  const submitted = await t.api('POST', `/api/campaigns/${c.id}/submit-letter`, { body: { ...body, letter_content } });
  expect(submitted.status, submitted.text).toBe(201);
  return { letter_content, receipt: submitted.body.data as { campaign_id: number; representative: string | null; finding_district: boolean } };
}

/** The e-mails queued for a campaign's letters: addressees, copies, text. */
async function lettersMailed(t: TestServer, c: CampaignRow) {
  const deliveries = await t.db.ds.getRepository(t.db.entities.Delivery).find({ where: { campaign_id: c.id, kind: 'letter' }, order: { id: 'ASC' } });
  const outbox = t.db.ds.getRepository(t.db.entities.MailOutbox);
  return Promise.all(
    deliveries.map(async (d) => {
      const mail = await outbox.findOneByOrFail({ id: d.outbox_id! });
      return { letter_id: d.letter_id, recipients: d.recipients, to: mail.recipients, cc: mail.cc, text: mail.text };
    }),
  );
}

describeEachDatabase('letters to the writer’s representative (GEOCODER=off: the district the writer chose)', (t) => {
  it("writes and e-mails the letter to the representative of the district the writer chose, the recipients in copy, and says so", async () => {
    const { campaign, wards } = await wardsCampaign(t);
    const { letter_content, receipt } = await writeAndSubmit(t, campaign, writer('1 West Street', { district_id: wards.rivera }));
    const lines = letter_content.split('\n');
    expect(lines).toEqual(expect.arrayContaining(['To: Council Member Ana Rivera, Ward 1', 'Cc: Springfield City Council', 'Dear Council Member Rivera,']));
    expect(lines.slice(-3)).toEqual(['Ada Lovelace', 'Springfield, IL', 'Ward 1']);
    expect(receipt).toEqual({ campaign_id: campaign.id, representative: 'Council Member Ana Rivera', finding_district: false });
    // A bot that filled the honeypot is told the same, and nothing is sent for it.
    const bot = await t.api('POST', `/api/campaigns/${campaign.id}/submit-letter`, {
      body: { ...writer('1 Bot Street', { district_id: wards.rivera }), letter_content, website: 'http://cheap-pills.example' },
    });
    expect(bot.body.data).toEqual(receipt);

    const [mail, ...more] = await lettersMailed(t, campaign);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ to: ['rivera@council.example.gov'], cc: [CLERK], recipients: ['rivera@council.example.gov', CLERK] });
    expect(mail!.text).toContain(`${letter_content}\n\n-- \n`);
    expect(mail!.text).toContain('\nDistrict: Ward 1\n');
  });

  it("sends a writer who is not sure of their district to the recipients alone, written to the decision body", async () => {
    const { campaign } = await wardsCampaign(t);
    const { letter_content, receipt } = await writeAndSubmit(t, campaign, writer('2 Unsure Street'));
    expect(letter_content).toContain('Dear Members of the Springfield City Council,');
    expect(letter_content).not.toContain('Cc:');
    expect(receipt).toEqual({ campaign_id: campaign.id, representative: null, finding_district: false });
    expect(await lettersMailed(t, campaign)).toMatchObject([{ to: [CLERK], cc: null, recipients: [CLERK] }]);
  });

  it('mails a representative who is also a recipient once, as the addressee', async () => {
    const { campaign, wards } = await wardsCampaign(t, { delivery_recipients: [CLERK, 'Okafor@Council.example.gov'] });
    await writeAndSubmit(t, campaign, writer('3 East Street', { district_id: wards.okafor }));
    expect(await lettersMailed(t, campaign)).toMatchObject([{ to: ['okafor@council.example.gov'], cc: [CLERK] }]);
  });

  it('writes to the decision body where letters go in a packet, or the set names no representatives', async () => {
    const packet = await wardsCampaign(t, { delivery_mode: 'packet', comment_deadline: new Date(Date.now() + 86_400_000) });
    const inPacket = await writeAndSubmit(t, packet.campaign, writer('4 Packet Street', { district_id: packet.wards.rivera }));
    expect(inPacket.letter_content).toContain('Dear Members of the Springfield City Council,');
    // The district the writer gave is signed all the same.
    expect(inPacket.letter_content.split('\n').slice(-1)).toEqual(['Ward 1']);
    expect(inPacket.receipt.representative).toBeNull();

    const unnamed = structuredClone(TWO_WARDS);
    for (const f of unnamed.features) f.properties = { name: f.properties.name } as typeof f.properties;
    const set = await t.api('POST', '/api/admin/boundary-sets', { cookie: await t.adminCookie(), body: { name: 'Wards without members', geojson: unnamed } });
    const c = await t.campaign({ decision_body: 'Springfield City Council', delivery_mode: 'each', delivery_recipients: [CLERK], boundary_set_id: set.body.data.id });
    const { letter_content, receipt } = await writeAndSubmit(t, c, writer('5 Unnamed Street', { district_id: set.body.data.districts[0].id }));
    expect(letter_content).toContain('Dear Members of the Springfield City Council,');
    expect(receipt.representative).toBeNull();
    expect(await lettersMailed(t, c)).toMatchObject([{ to: [CLERK], cc: null }]);
  });
});

let standin: GeocoderStandin;
beforeAll(async () => {
  standin = await startGeocoderStandin();
});
afterAll(() => standin.stop());

/** Until `check` holds, or fails after `timeoutMs`. */
async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describeEachDatabase(
  'letters to the writer’s representative (GEOCODER=census: the district found for the address)',
  (t) => {
    const at = (street: string) => `${street}, ${t.dialect}`;
    const waiting = async () => (await t.db.ds.query('SELECT "letter_id" FROM "letter_waits"')) as unknown[];

    it('waits for the district, then sends to its representative, re-addressed when the writer chose another', async () => {
      const { campaign, wards } = await wardsCampaign(t);
      // The first answer is a 503 that asks for a minute: the letter is seen waiting before it is placed.
      standin.script(at('6 Chose West'), { kind: 'status', status: 503, retryAfterSeconds: 1 });
      const { letter_content, receipt } = await writeAndSubmit(t, campaign, writer(at('6 Chose West'), { district_id: wards.rivera }));
      expect(letter_content).toContain('Dear Council Member Rivera,');
      expect(receipt).toEqual({ campaign_id: campaign.id, representative: null, finding_district: true });
      expect(await lettersMailed(t, campaign)).toEqual([]);
      expect(await waiting()).toHaveLength(1);

      standin.script(at('6 Chose West'), { kind: 'match', lon: -88.5, lat: 39.5 });
      const [mail] = await eventually(async () => {
        const mailed = await lettersMailed(t, campaign);
        return mailed.length ? mailed : undefined;
      });
      expect(mail).toMatchObject({ to: ['okafor@council.example.gov'], cc: [CLERK] });
      const sent = letter_content
        .replace('To: Council Member Ana Rivera, Ward 1', 'To: Council Member Sam Okafor, Ward 2')
        .replace('Dear Council Member Rivera,', 'Dear Council Member Okafor,')
        .replace(/\nWard 1$/, '\nWard 2');
      expect(mail!.text).toContain(`${sent}\n\n-- \n`);
      // Kept as it went: the packet and the console show the letter its representative received.
      const stored = await t.db.ds.getRepository(t.db.entities.Letter).findOneByOrFail({ street_address: at('6 Chose West') });
      expect(stored.letter_content).toBe(sent);
      expect(await waiting()).toEqual([]);
    });

    it('sends a letter still waiting after ten minutes to the recipients alone, once', async () => {
      const { campaign, wards } = await wardsCampaign(t);
      // A geocoder that keeps asking for another hour: the district never comes in time.
      standin.script(at('7 Long Wait'), { kind: 'status', status: 503, retryAfterSeconds: 3600 });
      const { letter_content } = await writeAndSubmit(t, campaign, writer(at('7 Long Wait'), { district_id: wards.okafor }));
      await new Promise((r) => setTimeout(r, 300));
      expect(await lettersMailed(t, campaign)).toEqual([]);

      // Ten minutes on: the wait's time is up.
      await t.db.ds.query(`UPDATE "letter_waits" SET "due_at" = ${t.dialect === 'postgres' ? "now() - interval '1 second'" : "strftime('%Y-%m-%d %H:%M:%f', 'now', '-1 seconds')"}`);
      const mailed = await eventually(async () => {
        const m = await lettersMailed(t, campaign);
        return m.length ? m : undefined;
      });
      expect(mailed).toMatchObject([{ to: [CLERK], cc: null, recipients: [CLERK] }]);
      expect(mailed[0]!.text).toContain(letter_content);
      await new Promise((r) => setTimeout(r, 300));
      expect(await lettersMailed(t, campaign)).toHaveLength(1);
      expect(await waiting()).toEqual([]);
    });

    it('sends at once where the set names no representatives: nothing to wait for', async () => {
      const unnamed = structuredClone(TWO_WARDS);
      for (const f of unnamed.features) f.properties = { name: f.properties.name } as typeof f.properties;
      const set = await t.api('POST', '/api/admin/boundary-sets', { cookie: await t.adminCookie(), body: { name: 'Wards without members', geojson: unnamed } });
      const c = await t.campaign({ decision_body: 'Springfield City Council', delivery_mode: 'each', delivery_recipients: [CLERK], boundary_set_id: set.body.data.id });
      standin.script(at('8 No Members'), { kind: 'status', status: 503, retryAfterSeconds: 3600 });
      const { receipt } = await writeAndSubmit(t, c, writer(at('8 No Members')));
      expect(receipt).toEqual({ campaign_id: c.id, representative: null, finding_district: false });
      expect(await lettersMailed(t, c)).toMatchObject([{ to: [CLERK], cc: null }]);
      expect(await waiting()).toEqual([]);
    });

    it('sends nothing, when its wait is over, for a letter quarantined meanwhile or a campaign that stopped e-mailing each letter', async () => {
      const quarantined = await wardsCampaign(t);
      const switched = await wardsCampaign(t);
      const emptied = await wardsCampaign(t);
      for (const [c, street] of [[quarantined.campaign, at('9 Quarantined')], [switched.campaign, at('10 Switched')], [emptied.campaign, at('11 Emptied')]] as const) {
        standin.script(street, { kind: 'status', status: 503, retryAfterSeconds: 3600 });
        await writeAndSubmit(t, c, writer(street));
      }
      const q = await t.db.ds.getRepository(t.db.entities.Quarantine).save({
        campaign_id: quarantined.campaign.id,
        starts_at: new Date(Date.now() - 60_000),
        ends_at: new Date(),
        reason: 'A flood from one network',
        created_by: 'admin@example.org',
      });
      await t.db.ds.getRepository(t.db.entities.Letter).update({ street_address: at('9 Quarantined') }, { quarantine_id: q.id });
      await t.db.ds.getRepository(t.db.entities.Campaign).update({ id: switched.campaign.id }, { delivery_mode: 'manual' });
      await t.db.ds.getRepository(t.db.entities.Campaign).update({ id: emptied.campaign.id }, { delivery_recipients: [] });
      await t.db.ds.query(`UPDATE "letter_waits" SET "due_at" = ${t.dialect === 'postgres' ? "now() - interval '1 second'" : "strftime('%Y-%m-%d %H:%M:%f', 'now', '-1 seconds')"}`);
      await eventually(async () => ((await waiting()).length === 0 ? true : undefined));
      await new Promise((r) => setTimeout(r, 200));
      expect(await lettersMailed(t, quarantined.campaign)).toEqual([]);
      expect(await lettersMailed(t, switched.campaign)).toEqual([]);
      expect(await lettersMailed(t, emptied.campaign)).toEqual([]);
    });

    it('sends each overdue letter once while sweeps race for them (the worker and four more at once)', async () => {
      const { campaign } = await wardsCampaign(t);
      const streets = Array.from({ length: 12 }, (_, i) => at(`${20 + i} Race Street`));
      for (const street of streets) {
        standin.script(street, { kind: 'status', status: 503, retryAfterSeconds: 3600 });
        await writeAndSubmit(t, campaign, writer(street));
      }
      await t.db.ds.query(`UPDATE "letter_waits" SET "due_at" = ${t.dialect === 'postgres' ? "now() - interval '1 second'" : "strftime('%Y-%m-%d %H:%M:%f', 'now', '-1 seconds')"}`);
      const sent = await Promise.all(Array.from({ length: 4 }, () => deliverOverdueLetters(t.db)));
      const mailed = await eventually(async () => {
        const m = await lettersMailed(t, campaign);
        return m.length >= streets.length ? m : undefined;
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(await lettersMailed(t, campaign)).toHaveLength(streets.length);
      expect(new Set(mailed.map((m) => m.letter_id)).size).toBe(streets.length);
      expect(sent.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(streets.length);
      expect(await waiting()).toEqual([]);
    });
  },
  { env: () => ({ GEOCODER: 'census', GEOCODER_URL: standin.censusUrl }), geocodeWorker: { timeoutMs: 500 } },
);
