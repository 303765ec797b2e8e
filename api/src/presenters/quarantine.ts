import type { QuarantineView } from '../contract';
import type { QuarantineRow } from '../db/types';

export const toQuarantineView = (q: QuarantineRow): QuarantineView => ({
  id: q.id,
  campaign_id: q.campaign_id,
  from: q.starts_at.toISOString(),
  to: q.ends_at.toISOString(),
  network: q.network,
  email_domain: q.email_domain,
  reason: q.reason,
  signatures: q.signatures,
  letters: q.letters,
  created_by: q.created_by,
  created_at: q.created_at.toISOString(),
  restored_at: q.restored_at?.toISOString() ?? null,
  restored_by: q.restored_by,
});
