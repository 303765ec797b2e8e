import { describe, expect, it } from 'vitest';
import type { AdminLetter } from '@dais/api/contract';
import { letterFileName, letterText } from './letter-download';

const letter: AdminLetter = {
  id: 12,
  campaign_id: 3,
  campaign_title: 'Save Riverside Park',
  letter_content: 'Dear City Council,\n\nPlease keep the park green.\n\nSincerely,\nJane Doe\n\n',
  supporter_name: 'Jane Doe',
  supporter_email: 'jane@example.org',
  street_address: '123 Main St',
  city: 'Springfield',
  state: 'IL',
  zip_code: '62701',
  phone_number: null,
  perspective: 'business_owner',
  message_point_ids: [1, 2],
  created_at: '2026-05-14T15:07:00.000Z',
  updated_at: '2026-05-14T15:07:00.000Z',
  is_late: false,
  status: 'confirmed',
  personal: false,
  position: null,
  district_name: null,
  residency: null,
  district_source: null,
};

describe('letter file name', () => {
  it('is letter-{id}-{supporter name with hyphens}.txt', () => {
    expect(letterFileName(letter)).toBe('letter-12-Jane-Doe.txt');
    expect(letterFileName({ id: 7, supporter_name: '  Mary   Ann  de la Cruz ' })).toBe('letter-7-Mary-Ann-de-la-Cruz.txt');
  });

  it('drops characters a file name cannot hold', () => {
    expect(letterFileName({ id: 8, supporter_name: 'A/B: "C" <D>?' })).toBe('letter-8-AB-C-D.txt');
    expect(letterFileName({ id: 9, supporter_name: '../..' })).toBe('letter-9-.....txt');
    expect(letterFileName({ id: 10, supporter_name: '***' })).toBe('letter-10-supporter.txt');
  });

  it("keeps letters of any alphabet and apostrophes", () => {
    expect(letterFileName({ id: 11, supporter_name: "Zoë O'Brien" })).toBe("letter-11-Zoë-O'Brien.txt");
  });
});

describe('letter file content', () => {
  it('holds the letter, a divider, then submitter details, perspective, campaign and date', () => {
    expect(letterText(letter, 'UTC')).toBe(
      [
        'Dear City Council,',
        '',
        'Please keep the park green.',
        '',
        'Sincerely,',
        'Jane Doe',
        '',
        '----------------------------------------',
        '',
        'Submitted by',
        'Name: Jane Doe',
        'Email: jane@example.org',
        'Address: 123 Main St',
        'City/State/ZIP: Springfield, IL 62701',
        'Perspective: Business Owner',
        'Campaign: Save Riverside Park',
        'Submitted: May 14, 2026, 3:07 PM (UTC)',
        '',
      ].join('\n'),
    );
  });

  it('adds the phone number when there is one', () => {
    const text = letterText({ ...letter, phone_number: '555-0100', perspective: 'parent' }, 'UTC');
    expect(text).toContain('City/State/ZIP: Springfield, IL 62701\nPhone: 555-0100\nPerspective: Parent\n');
  });

  it('says when a letter came after the written-comment deadline', () => {
    expect(letterText({ ...letter, is_late: true }, 'UTC')).toContain('Submitted: May 14, 2026, 3:07 PM (UTC) (late: after the written-comment deadline)\n');
  });
});
