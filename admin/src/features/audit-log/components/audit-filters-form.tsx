import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { AdminCampaign, AuditAction } from '@dais/api/contract';
import { FormField } from '../../../components/form-field';
import { AUDIT_ACTION_OPTIONS, hasFilters, NO_FILTERS, type AuditFilters } from '../utils/audit-filters';

/** How long typing in the admin box must pause before the list follows it. */
const ACTOR_DEBOUNCE_MS = 400;
const ACTOR_MAX = 254;

interface AuditFiltersFormProps {
  filters: AuditFilters;
  campaigns: readonly Pick<AdminCampaign, 'id' | 'title'>[];
  /** A new view; `replace` while typing, so the history is not one entry per pause. */
  onChange: (next: AuditFilters, options?: { replace?: boolean }) => void;
}

/**
 * Action and campaign apply as they are chosen; the admin box applies when typing pauses or on Enter.
 * Every change goes back to the first page.
 */
export function AuditFiltersForm({ filters, campaigns, onChange }: AuditFiltersFormProps) {
  const [actor, setActor] = useState(filters.actor);
  // The address's actor this box last agreed with: another change of it (Back, Clear filters) is shown.
  const agreed = useRef(filters.actor);

  useEffect(() => {
    if (filters.actor === agreed.current) return;
    agreed.current = filters.actor;
    setActor(filters.actor);
  }, [filters.actor]);

  useEffect(() => {
    if (actor.trim() === filters.actor) return;
    const timer = setTimeout(() => {
      agreed.current = actor.trim();
      onChange({ ...filters, actor: actor.trim(), page: 1 }, { replace: true });
    }, ACTOR_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [actor, filters, onChange]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (actor.trim() === filters.actor) return;
    agreed.current = actor.trim();
    onChange({ ...filters, actor: actor.trim(), page: 1 });
  };

  const clear = () => {
    // Typing not yet applied goes too, or it would come back when its pause ends.
    agreed.current = '';
    setActor('');
    onChange(NO_FILTERS);
  };

  // A campaign in the address that the list does not hold (yet): still shown as chosen.
  const chosenMissing = filters.campaignId !== undefined && !campaigns.some((c) => c.id === filters.campaignId);

  return (
    <form className="card audit-filters" role="search" aria-label="Filter the audit log" noValidate onSubmit={submit}>
      <FormField label="Action">
        {(p) => (
          <select
            {...p}
            name="action"
            value={filters.action ?? ''}
            onChange={(e) => onChange({ ...filters, action: (e.target.value || undefined) as AuditAction | undefined, page: 1 })}
          >
            <option value="">All actions</option>
            {AUDIT_ACTION_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Campaign">
        {(p) => (
          <select
            {...p}
            name="campaign_id"
            value={filters.campaignId === undefined ? '' : String(filters.campaignId)}
            onChange={(e) => onChange({ ...filters, campaignId: e.target.value ? Number(e.target.value) : undefined, page: 1 })}
          >
            <option value="">All campaigns</option>
            {chosenMissing && <option value={String(filters.campaignId)}>Campaign #{filters.campaignId}</option>}
            {campaigns.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.title}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Admin e-mail" hint="Part of an address is enough; the list follows as you type.">
        {(p) => (
          <input {...p} type="search" name="actor" autoComplete="off" maxLength={ACTOR_MAX} value={actor} onChange={(e) => setActor(e.target.value)} />
        )}
      </FormField>
      {hasFilters(filters) && (
        <div className="audit-filters-clear">
          <button type="button" className="button button-secondary" onClick={clear}>
            Clear filters
          </button>
        </div>
      )}
    </form>
  );
}
