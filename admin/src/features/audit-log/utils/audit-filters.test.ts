import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@dais/api/contract';
import { AUDIT_ACTION_OPTIONS, auditActionLabel, auditFiltersFrom, auditFiltersSearch, hasFilters, NO_FILTERS } from './audit-filters';

const from = (search: string) => auditFiltersFrom(new URLSearchParams(search));

describe('the audit log filters in the address', () => {
  it('reads every filter and the page', () => {
    expect(from('?action=privacy.erase&campaign_id=12&actor=Bob%40&page=3')).toEqual({ action: 'privacy.erase', campaignId: 12, actor: 'Bob@', page: 3 });
  });

  it('is no filter and the first page when the address has none', () => {
    expect(from('')).toEqual(NO_FILTERS);
    expect(hasFilters(from(''))).toBe(false);
  });

  it('ignores a value the API would refuse, keeping the others', () => {
    expect(from('?action=campaign.explode&campaign_id=12')).toEqual({ ...NO_FILTERS, campaignId: 12 });
    expect(from('?campaign_id=abc&action=setting.update')).toEqual({ ...NO_FILTERS, action: 'setting.update' });
    expect(from('?campaign_id=-1&page=0')).toEqual(NO_FILTERS);
    expect(from('?page=2.5')).toEqual(NO_FILTERS);
    expect(from(`?actor=${'a'.repeat(255)}`)).toEqual(NO_FILTERS);
  });

  it('keeps the actor as typed, trimmed (the server matches it without regard to case)', () => {
    expect(from('?actor=%20%20Alice.Organiser%20').actor).toBe('Alice.Organiser');
    expect(hasFilters(from('?actor=%20%20'))).toBe(false);
  });

  it('writes a view back, leaving out what is not set and the first page', () => {
    expect(auditFiltersSearch(NO_FILTERS)).toBe('');
    expect(auditFiltersSearch({ ...NO_FILTERS, page: 1, actor: '  ' })).toBe('');
    expect(auditFiltersSearch({ action: 'privacy.erase', campaignId: 4, actor: ' jane@ ', page: 2 })).toBe('?action=privacy.erase&campaign_id=4&actor=jane%40&page=2');
  });

  it('reads back what it writes', () => {
    const views = [
      { action: 'campaign.update' as const, campaignId: undefined, actor: '%_\\', page: 1 },
      { action: undefined, campaignId: 7, actor: '', page: 12 },
      { action: 'delivery.send' as const, campaignId: 2_147_483_647, actor: 'o’brien & co', page: 1_000_000 },
    ];
    for (const view of views) expect(from(auditFiltersSearch(view))).toEqual(view);
  });
});

describe('the actions an admin chooses from', () => {
  it("are the contract's closed list, in its order, with its labels", () => {
    expect(AUDIT_ACTION_OPTIONS.map((o) => o.value)).toEqual(Object.keys(AUDIT_ACTIONS));
    expect(AUDIT_ACTION_OPTIONS.find((o) => o.value === 'privacy.erase')?.label).toBe('Supporter erased');
  });

  it('show an action this build does not know as stored, never as nothing', () => {
    expect(auditActionLabel('privacy.anonymise')).toBe('Campaign anonymised');
    expect(auditActionLabel('campaign.archive')).toBe('campaign.archive');
    expect(auditActionLabel('toString')).toBe('toString');
  });
});
