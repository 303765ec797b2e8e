import { describe, expect, it } from 'vitest';
import { campaignsText } from './campaigns-text';

describe('the campaigns that use a set', () => {
  it('are counted in words', () => {
    expect([0, 1, 2, 1200].map(campaignsText)).toEqual(['No campaign', '1 campaign', '2 campaigns', '1,200 campaigns']);
  });
});
