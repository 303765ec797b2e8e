import { describe, expect, it } from 'vitest';
import { isAgendaPlaceholder, publicCommentValue, unsetPublicCommentFields } from '../contract/public-comment';
import { resolvePublicComment } from './public-comment';

const none = { decision_body: null, jurisdiction: null, meeting_date: null, agenda_item_number: null, project_name: null };
const campaign = { title: 'Save the Riverside Park', ...none };
const TODAY = '2026-05-14';

describe('resolvePublicComment', () => {
  it('knows nothing the campaign and the client left out', () => {
    expect(resolvePublicComment(campaign, {}, TODAY)).toEqual(none);
  });

  it("reads the widget's section 7 fallbacks as unknown, not as facts", () => {
    // Exactly what the widget sends for a campaign without Public Comment fields, from a supporter
    // whose calendar day is the server's, the day before or the day after.
    for (const day of ['2026-05-13', '2026-05-14', '2026-05-15']) {
      const sent = {
        decision_body: 'City Council',
        jurisdiction: 'Save the Riverside Park',
        meeting_date: day,
        agenda_item_number: 'TBD',
        project_name: 'Save the Riverside Park',
      };
      expect(resolvePublicComment(campaign, sent, TODAY), day).toEqual(none);
    }
    expect(resolvePublicComment(campaign, { jurisdiction: ' save the  riverside park ', agenda_item_number: 'tbd.' }, TODAY)).toEqual(none);
  });

  it("prefers the campaign's values, and lets the client fill only what the campaign leaves empty", () => {
    const own = { ...campaign, decision_body: 'Planning Commission', meeting_date: '2026-12-03' };
    const sent = { decision_body: 'Hacked Body', jurisdiction: 'County of Lane', meeting_date: '2027-01-01', project_name: '  ', agenda_item_number: '4' };
    expect(resolvePublicComment(own, sent, TODAY)).toEqual({
      decision_body: 'Planning Commission',
      jurisdiction: 'County of Lane',
      meeting_date: '2026-12-03',
      agenda_item_number: '4',
      project_name: null,
    });
    // A meeting two days out is not the widget's "today": the client meant it.
    expect(resolvePublicComment(campaign, { meeting_date: '2026-05-16' }, TODAY).meeting_date).toBe('2026-05-16');
  });

  it("takes the campaign's own 'City Council' as known, and its own placeholder agenda item as unknown", () => {
    const own = { ...campaign, decision_body: 'City Council', agenda_item_number: 'TBD' };
    expect(resolvePublicComment(own, {}, TODAY)).toMatchObject({ decision_body: 'City Council', agenda_item_number: null });
  });
});

describe('the Public Comment fields a letter can state', () => {
  it("reads every way of saying the agenda item is not known yet as unset, from the campaign or the client", () => {
    const placeholders = ['TBD', 'tba', 'TBC', 'N/A', 'NA', 'None', 'unknown', 'Pending', '?', '-', ' TBD. ', 'n/a.'];
    for (const value of placeholders) {
      expect(isAgendaPlaceholder(value), value).toBe(true);
      expect(publicCommentValue('agenda_item_number', value), value).toBeNull();
      expect(resolvePublicComment({ ...campaign, agenda_item_number: value }, { agenda_item_number: value }, TODAY).agenda_item_number, value).toBeNull();
    }
    for (const value of ['7B', '0', 'Item 4', 'None of the above', 'TBD 2']) {
      expect(isAgendaPlaceholder(value), value).toBe(false);
      expect(publicCommentValue('agenda_item_number', ` ${value} `), value).toBe(value);
    }
  });

  it('keeps placeholder words in the other fields: only the agenda item has placeholders', () => {
    expect(publicCommentValue('project_name', 'Pending')).toBe('Pending');
    expect(publicCommentValue('decision_body', ' None ')).toBe('None');
    expect(publicCommentValue('jurisdiction', '  ')).toBeNull();
    expect(publicCommentValue('meeting_date', undefined)).toBeNull();
    expect(publicCommentValue('meeting_date', null)).toBeNull();
  });

  it('lists the fields a campaign leaves unset, in the form\'s order', () => {
    expect(unsetPublicCommentFields({})).toEqual(['decision_body', 'jurisdiction', 'meeting_date', 'agenda_item_number', 'project_name']);
    expect(
      unsetPublicCommentFields({ decision_body: 'Parks Board', jurisdiction: ' ', meeting_date: '2026-12-03', agenda_item_number: 'TBD', project_name: 'Pending' }),
    ).toEqual(['jurisdiction', 'agenda_item_number']);
    expect(
      unsetPublicCommentFields({ decision_body: 'Parks Board', jurisdiction: 'Lane', meeting_date: '2026-12-03', agenda_item_number: '4', project_name: 'Plan' }),
    ).toEqual([]);
  });
});
