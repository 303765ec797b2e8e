import { AUDIT_ACTIONS, auditQuerySchema, type AuditAction } from '@dais/api/contract';

/** What the audit log shows, as the address holds it: a filtered view can be bookmarked and shared. */
export interface AuditFilters {
  action: AuditAction | undefined;
  campaignId: number | undefined;
  /** As typed (trimmed); the server matches it case-insensitively against part of the admin's address. */
  actor: string;
  page: number;
}

export const NO_FILTERS: AuditFilters = { action: undefined, campaignId: undefined, actor: '', page: 1 };

const fields = auditQuerySchema.shape;

/** The filters in a query string; a value the API would refuse (a typo in a bookmark) is no filter. */
export function auditFiltersFrom(search: URLSearchParams): AuditFilters {
  const action = fields.action.safeParse(search.get('action') ?? undefined);
  const campaign = fields.campaign_id.safeParse(search.get('campaign_id') ?? undefined);
  const actorText = (search.get('actor') ?? '').trim();
  const actor = fields.actor.safeParse(actorText);
  const page = fields.page.safeParse(search.get('page') ?? undefined);
  return {
    action: action.success ? action.data : undefined,
    campaignId: campaign.success ? campaign.data : undefined,
    actor: actor.success ? actorText : '',
    page: page.success ? page.data : 1,
  };
}

/** The query string of a view ('' for the first page of everything); page 1 is left out. */
export function auditFiltersSearch(filters: AuditFilters): string {
  const search = new URLSearchParams();
  if (filters.action) search.set('action', filters.action);
  if (filters.campaignId !== undefined) search.set('campaign_id', String(filters.campaignId));
  const actor = filters.actor.trim();
  if (actor) search.set('actor', actor);
  if (filters.page > 1) search.set('page', String(filters.page));
  const s = search.toString();
  return s ? `?${s}` : '';
}

export const hasFilters = (f: AuditFilters) => f.action !== undefined || f.campaignId !== undefined || f.actor.trim() !== '';

/** The label the filter and the table show ('Supporter erased'); an action this build does not know, as stored. */
export function auditActionLabel(action: string): string {
  return Object.hasOwn(AUDIT_ACTIONS, action) ? AUDIT_ACTIONS[action as AuditAction] : action;
}

/** The filter's choices, in the contract's order. */
export const AUDIT_ACTION_OPTIONS = (Object.keys(AUDIT_ACTIONS) as AuditAction[]).map((value) => ({ value, label: AUDIT_ACTIONS[value] }));
