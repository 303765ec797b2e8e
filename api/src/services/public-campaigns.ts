import type { PublicCampaign } from '../contract';
import type { Database } from '../db/data-source';
import type { CampaignRow } from '../db/types';
import { perDatabase } from '../db/per-database';
import { setDistricts } from './set-districts';
import { EncodedText } from '../http/encoding';
import { campaignNotFound } from '../http/errors';
import { showsPositionCounts, toPublicCampaign } from '../presenters/campaign';
import { noTallies, talliesByCampaign } from './campaign-summary';

/**
 * How long this process may answer from its copy of a campaign. Changes made through this process
 * (signatures, letters, admin edits) update or drop the copy at once, so the TTL only bounds how
 * late a change made by another API process on the same database shows here: one second, on a
 * counter the widget reads once per view.
 */
export const PUBLIC_CAMPAIGN_TTL_MS = 1000;

/**
 * Unknown ids are remembered too (a widget left on a page after its campaign is gone keeps asking),
 * so the map is capped; when full, expired entries go first, then remembered misses, and a
 * campaign being read stays.
 */
const MAX_ENTRIES = 10_000;

/**
 * A campaign as read: the presented copy, and its boundary set beside it, never in the reply (the
 * widget lists the set's districts, not the set).
 */
interface Held {
  campaign: PublicCampaign;
  boundarySetId: number | null;
}

/**
 * A campaign as a signature or letter is checked against: the public copy and its boundary set,
 * whose representatives a letter in `each` mode is written and sent to.
 */
export type ActionCampaign = PublicCampaign & Pick<CampaignRow, 'boundary_set_id'>;

interface Entry {
  expires: number;
  /** The campaign as read, or null for "unknown or inactive"; undefined while the read is in flight. */
  held?: Held | null;
  pending?: Promise<Held | null>;
  /** The whole reply, serialized (and compressed, per encoding asked for) once and reused until the copy changes. */
  reply?: EncodedText;
}

/**
 * The public campaign read, the one call every widget view makes, answered from memory. A viral
 * campaign is read by everyone watching it; without this every view costs a query, TypeORM's
 * hydration and a JSON.stringify, which on two cores capped the read far below what Node's HTTP
 * layer can serve. Concurrent misses share one query.
 */
export class PublicCampaigns {
  private entries = new Map<number, Entry>();

  constructor(
    private readonly db: Database,
    // Date.now looked up on each call, not captured once: a test can move the clock of the copy the
    // HTTP route serves (vi.spyOn(Date, 'now')) to see the TTL without waiting it out.
    private readonly now: () => number = () => Date.now(),
    private readonly maxEntries = MAX_ENTRIES,
  ) {}

  /** The active campaign as the public sees it, or the public 404. */
  async read(id: number): Promise<PublicCampaign> {
    return (await this.held(id)).campaign;
  }

  /** The same with its boundary set: a new object, so the copy replies are made from never holds it. */
  async readForAction(id: number): Promise<ActionCampaign> {
    const { campaign, boundarySetId } = await this.held(id);
    return { ...campaign, boundary_set_id: boundarySetId };
  }

  /** The serialized `{ success: true, data }` reply for GET /api/campaigns/:id. */
  async reply(id: number): Promise<EncodedText> {
    const campaign = await this.read(id);
    return this.cachedReply(id) ?? new EncodedText(JSON.stringify({ success: true, data: campaign }));
  }

  /** That reply, if this process holds a fresh copy of an active campaign; no waiting, no database. */
  cachedReply(id: number): EncodedText | undefined {
    const entry = this.entries.get(id);
    if (!entry?.held || entry.expires <= this.now()) return undefined;
    return (entry.reply ??= new EncodedText(JSON.stringify({ success: true, data: entry.held.campaign })));
  }

  /**
   * A committed counter change. Counters only grow, and two commits can report back out of order,
   * so the copy keeps the larger value. A read still in flight may have missed the change: it is
   * dropped and the next read asks the database.
   */
  counted(id: number, counts: Partial<Pick<PublicCampaign, 'supporter_count' | 'letter_count'>>): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    if (!entry.held) {
      this.entries.delete(id);
      return;
    }
    const next = { ...entry.held.campaign };
    if (counts.supporter_count !== undefined) next.supporter_count = Math.max(next.supporter_count, counts.supporter_count);
    if (counts.letter_count !== undefined) next.letter_count = Math.max(next.letter_count, counts.letter_count);
    // A new object, never a mutation: a reply already handed out keeps what it was given.
    this.entries.set(id, { expires: entry.expires, held: { campaign: next, boundarySetId: entry.held.boundarySetId } });
  }

  /** An admin changed (or created) the campaign: the next read asks the database. */
  forget(id: number): void {
    this.entries.delete(id);
  }

  private async held(id: number): Promise<Held> {
    const entry = this.fresh(id);
    const held = entry.held !== undefined ? entry.held : await entry.pending!;
    if (!held) throw campaignNotFound();
    return held;
  }

  private evict(t: number): void {
    for (const [id, e] of this.entries) if (!e.pending && e.expires <= t) this.entries.delete(id);
    if (this.entries.size < this.maxEntries) return;
    for (const [id, e] of this.entries) if (e.held === null) this.entries.delete(id);
    if (this.entries.size >= this.maxEntries) this.entries.clear();
  }

  private fresh(id: number): Entry {
    const t = this.now();
    const cached = this.entries.get(id);
    if (cached && (cached.pending || cached.expires > t)) return cached;
    if (this.entries.size >= this.maxEntries) this.evict(t);

    const entry: Entry = { expires: t + PUBLIC_CAMPAIGN_TTL_MS };
    entry.pending = this.db.ds
      .getRepository(this.db.entities.Campaign)
      .findOneBy({ id, is_active: true })
      .then(async (row) => row && { campaign: await presentPublic(this.db, row), boundarySetId: row.boundary_set_id })
      .then(
        (held) => {
          // Only if nothing replaced or dropped the entry meanwhile (see counted and forget).
          if (this.entries.get(id) === entry) this.entries.set(id, { expires: entry.expires, held });
          return held;
        },
        (err: unknown) => {
          if (this.entries.get(id) === entry) this.entries.delete(id);
          throw err;
        },
      );
    this.entries.set(id, entry);
    return entry;
  }
}

/**
 * The campaign as the widget reads it; counts by position only where the organiser publishes them
 * (one read of the tallies more), its districts where it has a boundary set (read once per process: sets never change).
 */
export async function presentPublic(db: Database, row: CampaignRow): Promise<PublicCampaign> {
  const [positions, districts] = await Promise.all([
    showsPositionCounts(row) ? talliesByCampaign(db, [row.id]).then((t) => t.get(row.id)?.positions ?? noTallies().positions) : null,
    row.boundary_set_id === null ? [] : districtNames(db, row.boundary_set_id),
  ]);
  return toPublicCampaign(row, positions, districts);
}

/** A boundary set's districts as the widget lists them: ids and names, in the file's order. */
async function districtNames(db: Database, setId: number): Promise<PublicCampaign['districts']> {
  return (await setDistricts(db).read(setId)).map((d) => ({ id: d.id, name: d.name }));
}

/** The copy for this database handle: one per open database in this process. */
export const publicCampaigns = perDatabase((db) => new PublicCampaigns(db));
