import { auditQuerySchema, type AuditAction, type AuditEntry } from '@dais/api/contract';
import type { z } from 'zod';
import { apiPage, query } from '../../../lib/api';
import { useQuery } from '../../../lib/use-query';

/** The query the API parses (action, campaign_id, actor, page, pageSize); checked here with the same schema. */
export const getAuditLogInput = auditQuerySchema;
export interface GetAuditLogInput {
  page: number;
  pageSize: number;
  action?: AuditAction | undefined;
  campaign_id?: number | undefined;
  actor?: string | undefined;
}

/** GET /api/admin/audit-log: newest first, with meta {page, pageSize, total, pageCount}. */
export function getAuditLog(input: GetAuditLogInput, signal: AbortSignal) {
  const search: z.input<typeof getAuditLogInput> = {
    page: String(input.page),
    pageSize: String(input.pageSize),
    action: input.action,
    campaign_id: input.campaign_id === undefined ? undefined : String(input.campaign_id),
    actor: input.actor || undefined,
  };
  getAuditLogInput.parse(search);
  return apiPage<AuditEntry>(`/api/admin/audit-log${query(search)}`, { signal });
}

export function useAuditLog(input: GetAuditLogInput) {
  const key = `audit-log-${input.page}-${input.pageSize}-${input.action ?? ''}-${input.campaign_id ?? ''}-${input.actor ?? ''}`;
  return useQuery(key, (signal) => getAuditLog(input, signal), { logAs: 'Error fetching the audit log:' });
}
