import { describe, expect, it } from 'vitest';
import type { AdminCampaign } from '@dais/api/contract';
import { campaignFormFrom, emptyCampaignForm, parseGoal, validateCampaignForm, type CampaignFormValues } from './campaign-form-values';

const valid = (): CampaignFormValues => ({
  ...emptyCampaignForm(),
  title: 'Save the Park',
  description: 'Keep Riverside Park green for the next generation.',
});

describe('goal parsing', () => {
  it('keeps numbers and turns anything non-numeric into 0', () => {
    expect(parseGoal('2500')).toBe(2500);
    expect(parseGoal(' 12 ')).toBe(12);
    expect(parseGoal('')).toBe(0);
    expect(parseGoal('abc')).toBe(0);
    expect(parseGoal('1e999')).toBe(0);
    expect(parseGoal('12.5')).toBe(12.5);
  });

  it('reports a non-numeric goal with the minimum-1 rule', () => {
    const result = validateCampaignForm({ ...valid(), target_signatures: 'lots', target_letters: '0' }, 'update');
    expect(result).toEqual({
      ok: false,
      tabsError: false,
      errors: { target_signatures: 'Signature goal must be at least 1', target_letters: 'Letter goal must be at least 1' },
    });
  });

  it('refuses a fractional goal', () => {
    const result = validateCampaignForm({ ...valid(), target_letters: '2.5' }, 'create');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.target_letters).toBe('Letter goal must be a whole number');
  });
});

describe('campaign form validation', () => {
  it('blocks saving when every tab is disabled, before anything else', () => {
    const result = validateCampaignForm(
      { ...valid(), title: '', enable_sign_tab: false, enable_letter_tab: false, enable_share_tab: false },
      'update',
    );
    expect(result).toEqual({ ok: false, tabsError: true, errors: { enable_sign_tab: 'At least one tab must be enabled' } });
  });

  it("shows the contract's messages next to the fields", () => {
    const result = validateCampaignForm(
      { ...valid(), title: 'Park', description: 'Too short', widget_text_color: 'green', meeting_date: '2026-02-30' },
      'create',
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      title: 'Title must be at least 5 characters',
      description: 'Description must be at least 20 characters',
      widget_text_color: 'Text colour must be a colour like #059669',
      meeting_date: 'Meeting date must be a real calendar date',
    });
  });

  it('sends the goals as numbers and leaves blank optional fields blank', () => {
    const result = validateCampaignForm({ ...valid(), target_signatures: '500' }, 'create');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.request.target_signatures).toBe(500);
    expect(result.request.target_letters).toBe(100);
    expect(result.request.meeting_date).toBe('');
    expect(result.request).not.toHaveProperty('logo_url');
  });

  it('fills the form from a saved campaign, nulls as empty text', () => {
    const campaign = {
      ...valid(),
      id: 3,
      category: null,
      target_signatures: 1000,
      target_letters: 100,
      decision_body: null,
      jurisdiction: 'Springfield',
      meeting_date: '2026-06-01',
      agenda_item_number: null,
      project_name: null,
      logo_url: null,
      supporter_count: 0,
      letter_count: 0,
      created_at: '2026-05-01T00:00:00.000Z',
      updated_at: '2026-05-01T00:00:00.000Z',
    } satisfies AdminCampaign;
    const form = campaignFormFrom(campaign);
    expect(form.category).toBe('');
    expect(form.target_signatures).toBe('1000');
    expect(form.jurisdiction).toBe('Springfield');
    expect(form.meeting_date).toBe('2026-06-01');
  });
});
