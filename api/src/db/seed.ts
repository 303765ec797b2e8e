import { instantFromWallTime, isoDateInZone, SETTING_DEFAULTS, SETTING_KEYS, wallTimeInZone } from '../contract';
import type { Config } from '../config';
import type { Database } from './data-source';
import type { EntityManager } from 'typeorm';
import { domainOf, emailKey } from '../floods/sources';
import { DEMO_CAMPAIGNS, DEMO_GENERAL_POINTS, demoLetter, demoPosition, demoSupporter, type DemoDelivery } from './demo-data';
import type { MessagePointRow } from './types';
import { storeBoundarySet } from '../commands/save-boundary-set';
import { parseBoundaries } from '../districts/parse-boundaries';
import { DEMO_BOUNDARY_SET, DEMO_PLACED_CAMPAIGNS, demoPlace } from './demo-districts';

/**
 * Seeds demo data on an empty database: always with SEED_DEMO_DATA=true, and by default ('auto')
 * only in development on a loopback PUBLIC_URL, so an installation people reach from elsewhere
 * never shows demo campaigns, whatever NODE_ENV says.
 */
export async function seedIfEmpty(db: Database, config: Config): Promise<boolean> {
  const wanted =
    config.seedDemoData === 'true' ||
    (config.seedDemoData === 'auto' && config.env === 'development' && config.publicUrlIsLoopback);
  if (!wanted) return false;
  const count = await db.ds.getRepository(db.entities.Campaign).count();
  if (count > 0) return false;
  await seedDemoData(db);
  return true;
}

/**
 * A pending demo row, as if its confirmation e-mail went out when it was sent; the development
 * mailbox does not hold those e-mails (no link was ever made), so the organiser sees them waiting.
 */
const demoStanding = (waiting: boolean, at: Date) =>
  waiting ? { status: 'pending' as const, confirm_mails: 1, confirm_mailed_at: at } : { status: 'confirmed' as const };

/** Demo campaigns, message points, supporters (with exact counters) and default settings. */
export async function seedDemoData(db: Database): Promise<void> {
  const now = Date.now();
  // Started four weeks ago, before the first of their signatures.
  const startedAt = new Date(now - 28 * 86_400_000);
  await db.transaction(async (m) => {
    const { Campaign, MessagePoint, Supporter, Setting, Letter } = db.entities;
    const wards = await seedDemoWards(m, db);
    for (const [i, demo] of DEMO_CAMPAIGNS.entries()) {
      const placed = DEMO_PLACED_CAMPAIGNS.has(i);
      const place = (n: number) => (placed ? demoPlace(n, wards.ids, wards.names) : {});
      const letters = demo.letters?.count ?? 0;
      const pending = demo.pending ?? { supporters: 0, letters: 0 };
      const campaign = await m.getRepository(Campaign).save({
        ...demo.campaign,
        require_confirmation: demo.requireConfirmation ?? false,
        ...deliverySettings(demo.delivery, now),
        boundary_set_id: placed ? wards.setId : null,
        // The counters count confirmed rows only; the newest `pending` ones wait for their writers.
        supporter_count: demo.supporters - pending.supporters,
        letter_count: letters - pending.letters,
        created_at: startedAt,
        updated_at: startedAt,
      });
      const points: MessagePointRow[] = [];
      for (const p of demo.points) points.push(await m.getRepository(MessagePoint).save({ ...p, campaign_id: campaign.id }));
      // Spread over the last four weeks, so the dashboard's 30-day chart shows a campaign's growth.
      const rows = Array.from({ length: demo.supporters }, (_, n) => {
        const hoursAgo = Math.round(((demo.supporters - n) / demo.supporters) * 27 * 24) + (n % 7);
        const signedAt = new Date(now - hoursAgo * 3_600_000);
        const waiting = n >= demo.supporters - pending.supporters;
        const s = demoSupporter(i, n);
        return {
          ...s,
          ...demoSource(s.email, `10.${i}.${n % 250}.0/24`),
          campaign_id: campaign.id,
          position: demoPosition(demo.campaign, n),
          ...place(n),
          created_at: signedAt,
          updated_at: signedAt,
          ...demoStanding(waiting, signedAt),
        };
      });
      // Chunked: SQLite caps the number of bound parameters per statement.
      for (let k = 0; k < rows.length; k += 50) await m.getRepository(Supporter).insert(rows.slice(k, k + 50));
      for (let n = 0; n < letters; n++) {
        const submittedAt = new Date(now - ((letters - n) / letters) * demo.letters!.overDays * 86_400_000 + 3_600_000);
        const waiting = n >= letters - pending.letters;
        const letter = demoLetter(i, n, demo, points, isoDateInZone(submittedAt, demo.delivery.timeZone));
        await m.getRepository(Letter).insert({
          ...letter,
          email_key: emailKey(letter.supporter_email),
          campaign_id: campaign.id,
          // Offset so the few demo letters show every kind of place (demoPlace cycles through ten).
          ...place(n + 6),
          created_at: submittedAt,
          updated_at: submittedAt,
          ...demoStanding(waiting, submittedAt),
        });
      }
    }
    await seedDemoFloods(m, db, now, (n) => demoPlace(n, wards.ids, wards.names));
    for (const p of DEMO_GENERAL_POINTS) await m.getRepository(MessagePoint).save({ ...p, campaign_id: null });
    const existing = new Set((await m.getRepository(Setting).find()).map((s) => s.setting_key));
    for (const key of SETTING_KEYS) {
      if (!existing.has(key)) await m.getRepository(Setting).insert({ setting_key: key, setting_value: SETTING_DEFAULTS[key] });
    }
  });
}

/** The demo's wards (demo-districts.ts), checked as an upload is, and their ids in the set's order. */
async function seedDemoWards(m: EntityManager, db: Database): Promise<{ setId: number; ids: number[]; names: string[] }> {
  const parsed = parseBoundaries(DEMO_BOUNDARY_SET.geojson);
  if (!parsed.ok) throw new Error(`the demo's boundary set is refused: ${parsed.problems.map((p) => p.message).join('; ')}`);
  const set = await storeBoundarySet(m, db, DEMO_BOUNDARY_SET.name, parsed.districts);
  const districts = await m.getRepository(db.entities.District).find({ where: { boundary_set_id: set.id }, order: { position: 'ASC' } });
  return { setId: set.id, ids: districts.map((d) => d.id), names: districts.map((d) => d.name) };
}

/** The campaign's Delivery tab, its deadline at 5 PM in its zone that many days from now. */
function deliverySettings(d: DemoDelivery, now: number) {
  let deadline: Date | null = null;
  if (d.deadlineInDays !== null) {
    const day = wallTimeInZone(new Date(now + d.deadlineInDays * 86_400_000), d.timeZone).slice(0, 10);
    const at = instantFromWallTime(`${day}T17:00`, d.timeZone);
    deadline = at.ok ? at.instant : null;
  }
  return {
    delivery_mode: d.mode,
    delivery_recipients: d.recipients,
    time_zone: d.timeZone,
    comment_deadline: deadline,
    delivery_lead_hours: d.leadHours ?? 24,
  };
}

const demoSource = (email: string, network: string) => ({ email_key: emailKey(email), email_domain: domainOf(email), network });

/**
 * Floods on "Safe Streets": a burst three days ago from one network at a throwaway-mail provider,
 * already quarantined by an organiser (out of the counts, restorable), and one in the last hour
 * from another network that the dashboard flags for the first hour after seeding.
 */
async function seedDemoFloods(m: EntityManager, db: Database, now: number, place: (n: number) => ReturnType<typeof demoPlace>): Promise<void> {
  const { Campaign, Supporter, Quarantine, AuditEntry } = db.entities;
  const campaign = await m.getRepository(Campaign).findOneByOrFail({ title: DEMO_CAMPAIGNS[1]!.campaign.title });
  const burst = (count: number, start: number, network: string, domain: (n: number) => string, quarantineId: number | null) =>
    Array.from({ length: count }, (_, n) => {
      const s = demoSupporter(1, 1000 + start + n);
      const email = `${s.email.split('@')[0]}@${domain(n)}`;
      const at = new Date(now - (start === 0 ? 72 * 3_600_000 : 40 * 60_000) + n * 20_000);
      return { ...s, email, ...demoSource(email, network), ...place(1000 + start + n), campaign_id: campaign.id, created_at: at, updated_at: at, status: 'confirmed' as const, quarantine_id: quarantineId };
    });
  const from = new Date(now - 72 * 3_600_000 - 60_000);
  const to = new Date(now - 72 * 3_600_000 + 40 * 20_000);
  const organiser = 'organiser@example.org';
  const q = await m.getRepository(Quarantine).save({
    campaign_id: campaign.id,
    starts_at: from,
    ends_at: to,
    network: '203.0.113.0/24',
    email_domain: null,
    reason: 'Forty names in fifteen minutes from one network, all at a throwaway-mail provider',
    signatures: 40,
    letters: 0,
    created_by: organiser,
  });
  const held = burst(40, 0, '203.0.113.0/24', () => 'mailinator.com', q.id);
  const live = burst(60, 100, '198.51.100.0/24', (n) => `town${n}.example`, null);
  for (let k = 0; k < 100; k += 50) await m.getRepository(Supporter).insert([...held, ...live].slice(k, k + 50));
  await m.getRepository(Campaign).update({ id: campaign.id }, { supporter_count: campaign.supporter_count + live.length });
  await m.getRepository(AuditEntry).insert({
    actor_email: organiser,
    action: 'quarantine.create',
    campaign_id: campaign.id,
    summary: `Quarantined 40 signatures and 0 letters of "${campaign.title}" from network 203.0.113.0/24, ${from.toISOString()} to ${to.toISOString()}: ${q.reason}`,
  });
}
