import { describe, expect, it } from 'vitest';
import { carriedSentences, humanDate, leadSentences, pointSentences, shuffled, splitSentences } from './phrasing';

describe('phrasing', () => {
  it('writes dates for people', () => {
    expect(humanDate('2026-12-03')).toBe('December 3, 2026');
    expect(humanDate('2027-01-31')).toBe('January 31, 2027');
  });

  it('splits sentences, not abbreviations', () => {
    expect(splitSentences('Meet at St. Mark. It is 5 p.m. on Oak Ave. near Dr. King Park! Really? Yes.')).toEqual([
      'Meet at St. Mark.',
      'It is 5 p.m. on Oak Ave. near Dr. King Park!',
      'Really?',
      'Yes.',
    ]);
  });

  it('turns bullet lists into sentences and leaves the words alone', () => {
    expect(pointSentences('- saves lives\n- Costs little;\n* pays for itself')).toEqual(['Saves lives.', 'Costs little.', 'Pays for itself.']);
    expect(pointSentences('It works! Ask Portland')).toEqual(['It works!', 'Ask Portland.']);
  });

  it('carries short points whole and part of a long one, always its first sentence, never a sentence without the one it leans on', () => {
    expect(carriedSentences(['One.', 'Two.'], 'seed')).toEqual(['One.', 'Two.']);
    const long = ['The claim.', 'First reason.', 'This follows from it.', 'Second reason.', 'It also costs less.', 'Third reason.'];
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const carried = carriedSentences(long, `writer ${i}`);
      expect(carried[0]).toBe('The claim.');
      expect(carried).toHaveLength(3);
      // A run, in order, that never starts on a sentence leaning on the one before.
      const start = long.indexOf(carried[1]!);
      expect(carried.slice(1)).toEqual(long.slice(start, start + 2));
      expect(['This follows from it.', 'It also costs less.']).not.toContain(carried[1]);
      seen.add(carried.join(' '));
    }
    expect(seen.size).toBeGreaterThan(1);
  });

  it('orders a list by the seed, the same way every time', () => {
    const list = ['a', 'b', 'c', 'd', 'e', 'f'];
    expect(shuffled(list, 'x', 'salt')).toEqual(shuffled(list, 'x', 'salt'));
    expect([...shuffled(list, 'x', 'salt')].sort()).toEqual(list);
    const orders = new Set(Array.from({ length: 20 }, (_, i) => shuffled(list, `seed ${i}`, 'salt').join('')));
    expect(orders.size).toBeGreaterThan(10);
  });

  it("takes a description's first sentences for the letter, without calls to action aimed at supporters", () => {
    expect(leadSentences('The city plans to sell the park. Join us and sign the petition! Once it is gone, it is gone.')).toBe(
      'The city plans to sell the park. Once it is gone, it is gone.',
    );
    expect(leadSentences('Children cross four lanes. Ask the city for a signal. Tell the commissioners now.')).toBe('Children cross four lanes.');
    expect(leadSentences(`${'A long sentence without end '.repeat(20)}`, 100)).toMatch(/^A long sentence .{60,}[a-z]\.\.\.$/);
  });
});
