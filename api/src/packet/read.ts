import { In, type FindOptionsSelect, type SelectQueryBuilder } from 'typeorm';
import type { Database } from '../db/data-source';
import type { LetterRow } from '../db/types';
import type { PacketScope } from './render';

/**
 * A time bound as the database compares it. PostgreSQL gets the ISO 8601 text itself (it parses
 * the offset, and keeps microseconds a JS Date would drop). SQLite stores what TypeORM writes,
 * 'YYYY-MM-DD HH:MM:SS.SSS' in UTC, and compares text: the bound is written the same way,
 * milliseconds always included, so a row stored without them ('... 12:00:00', SQLite's own
 * datetime('now')) sorts before a bound at that very second, as an equal instant must.
 */
function bound(db: Database, iso: string): string {
  if (db.dialect === 'postgres') return iso;
  return new Date(iso).toISOString().replace('T', ' ').replace('Z', '');
}

/**
 * The scope's letters of its campaign: confirmed ones that entered the record (created_at: at
 * submit, or when their writer confirmed by e-mail) after `since` (if any) and up to `until`.
 */
function inScope(db: Database, scope: PacketScope, quarantined = false): SelectQueryBuilder<LetterRow> {
  const qb = db.ds
    .getRepository(db.entities.Letter)
    .createQueryBuilder('l')
    .where('l.campaign_id = :campaignId', { campaignId: scope.campaignId })
    .andWhere("l.status = 'confirmed'")
    .andWhere(quarantined ? 'l.quarantine_id IS NOT NULL' : 'l.quarantine_id IS NULL')
    .andWhere('l.created_at <= :until', { until: bound(db, scope.until) });
  if (scope.since !== null) qb.andWhere('l.created_at > :since', { since: bound(db, scope.since) });
  return qb;
}

export interface ScopedLetter<T> {
  letter: T;
  /** Submitted after the scope's lateAfter: decided by the database, to the microsecond PostgreSQL keeps. */
  late: boolean;
}

/** The columns the cover's figures need: not the letter text. */
export type LetterFacts = Pick<
  LetterRow,
  'id' | 'created_at' | 'submitted_at' | 'city' | 'state' | 'perspective' | 'message_point_ids' | 'personal' | 'position' | 'residency' | 'district_name' | 'email_key'
>;
const FACT_COLUMNS = ['l.id', 'l.created_at', 'l.submitted_at', 'l.city', 'l.state', 'l.perspective', 'l.message_point_ids', 'l.personal', 'l.position', 'l.residency', 'l.district_name', 'l.email_key'];

/**
 * The scope's letters in submission order (created_at, then id), `batchSize` at a time, each batch
 * a seek in the (campaign_id, created_at, id) index from the last row of the one before: memory
 * holds one batch however many letters there are. `facts` reads only the cover's columns.
 */
export async function* lettersInOrder<C extends 'facts' | 'all'>(
  db: Database,
  scope: PacketScope,
  batchSize: number,
  columns: C,
): AsyncGenerator<ScopedLetter<C extends 'facts' ? LetterFacts : LetterRow>[]> {
  let cursor: number | null = null;
  for (;;) {
    const qb = inScope(db, scope);
    if (columns === 'facts') qb.select(FACT_COLUMNS);
    // Late is worked out in SQL, by the same comparison for the cover's count, each letter's page
    // and the CSV's column.
    if (scope.lateAfter !== null) {
      qb.addSelect('CASE WHEN l.created_at > :lateAfter THEN 1 ELSE 0 END', 'late').setParameter('lateAfter', bound(db, scope.lateAfter));
    }
    if (cursor !== null) {
      // The cursor row's own (created_at, id), compared in SQL: through a JS Date a PostgreSQL
      // timestamp would lose its microseconds and rows in that gap would be skipped.
      qb.andWhere('(l.created_at, l.id) > (SELECT c.created_at, c.id FROM letters c WHERE c.id = :cursor)', { cursor });
    }
    const { entities, raw } = await qb.orderBy('l.created_at', 'ASC').addOrderBy('l.id', 'ASC').limit(batchSize).getRawAndEntities<{ l_id: number | string; late?: number | string | boolean }>();
    if (entities.length === 0) return;
    const late = new Set(raw.filter((r) => Number(r.late ?? 0) === 1 || r.late === true).map((r) => Number(r.l_id)));
    yield entities.map((letter) => ({ letter: letter as C extends 'facts' ? LetterFacts : LetterRow, late: late.has(letter.id) }));
    if (entities.length < batchSize) return;
    cursor = entities[entities.length - 1]!.id;
  }
}

/**
 * Letters by id, in the order asked, `batchSize` at a time (primary-key reads): whole, or only
 * `columns` (which must name the id).
 */
export function lettersById(db: Database, ids: readonly number[], batchSize: number): AsyncGenerator<LetterRow[]>;
export function lettersById<K extends keyof LetterRow>(db: Database, ids: readonly number[], batchSize: number, columns: readonly ('id' | K)[]): AsyncGenerator<Pick<LetterRow, 'id' | K>[]>;
export async function* lettersById(db: Database, ids: readonly number[], batchSize: number, columns?: readonly (keyof LetterRow)[]): AsyncGenerator<Partial<LetterRow>[]> {
  const repo = db.ds.getRepository(db.entities.Letter);
  const select = columns && (Object.fromEntries(columns.map((c) => [c, true])) as FindOptionsSelect<LetterRow>);
  for (let i = 0; i < ids.length; i += batchSize) {
    const wanted = ids.slice(i, i + batchSize);
    const byId = new Map((await repo.find({ select, where: { id: In(wanted) } })).map((l) => [l.id, l]));
    // A letter its writer removed meanwhile is left out (commands/remove-by-token.ts).
    yield wanted.map((id) => byId.get(id)).filter((l): l is LetterRow => l !== undefined);
  }
}

/** How many letters the scope holds now (the download's progress total; the packet itself counts as it reads). */
export async function countLetters(db: Database, scope: PacketScope): Promise<number> {
  return inScope(db, scope).getCount();
}

/** Confirmed signatures of the campaign in the same window as the letters. */
export async function countSignatures(db: Database, scope: PacketScope): Promise<number> {
  return signaturesInScope(db, scope).getCount();
}

function signaturesInScope(db: Database, scope: PacketScope, quarantined = false) {
  const qb = db.ds
    .getRepository(db.entities.Supporter)
    .createQueryBuilder('s')
    .where('s.campaign_id = :campaignId', { campaignId: scope.campaignId })
    .andWhere("s.status = 'confirmed'")
    .andWhere(quarantined ? 's.quarantine_id IS NOT NULL' : 's.quarantine_id IS NULL')
    .andWhere('s.created_at <= :until', { until: bound(db, scope.until) });
  if (scope.since !== null) qb.andWhere('s.created_at > :since', { since: bound(db, scope.since) });
  return qb;
}

/** Rows an organiser's quarantine held out of the window, by quarantine: the reason they gave. */
export interface QuarantinedTally {
  reason: string;
  letters: number;
  signatures: number;
}

/**
 * What the organisers' quarantines (floods/quarantine.ts) held out of the scope's window: the
 * cover says how many rows were left out of its counts, and why.
 */
export async function quarantinedInScope(db: Database, scope: PacketScope): Promise<QuarantinedTally[]> {
  const letters = await inScope(db, scope, true).select('l.quarantine_id', 'id').addSelect('COUNT(*)', 'n').groupBy('l.quarantine_id').getRawMany<{ id: number; n: number | string }>();
  const supporters = await signaturesInScope(db, scope, true).select('s.quarantine_id', 'id').addSelect('COUNT(*)', 'n').groupBy('s.quarantine_id').getRawMany<{ id: number; n: number | string }>();
  const ids = [...new Set([...letters, ...supporters].map((r) => Number(r.id)))];
  if (ids.length === 0) return [];
  const reasons = await db.ds.getRepository(db.entities.Quarantine).find({ select: { id: true, reason: true }, where: { id: In(ids) }, order: { id: 'ASC' } });
  const n = (rows: { id: number; n: number | string }[], id: number) => Number(rows.find((r) => Number(r.id) === id)?.n ?? 0);
  return reasons.map((q) => ({ reason: q.reason.replace(/\s+/g, ' ').trim(), letters: n(letters, q.id), signatures: n(supporters, q.id) }));
}
