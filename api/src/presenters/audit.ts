import type { AuditAction, AuditEntry } from '../contract';
import type { AuditEntryRow } from '../db/types';

export function toAuditEntry(row: AuditEntryRow): AuditEntry {
  return {
    id: row.id,
    created_at: row.created_at.toISOString(),
    actor_email: row.actor_email,
    action: row.action as AuditAction,
    campaign_id: row.campaign_id,
    summary: row.summary,
  };
}
