import { describe, expect, it } from 'vitest';
import type { AdminCampaign } from '@dais/api/contract';
import { positionCountsText, positionText } from './position-text';

type Counted = Pick<AdminCampaign, 'position_options' | 'position_labels' | 'position_counts'>;

const park: Counted = {
  position_options: 'support_oppose',
  position_labels: { support: 'Keep the park public', oppose: 'Allow the rezoning' },
  position_counts: { supporters: { support: 1200, oppose: 3, neutral: 0 }, letters: { support: 4, oppose: 1, neutral: 0 } },
};

describe('counts by position', () => {
  it("names each offered choice in the campaign's words, in the forms' order", () => {
    expect(positionCountsText(park, 'supporters')).toBe('Keep the park public: 1,200 · Allow the rezoning: 3');
    expect(positionCountsText(park, 'letters')).toBe('Keep the park public: 4 · Allow the rezoning: 1');
  });

  it('counts neutral only where it is offered, and falls back to the plain name of an unworded choice', () => {
    const three: Counted = { ...park, position_options: 'support_oppose_neutral', position_counts: { ...park.position_counts, letters: { support: 0, oppose: 0, neutral: 2 } } };
    expect(positionCountsText(three, 'letters')).toBe('Keep the park public: 0 · Allow the rezoning: 0 · Neutral: 2');
  });

  it('says nothing where the campaign asks no position', () => {
    expect(positionCountsText({ ...park, position_options: 'none' }, 'supporters')).toBeNull();
  });
});

describe("a row's position", () => {
  it("is the campaign's wording where the campaign is at hand, else the plain name", () => {
    expect(positionText('oppose', park)).toBe('Allow the rezoning');
    expect(positionText('oppose')).toBe('Oppose');
    expect(positionText('neutral', park)).toBe('Neutral');
  });
});
