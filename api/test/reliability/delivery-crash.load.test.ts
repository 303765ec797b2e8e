/**
 * Deliveries through five `kill -9`s (the mail crash harness, mail-crash.ts): supporters submit
 * letters through the API to a campaign in `each` mode and to one in `packet` mode, an admin sends
 * packets, and the deadline scheduler makes automatic packets (the deadline moves twice during the
 * run), on SQLite with one API process and on PostgreSQL with two killed in turn. Afterwards:
 * every queued message reached the SMTP server, a second copy only next to a kill; every letter a
 * supporter was told was stored is stored, and in `each` mode has exactly one e-mail; every
 * automatic packet was made once per deadline; each packet's CSV holds exactly the letters its
 * delivery counted.
 */
import { parse } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminEmailKey } from '../../src/auth/admins';
import { createSession } from '../../src/auth/sessions';
import type { Database } from '../../src/db/data-source';
import type { CampaignRow, DeliveryRow } from '../../src/db/types';
import type { ReceivedMail } from '../smtp';
import { availableDialects } from '../harness';
import { parseCsv } from '../csv';
import { expectEveryMessageDeliveredOnce, runMailCrash, type MailLoad } from './mail-crash';

const KILLS = 5;
const RECIPIENTS = ['clerk@springfield.example.gov', 'deputy@springfield.example.gov'];

interface Inspected {
  letters: { id: number; campaign_id: number; supporter_email: string }[];
  deliveries: DeliveryRow[];
  /** Letters in each packet delivery's (since, until], counted now. */
  inRange: Map<number, number>;
}

function deliveryLoad() {
  const acknowledged = new Set<string>();
  let cookie = '';
  let each: CampaignRow;
  let packet: CampaignRow;
  let sent = 0;

  const load: MailLoad = {
    async prepare(db: Database) {
      const campaigns = db.ds.getRepository(db.entities.Campaign);
      const base = { description: 'Letters to the council, delivered through crashes.', decision_body: 'Springfield City Council', time_zone: 'America/Chicago', delivery_recipients: RECIPIENTS };
      each = await campaigns.save({ ...base, title: 'Each letter as it comes', delivery_mode: 'each' });
      // The deadline is far away until the load moves it.
      packet = await campaigns.save({ ...base, title: 'One packet at the deadline', delivery_mode: 'packet', delivery_lead_hours: 0, comment_deadline: new Date(Date.now() + 30 * 86_400_000) });
      const user = await db.ds.getRepository(db.entities.User).save({ email: 'crash-admin@example.org', google_sub: 'crash-admin', name: 'Crash Admin', picture: null });
      await db.ds.getRepository(db.entities.AdminUser).save({ user_id: user.id, email: user.email, email_key: adminEmailKey(user.email), role: 'owner', is_active: true });
      cookie = `dais_session=${await createSession(db, user.id)}`;
    },
    async run({ servers, db, signal, round, random }) {
      // Rounds 1 and 3: the deadline passes (set a second ago), and a scheduler makes the packet.
      if (round === 1 || round === 3) {
        await db.ds.getRepository(db.entities.Campaign).update({ id: packet.id }, { comment_deadline: new Date(Date.now() - 1000) });
      }
      let n = 0;
      while (!signal.aborted) {
        const server = servers[Math.floor(random() * servers.length)]!;
        n++;
        try {
          if (n % 15 === 0) {
            // An admin sends what came in since the last packet.
            const last = await db.ds.getRepository(db.entities.Delivery).findOne({ where: { campaign_id: packet.id, kind: 'packet' }, order: { until: 'DESC', id: 'DESC' } });
            await fetch(`${server.url}/api/admin/campaigns/${packet.id}/deliveries`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', cookie, origin: server.url },
              body: JSON.stringify(last?.until ? { since: last.until.toISOString() } : {}),
              signal,
            });
          } else {
            const campaign = random() < 0.6 ? each : packet;
            const email = `writer.${round}.${n}.${sent++}@example.org`;
            const res = await fetch(`${server.url}/api/campaigns/${campaign.id}/submit-letter`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({
                supporter_name: `Writer ${round}-${n}`,
                supporter_email: email,
                perspective: 'parent',
                street_address: '1 Riverside Drive',
                city: 'Springfield',
                state: 'IL',
                zip_code: '62704',
                letter_content: `Dear Council,\n\nLetter ${n} of round ${round}.\n\nA resident`,
              }),
              signal,
            });
            if (res.status === 201) acknowledged.add(email);
          }
        } catch {
          // Cut off by the kill (or the round's end): the supporter was told nothing.
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };

  async function inspect(db: Database): Promise<Inspected> {
    const letters = (await db.ds.getRepository(db.entities.Letter).find({ select: { id: true, campaign_id: true, supporter_email: true } })) as Inspected['letters'];
    const deliveries = await db.ds.getRepository(db.entities.Delivery).find({ order: { id: 'ASC' } });
    const inRange = new Map<number, number>();
    for (const d of deliveries.filter((x) => x.kind === 'packet')) {
      const qb = db.ds.getRepository(db.entities.Letter).createQueryBuilder('l').where('l.campaign_id = :c', { c: d.campaign_id }).andWhere('l.created_at <= :u', { u: d.until });
      if (d.since) qb.andWhere('l.created_at > :s', { s: d.since });
      inRange.set(d.id, await qb.getCount());
    }
    return { letters, deliveries, inRange };
  }

  return { load, inspect, acknowledged, campaigns: () => ({ each, packet }) };
}

/** The CSV attachment of a received packet, read as a spreadsheet would: its letter rows. */
function csvRows(mail: ReceivedMail): string[][] {
  const csv = mail.parsed.attachments.find((a) => a.contentType.startsWith('text/csv'));
  if (!csv) throw new Error(`${mail.messageId} has no CSV attachment (${mail.parsed.attachments.map((a) => parse(a.filename ?? '').ext).join(', ')})`);
  // After the notice (not for publication) and the header row.
  const [, , ...rows] = parseCsv(csv.content.toString('utf8').replace(/^\uFEFF/, ''));
  return rows;
}

for (const dialect of await availableDialects()) {
  const processes = dialect === 'postgres' ? 2 : 1;
  describe(`deliveries through ${KILLS} kill -9 [${dialect}, ${processes} API process${processes > 1 ? 'es' : ''}]`, () => {
    it('delivers every letter and packet once (twice only next to a kill), makes each automatic packet once, and loses no acknowledged letter', async () => {
      const d = deliveryLoad();
      const report = await runMailCrash({
        dialect,
        processes,
        kills: KILLS,
        load: d.load,
        env: { DELIVERY_CHECK_SECONDS: '1' },
        lastRoundMs: 3_000,
        inspect: d.inspect,
      });
      expectEveryMessageDeliveredOnce(report);
      const { letters, deliveries, inRange } = report.inspected as Inspected;
      const { each, packet } = d.campaigns();
      const packetCount = deliveries.filter((x) => x.kind === 'packet').length;
      console.log(
        `[delivery crash ${dialect}] ${letters.length} letters (${d.acknowledged.size} acknowledged), ${deliveries.length - packetCount} e-mailed one by one, ` +
          `${packetCount} packets (${deliveries.filter((x) => x.trigger === 'schedule').length} automatic), ${report.duplicates.length} messages sent twice`,
      );

      // Every letter a supporter was told was stored is stored.
      const stored = new Set(letters.map((l) => l.supporter_email));
      expect([...d.acknowledged].filter((e) => !stored.has(e))).toEqual([]);

      // Each mode: one delivery, so one e-mail, per letter, whatever was killed when.
      const eachLetters = letters.filter((l) => l.campaign_id === each.id).map((l) => l.id).sort((a, b) => a - b);
      const eachDeliveries = deliveries.filter((x) => x.campaign_id === each.id);
      expect(eachDeliveries.map((x) => x.letter_id).sort((a, b) => a! - b!)).toEqual(eachLetters);
      expect(eachLetters.length).toBeGreaterThan(50);

      // Automatic packets: one per deadline it was moved to, never two for one.
      const automatic = deliveries.filter((x) => x.campaign_id === packet.id && x.trigger === 'schedule');
      expect(automatic.map((x) => x.schedule_key!.split(':')[0])).toEqual(['before', 'before']);
      expect(new Set(automatic.map((x) => x.schedule_key)).size).toBe(2);

      // Each packet holds exactly what it counted, in the database and in the CSV the clerk got.
      const packets = deliveries.filter((x) => x.kind === 'packet');
      expect(packets.length).toBeGreaterThan(3);
      for (const p of packets) {
        expect(inRange.get(p.id), `packet ${p.id}`).toBe(p.letter_count);
        const mail = report.received.find((m) => m.messageId === p.message_id)!;
        expect(mail.envelope.to).toEqual(RECIPIENTS);
        expect(csvRows(mail).length, `the CSV of packet ${p.id}`).toBe(p.letter_count);
      }
    });
  });
}
