/**
 * Above the Supporters and Letters lists: which campaign's rows, and a search by the start of a
 * name or an e-mail address (an @ in it makes it an address), then the list's figures by the
 * console's one rule: the counted rows, and apart those waiting for confirmation or withdrawn.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { SEARCH_MAX, type AdminCampaign, type AdminListMeta } from '@dais/api/contract';
import { formatNumber } from '../lib/format';
import type { ListView } from '../lib/list-address';

interface ListFiltersProps {
  /** Plural, for the form's name: 'supporters'. */
  noun: string;
  campaigns: AdminCampaign[];
  view: ListView;
  onChange: (view: ListView) => void;
}

export function ListFilters({ noun, campaigns, view, onChange }: ListFiltersProps) {
  const id = useId();
  const [typed, setTyped] = useState(view.q);
  // Back, Forward or a link changes the search shown: the box follows.
  useEffect(() => setTyped(view.q), [view.q]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onChange({ campaignId: view.campaignId, q: typed.trim(), page: 1 });
  };
  return (
    <form role="search" aria-label={`Find ${noun}`} className="card list-filters" onSubmit={submit}>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-campaign`}>
          Campaign
        </label>
        <select
          id={`${id}-campaign`}
          value={view.campaignId ?? ''}
          onChange={(e) => onChange({ campaignId: e.target.value ? Number(e.target.value) : undefined, q: view.q, page: 1 })}
        >
          <option value="">All campaigns</option>
          {campaigns.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </select>
      </div>
      <div className="field list-search">
        <label className="field-label" htmlFor={`${id}-q`}>
          Name or e-mail
        </label>
        <input
          id={`${id}-q`}
          type="search"
          name="q"
          autoComplete="off"
          maxLength={SEARCH_MAX}
          aria-describedby={`${id}-hint`}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <p id={`${id}-hint`} className="field-hint">
          How it starts, in any case: &lsquo;Mary Ev&rsquo; for a name, &lsquo;mary@&rsquo; for an address.
        </p>
      </div>
      <div className="button-row list-filters-buttons">
        <button type="submit" className="button button-primary">
          Search
        </button>
        {view.q && (
          <button type="button" className="button button-secondary" onClick={() => onChange({ campaignId: view.campaignId, q: '', page: 1 })}>
            Clear search
          </button>
        )}
      </div>
    </form>
  );
}

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** '137 supporters counted; 3 more pending confirmation.' The rows this list may show, by kind. */
export function listFiguresText(meta: Pick<AdminListMeta, 'counted' | 'pending' | 'withdrawn'>, one: string, many: string): string {
  const apart = [
    meta.pending > 0 ? `${formatNumber(meta.pending)} more pending confirmation` : '',
    meta.withdrawn > 0 ? `${formatNumber(meta.withdrawn)} withdrawn after delivery` : '',
  ].filter(Boolean);
  return `${plural(meta.counted, one, many)} counted${apart.length ? `; ${apart.join(', ')}` : ''}.`;
}
