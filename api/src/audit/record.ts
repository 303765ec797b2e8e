import type { Context } from 'koa';
import type { EntityManager } from 'typeorm';
import { AUDIT_SYSTEM_ACTOR, type AuditAction } from '../contract';
import { currentSession } from '../auth/guards';
import type { Database } from '../db/data-source';

/** Who made an admin write: the signed-in admin, or Dais itself on its own schedule. */
export interface Actor {
  email: string;
}

export const SYSTEM: Actor = { email: AUDIT_SYSTEM_ACTOR };

/** The admin behind this request (requireAdmin ran first). */
export const actorOf = (ctx: Context): Actor => ({ email: currentSession(ctx).user.email });

const SUMMARY_MAX = 2000;

/**
 * Writes one audit entry inside the transaction `m` that makes the change: the entry and the change
 * commit together or not at all, so the log never misses a write nor records one that did not happen.
 */
export async function recordAudit(
  m: EntityManager,
  db: Database,
  actor: Actor,
  entry: { action: AuditAction; campaignId?: number | null; summary: string },
): Promise<void> {
  const summary = entry.summary.length > SUMMARY_MAX ? `${entry.summary.slice(0, SUMMARY_MAX - 1)}…` : entry.summary;
  await m.getRepository(db.entities.AuditEntry).insert({ actor_email: actor.email, action: entry.action, campaign_id: entry.campaignId ?? null, summary });
}

/** A title or name inside a summary: quoted, and cut so one long title cannot crowd out the rest. */
export const quoted = (s: string) => `"${s.length > 80 ? `${s.slice(0, 79)}…` : s}"`;
