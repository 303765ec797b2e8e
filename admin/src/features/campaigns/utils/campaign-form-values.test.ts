import { describe, expect, it } from 'vitest';
import { NO_RESIDENCY_COUNTS, type AdminCampaign } from '@dais/api/contract';
import { campaignFormFrom, emptyCampaignForm, errorsAfterChange, fieldErrorsFrom, parseGoal, validateCampaignForm, type CampaignFormValues } from './campaign-form-values';

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
      widget_text_color: 'Text colour must be a colour like #047857',
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
      delivery: null,
      delivery_recipients: [],
      comment_deadline: null,
      time_zone: null,
      delivery_mode: 'manual',
      delivery_lead_hours: 24,
      packet_csv_contacts: true,
      require_confirmation: true,
      pending_supporters: 0,
      pending_letters: 0,
      personal_letters: 0,
      position_options: 'none',
      position_labels: {},
      show_position_counts: false,
      position_counts: { supporters: { support: 0, oppose: 0, neutral: 0 }, letters: { support: 0, oppose: 0, neutral: 0 } },
      boundary_set_id: null,
      residency_counts: { supporters: NO_RESIDENCY_COUNTS, letters: NO_RESIDENCY_COUNTS },
      district_counts: [],
    } satisfies AdminCampaign;
    const form = campaignFormFrom(campaign);
    expect(form.category).toBe('');
    expect(form.target_signatures).toBe('1000');
    expect(form.jurisdiction).toBe('Springfield');
    expect(form.meeting_date).toBe('2026-06-01');
  });
});

describe('the Delivery tab', () => {
  const year = new Date().getUTCFullYear() + 1;
  const saved = (over: Partial<AdminCampaign> = {}): AdminCampaign => ({
    ...({} as AdminCampaign),
    id: 4,
    title: 'Save the Park',
    description: 'Keep Riverside Park green for the next generation.',
    delivery_recipients: ['clerk@springfield.gov'],
    comment_deadline: `${year}-06-09T17:00:00-07:00`,
    time_zone: 'America/Los_Angeles',
    delivery_mode: 'packet',
    delivery_lead_hours: 24,
    position_options: 'none',
    position_labels: {},
    ...over,
  });

  /** The Delivery tab's part of the form for a saved campaign. */
  const deliveryForm = (c: AdminCampaign) => {
    const f = campaignFormFrom(c);
    return { delivery_recipients: f.delivery_recipients, comment_deadline: f.comment_deadline, time_zone: f.time_zone, delivery_mode: f.delivery_mode, delivery_lead_hours: f.delivery_lead_hours };
  };

  it('shows the deadline as wall-clock time in the campaign\'s zone and sends it back with that zone\'s offset', () => {
    const form = deliveryForm(saved());
    expect(form.comment_deadline).toBe(`${year}-06-09T17:00`);
    expect(form.time_zone).toBe('America/Los_Angeles');
    expect(form.delivery_recipients).toBe('clerk@springfield.gov');
    const moved = validateCampaignForm({ ...valid(), ...form, comment_deadline: `${year}-06-10T09:30`, time_zone: 'America/New_York' }, 'update', saved());
    expect(moved).toMatchObject({ ok: true, request: { comment_deadline: `${year}-06-10T09:30:00-04:00`, time_zone: 'America/New_York' } });
  });

  it('sends a saved deadline back untouched, so a passed one can still be saved', () => {
    const passed = saved({ comment_deadline: '2020-06-09T17:00:05.250-07:00' });
    const form = { ...valid(), ...deliveryForm(passed) };
    expect(validateCampaignForm(form, 'update', passed)).toMatchObject({ ok: true, request: { comment_deadline: '2020-06-09T17:00:05.250-07:00' } });
    expect(validateCampaignForm({ ...form, comment_deadline: '2020-06-10T17:00' }, 'update', passed)).toMatchObject({
      ok: false,
      errors: { comment_deadline: 'The written-comment deadline is in the past: choose a time still to come' },
    });
  });

  it('reads recipients separated by lines, commas or spaces, and names the one that is not an address', () => {
    const form = { ...valid(), delivery_recipients: 'clerk@springfield.gov,\n deputy@springfield.gov; clerk@@springfield' };
    expect(validateCampaignForm(form, 'create')).toMatchObject({
      ok: false,
      errors: { delivery_recipients: 'Recipient "clerk@@springfield" is not an e-mail address: write each one like clerk@springfield.gov' },
    });
    const ok = validateCampaignForm({ ...form, delivery_recipients: 'clerk@springfield.gov,\n deputy@springfield.gov' }, 'create');
    expect(ok).toMatchObject({ ok: true, request: { delivery_recipients: ['clerk@springfield.gov', 'deputy@springfield.gov'] } });
  });

  it("keeps the writers' contact details in the packet CSV unless the organiser leaves them out, and saves the choice", () => {
    expect(validateCampaignForm(valid(), 'create')).toMatchObject({ ok: true, request: { packet_csv_contacts: true } });
    const without = saved({ packet_csv_contacts: false });
    expect(campaignFormFrom(without).packet_csv_contacts).toBe(false);
    const form = { ...valid(), ...deliveryForm(without), packet_csv_contacts: campaignFormFrom(without).packet_csv_contacts };
    expect(validateCampaignForm(form, 'update', without)).toMatchObject({ ok: true, request: { packet_csv_contacts: false } });
  });

  it('asks for what a mode needs, and refuses a time the clocks skip', () => {
    expect(validateCampaignForm({ ...valid(), delivery_mode: 'packet' }, 'create')).toMatchObject({
      ok: false,
      errors: {
        delivery_recipients: 'Add at least one recipient: the packet is e-mailed to them',
        comment_deadline: 'Set the written-comment deadline: the packet is sent automatically before it',
      },
    });
    expect(validateCampaignForm({ ...valid(), comment_deadline: `${year}-03-14T02:30`, time_zone: 'America/Chicago' }, 'create')).toMatchObject({
      ok: false,
      errors: { comment_deadline: '02:30 does not exist on that day in America/Chicago (the clocks skip it); choose another time' },
    });
    expect(validateCampaignForm({ ...valid(), time_zone: 'Springfield' }, 'create')).toMatchObject({
      ok: false,
      errors: { time_zone: '"Springfield" is not a time zone: use a name like America/Chicago or Europe/Berlin' },
    });
  });
});

describe('the position', () => {
  const worded = (): CampaignFormValues => ({
    ...valid(),
    position_options: 'support_oppose',
    position_labels: { support: 'Keep the park public', oppose: 'Allow the rezoning', neutral: '' },
  });

  it('asks none on a new campaign and shows no counts by position', () => {
    const result = validateCampaignForm(valid(), 'create');
    expect(result).toMatchObject({ ok: true, request: { position_options: 'none', position_labels: {}, show_position_counts: false } });
  });

  it('goes from a saved campaign to the form and back to the same request', () => {
    const saved = {
      ...({} as AdminCampaign),
      ...worded(),
      target_signatures: 1000,
      target_letters: 100,
      category: null,
      decision_body: null,
      jurisdiction: null,
      meeting_date: null,
      agenda_item_number: null,
      project_name: null,
      delivery_recipients: [],
      comment_deadline: null,
      time_zone: 'America/Chicago',
      delivery_lead_hours: 24,
      position_options: 'support_oppose_neutral',
      position_labels: { support: 'Keep the park public', oppose: 'Allow the rezoning', neutral: 'Study it first' },
      show_position_counts: true,
      boundary_set_id: null,
    } satisfies AdminCampaign;
    const form = campaignFormFrom(saved);
    expect(form.position_labels).toEqual({ support: 'Keep the park public', oppose: 'Allow the rezoning', neutral: 'Study it first' });
    expect(validateCampaignForm(form, 'update', saved)).toMatchObject({
      ok: true,
      request: { position_options: 'support_oppose_neutral', position_labels: saved.position_labels, show_position_counts: true },
    });
    // A campaign saved before positions were worded: the form has an empty input for each.
    expect(campaignFormFrom({ ...saved, position_options: 'none', position_labels: {} }).position_labels).toEqual({ support: '', oppose: '', neutral: '' });
  });

  it('keeps the wording of a choice no longer offered in the form, but saves only the offered ones', () => {
    const form = { ...worded(), position_labels: { support: 'Keep the park public', oppose: 'Allow the rezoning', neutral: 'Study it first' } };
    expect(validateCampaignForm(form, 'create')).toMatchObject({ ok: true, request: { position_labels: { support: 'Keep the park public', oppose: 'Allow the rezoning' } } });
    expect(validateCampaignForm({ ...form, position_options: 'none' }, 'update')).toMatchObject({ ok: true, request: { position_labels: {} } });
  });

  it('needs words for each offered choice only, each error at its own input, on create and on update', () => {
    const unworded = { ...worded(), position_options: 'support_oppose_neutral' as const, position_labels: { support: ' ', oppose: 'Allow the rezoning', neutral: '' } };
    for (const mode of ['create', 'update'] as const) {
      expect(validateCampaignForm(unworded, mode)).toEqual({
        ok: false,
        tabsError: false,
        errors: {
          'position_labels.support': 'Word the Support choice: what a supporter who picks it asks for',
          'position_labels.neutral': 'Word the Neutral choice: what a supporter who picks it asks for',
        },
      });
    }
    // A hidden, empty neutral input does not block saving.
    expect(validateCampaignForm({ ...unworded, position_options: 'support_oppose', position_labels: { ...unworded.position_labels, support: 'Keep it' } }, 'update').ok).toBe(true);
  });

  it("puts the API's issues about a wording on that wording's input", () => {
    const errors = fieldErrorsFrom([
      { field: 'position_labels.oppose', message: 'Word the Oppose choice: what a supporter who picks it asks for' },
      { path: ['position_labels', 'support'], message: 'Support label must be at most 120 characters' },
      { field: 'delivery_recipients.1', message: 'Recipient "x" is not an e-mail address' },
    ]);
    expect(errors).toEqual({
      'position_labels.oppose': 'Word the Oppose choice: what a supporter who picks it asks for',
      'position_labels.support': 'Support label must be at most 120 characters',
      delivery_recipients: 'Recipient "x" is not an e-mail address',
    });
  });

  it('clears the error of the wording typed in, and of every wording when the choices change', () => {
    const before = { ...worded(), position_labels: { support: '', oppose: '', neutral: '' } };
    const errors = { title: 'Title must be at least 5 characters', 'position_labels.support': 'Word it', 'position_labels.oppose': 'Word it' };
    expect(errorsAfterChange(errors, before, { ...before, position_labels: { ...before.position_labels, support: 'K' } })).toEqual({
      title: 'Title must be at least 5 characters',
      'position_labels.oppose': 'Word it',
    });
    expect(errorsAfterChange(errors, before, { ...before, position_options: 'none' })).toEqual({ title: 'Title must be at least 5 characters' });
    expect(errorsAfterChange(errors, before, { ...before, enable_letter_tab: false })).toBe(errors);
    // Any tab ticked answers the "at least one tab" error on the first one.
    expect(errorsAfterChange({ enable_sign_tab: 'At least one tab must be enabled' }, before, { ...before, enable_share_tab: !before.enable_share_tab })).toEqual({});
  });
});

describe('the boundary set', () => {
  const saved = (boundary_set_id: number | null): AdminCampaign => ({
    ...({} as AdminCampaign),
    id: 5,
    title: 'Save the Park',
    description: 'Keep Riverside Park green for the next generation.',
    position_options: 'none',
    position_labels: {},
    delivery_recipients: [],
    boundary_set_id,
  });

  it('is none on a new campaign, sent as null', () => {
    expect(emptyCampaignForm().boundary_set_id).toBe('');
    const result = validateCampaignForm(valid(), 'create');
    expect(result.ok && result.request.boundary_set_id).toBeNull();
  });

  it("shows the saved set in the select and sends the chosen one's id, or null for None", () => {
    expect(campaignFormFrom(saved(7)).boundary_set_id).toBe('7');
    expect(campaignFormFrom(saved(null)).boundary_set_id).toBe('');
    const chosen = validateCampaignForm({ ...valid(), boundary_set_id: '12' }, 'update');
    expect(chosen.ok && chosen.request.boundary_set_id).toBe(12);
    const none = validateCampaignForm({ ...valid(), boundary_set_id: '' }, 'update');
    expect(none.ok && none.request.boundary_set_id).toBeNull();
  });

  it("puts the API's refusal of a set at the select, on Basic Info", () => {
    const errors = fieldErrorsFrom([{ field: 'boundary_set_id', message: 'Boundary set not found: choose another' }]);
    expect(errors).toEqual({ boundary_set_id: 'Boundary set not found: choose another' });
  });
});
