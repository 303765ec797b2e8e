import { z } from 'zod';
import { pathId, withoutControls } from './fields';
import { pageQuerySchema } from './pagination';

/**
 * The audit log: every admin write, who made it, when, and a summary in words. A closed list of
 * actions, each with the label the admin's filter shows. Entries never hold a supporter's personal
 * details (an erasure says how many records it took, never whose).
 */
export const AUDIT_ACTIONS = {
  'campaign.create': 'Campaign created',
  'campaign.update': 'Campaign changed',
  'message_point.create': 'Message point added',
  'message_point.update': 'Message point changed',
  'message_point.delete': 'Message point deleted',
  'setting.update': 'Setting changed',
  'delivery.send': 'Packet sent',
  'quarantine.create': 'Burst quarantined',
  'quarantine.restore': 'Quarantine restored',
  'privacy.erase': 'Supporter erased',
  'privacy.anonymise': 'Campaign anonymised',
  'admin.invite': 'Admin invited',
  'admin.role': 'Admin role changed',
  'admin.remove': 'Admin removed',
  'boundary_set.create': 'Boundary set uploaded',
  'boundary_set.delete': 'Boundary set deleted',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_KEYS = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];

/** Who made a write Dais made on its own (anonymisation on its schedule). */
export const AUDIT_SYSTEM_ACTOR = 'Dais (automatic)';

/** One entry, as GET /api/admin/audit-log lists it. */
export const auditEntrySchema = z.object({
  id: z.number(),
  created_at: z.string(),
  actor_email: z.string(),
  action: z.enum(AUDIT_ACTION_KEYS),
  campaign_id: z.number().nullable(),
  summary: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /api/admin/audit-log?action=&campaign_id=&actor=&page=&pageSize=, newest first. */
export const auditQuerySchema = pageQuerySchema.extend({
  action: z.enum(AUDIT_ACTION_KEYS, { error: `action must be one of: ${AUDIT_ACTION_KEYS.join(', ')}` }).optional(),
  campaign_id: pathId('campaign_id').optional(),
  /** Part of the admin's address, any case; empty means any admin. */
  actor: withoutControls(z.string({ error: 'actor must be text' }).trim().toLowerCase().max(254, 'actor must be at most 254 characters'), 'actor').optional(),
});

export type AuditQuery = z.infer<typeof auditQuerySchema>;
