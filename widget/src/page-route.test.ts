import { describe, expect, it } from 'vitest';
import type { LetterData } from './letter-data';
import { pageRoute, REVIEW_PATH, reviewState } from './page-route';

const letter: LetterData = {
  campaign_id: 3,
  campaign_title: 'Safe Streets',
  supporter_name: 'Ada Lovelace',
  supporter_email: 'ada@example.org',
  perspective: 'parent',
  letter_content: 'Dear Council,\n\nPlease.',
  message_point_ids: [1, 2],
  street_address: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zip_code: '62701',
  phone_number: null,
};

describe('widget page routes', () => {
  it('shows the campaign of /widget/{id}', () => {
    expect(pageRoute('/widget/12', null)).toEqual({ kind: 'campaign', campaignId: '12' });
    expect(pageRoute('/widget/12/', null)).toEqual({ kind: 'campaign', campaignId: '12' });
  });

  it('reviews the letter carried in history.state on /letter/review', () => {
    expect(pageRoute(REVIEW_PATH, reviewState(letter))).toEqual({ kind: 'review', letter });
  });

  it('sends the visitor home when the review has no (complete) letter, or the address is not ours', () => {
    expect(pageRoute(REVIEW_PATH, null)).toEqual({ kind: 'home' });
    expect(pageRoute(REVIEW_PATH, { other: 'app state' })).toEqual({ kind: 'home' });
    const { letter_content: _, ...partial } = letter;
    expect(pageRoute(REVIEW_PATH, { dais_letter: partial })).toEqual({ kind: 'home' });
    expect(pageRoute(REVIEW_PATH, { dais_letter: { ...letter, message_point_ids: ['1'] } })).toEqual({ kind: 'home' });
    expect(pageRoute('/widget/0', null)).toEqual({ kind: 'home' });
    expect(pageRoute('/widget/abc', null)).toEqual({ kind: 'home' });
  });
});
