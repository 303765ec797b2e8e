import { letterGenerateSchema, letterSubmitSchema, signatureCreateSchema, type PublicCampaign } from '@dais/api/contract';
import { describe, expect, it } from 'vitest';
import { localIsoDate } from '@dais/api/contract';
import { generateLetterBody, isLetterData, submitLetterBody, toLetterData, type LetterFormValues } from './letter-data';
import { signatureBody } from './signature-request';
import { letterForm } from './test-forms';

const bare: Pick<PublicCampaign, 'id' | 'title' | 'decision_body' | 'jurisdiction' | 'meeting_date' | 'agenda_item_number' | 'project_name'> = {
  id: 7,
  title: 'Protected Bike Lanes on Riverside',
  decision_body: null,
  jurisdiction: null,
  meeting_date: null,
  agenda_item_number: null,
  project_name: null,
};

const form: LetterFormValues = { ...letterForm, perspective: 'healthcare_worker' };

describe('request bodies (SPEC.md section 7)', () => {
  it("fills what the campaign lacks with the spec's fallbacks", () => {
    const body = generateLetterBody(bare, form, [4, 9], '2026-05-14');
    expect(body).toMatchObject({
      campaign_id: 7,
      message_point_ids: [4, 9],
      decision_body: 'City Council',
      jurisdiction: 'Protected Bike Lanes on Riverside',
      meeting_date: '2026-05-14',
      agenda_item_number: 'TBD',
      project_name: 'Protected Bike Lanes on Riverside',
      phone_number: null,
      personal_note: null,
    });
  });

  it("keeps the campaign's own Public Comment values and the supporter's own words", () => {
    const campaign = { ...bare, decision_body: 'Board of Supervisors', jurisdiction: 'Marin County', meeting_date: '2026-06-01', agenda_item_number: '7B', project_name: 'Riverside Lanes' };
    const body = generateLetterBody(campaign, { ...form, personal_note: 'I ride here daily.', phone_number: '555-0100' }, []);
    expect(body).toMatchObject({
      decision_body: 'Board of Supervisors',
      jurisdiction: 'Marin County',
      meeting_date: '2026-06-01',
      agenda_item_number: '7B',
      project_name: 'Riverside Lanes',
      personal_note: 'I ride here daily.',
      phone_number: '555-0100',
    });
  });

  it('dates the meeting today in the supporter’s calendar', () => {
    expect(localIsoDate(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
    expect(generateLetterBody(bare, form, []).meeting_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('sends bodies the API accepts as they are (its schemas refuse unknown fields)', () => {
    expect(letterGenerateSchema.safeParse(generateLetterBody(bare, form, [1])).success).toBe(true);
    const letter = toLetterData({ letter_content: 'Dear Council,', campaign_id: 7, campaign_title: bare.title, subject: 'S' }, form, [1]);
    expect(isLetterData(letter)).toBe(true);
    const submit = submitLetterBody(letter, 'Dear Council, edited.');
    expect(submit).not.toHaveProperty('campaign_title');
    expect(submit.letter_content).toBe('Dear Council, edited.');
    expect(letterSubmitSchema.safeParse(submit).success).toBe(true);
    const sign = signatureBody(7, { name: 'Ada Lovelace', email: 'ada@example.org', street_address: '1 Main St', city: 'Springfield', state: 'IL', zip_code: '62701', phone_number: '', comment: '', is_public: 'on' });
    expect(sign).toMatchObject({ is_public: true, comment: null, phone_number: null });
    expect(signatureCreateSchema.safeParse(sign).success).toBe(true);
  });

  it('signs privately when the public-name box is unticked', () => {
    expect(signatureBody(7, { name: 'Ada' }).is_public).toBe(false);
  });
});
