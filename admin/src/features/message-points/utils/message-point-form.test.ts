import { describe, expect, it } from 'vitest';
import type { AdminMessagePoint } from '@dais/api/contract';
import { emptyMessagePointForm, parseDisplayOrder, sortMessagePoints, validateMessagePointForm } from './message-point-form';

const form = (over: Partial<ReturnType<typeof emptyMessagePointForm>> = {}) => ({
  ...emptyMessagePointForm(),
  category: 'Environment',
  talking_points: 'The park cools the neighborhood in summer.',
  ...over,
});

describe('display order parsing', () => {
  it('keeps whole numbers of 0 or more', () => {
    expect(parseDisplayOrder('0')).toBe(0);
    expect(parseDisplayOrder(' 7 ')).toBe(7);
    expect(parseDisplayOrder('007')).toBe(7);
  });

  it('turns an invalid entry into 0', () => {
    for (const bad of ['', ' ', '-3', '2.5', 'abc', '1e3', '+4']) expect(parseDisplayOrder(bad), bad).toBe(0);
  });
});

describe('message point validation', () => {
  it("refuses a blank category or talking points after trimming, with the spec's message", () => {
    expect(validateMessagePointForm(form({ category: '   ' }))).toMatchObject({ ok: false, required: true, errors: { category: 'Category is required' } });
    expect(validateMessagePointForm(form({ talking_points: '\n\t ' }))).toMatchObject({ ok: false, required: true });
  });

  it("applies the contract's rules next", () => {
    expect(validateMessagePointForm(form({ talking_points: 'Too short' }))).toEqual({
      ok: false,
      required: false,
      errors: { talking_points: 'Talking points must be at least 10 characters' },
    });
    expect(validateMessagePointForm(form({ display_order: '5000000' }))).toMatchObject({
      ok: false,
      errors: { display_order: 'Display order must be at most 1000000' },
    });
  });

  it('builds the request: invalid order as 0, general as campaign null', () => {
    const result = validateMessagePointForm(form({ display_order: '-1', campaign_id: '', is_locked: true }));
    expect(result).toEqual({
      ok: true,
      request: {
        category: 'Environment',
        talking_points: 'The park cools the neighborhood in summer.',
        display_order: 0,
        campaign_id: null,
        language: 'en',
        is_locked: true,
      },
    });
    const specific = validateMessagePointForm(form({ campaign_id: '4', display_order: '2' }));
    expect(specific.ok && specific.request).toMatchObject({ campaign_id: 4, display_order: 2 });
  });
});

describe('message point order', () => {
  it('lists general points first, then by campaign, display order and id', () => {
    const p = (id: number, campaign_id: number | null, display_order: number) => ({ id, campaign_id, display_order }) as AdminMessagePoint;
    const sorted = sortMessagePoints([p(1, 2, 0), p(2, null, 5), p(3, null, 1), p(4, 1, 9), p(5, 2, 0)]);
    expect(sorted.map((x) => x.id)).toEqual([3, 2, 4, 1, 5]);
  });
});
