import { describe, expect, it } from 'vitest';
import { carriedSentences, humanDate, leadSentences, pointSentences, shuffled, splitSentences } from './phrasing';

describe('phrasing', () => {
  it('writes dates for people', () => {
    expect(humanDate('2026-12-03')).toBe('December 3, 2026');
    expect(humanDate('2027-01-31')).toBe('January 31, 2027');
    const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
    for (const [i, month] of months.entries()) expect(humanDate(`2027-${String(i + 1).padStart(2, '0')}-09`)).toBe(`${month} 9, 2027`);
  });

  it('gives back a date it cannot read as typed, never "Invalid Date" or "undefined 3, 2026"', () => {
    for (const typed of ['2026-13-03', '2026-00-10', '2026-12-00', '2026-12', 'next Tuesday', '']) expect(humanDate(typed)).toBe(typed);
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
    expect(pointSentences('1. saves lives\r\n2) costs little\n\u2022 pays for itself\n\n')).toEqual(['Saves lives.', 'Costs little.', 'Pays for itself.']);
    // Only a trailing ':' ';' or ',' becomes the full stop; one inside the sentence stays.
    expect(pointSentences('cheap, fast, safe;')).toEqual(['Cheap, fast, safe.']);
    expect(pointSentences('Open the gate at 5 p.m. on weekdays')).toEqual(['Open the gate at 5 p.m. on weekdays.']);
    expect(pointSentences('The mayor said "we will build it."')).toEqual(['The mayor said "we will build it."']);
    expect(pointSentences('  lanes   save lives  \n10) ten minutes saved\nChildren aged 5 - 12 ride here')).toEqual([
      'Lanes save lives.',
      'Ten minutes saved.',
      'Children aged 5 - 12 ride here.',
    ]);
  });

  it('ends a sentence at a full stop after a word that only looks like an abbreviation, and after a quote', () => {
    expect(splitSentences('Cars go fast. Then they crash.')).toEqual(['Cars go fast.', 'Then they crash.']);
    expect(splitSentences('She said "Stop." Then she left. 12 people saw it.')).toEqual(['She said "Stop."', 'Then she left.', '12 people saw it.']);
    expect(splitSentences('Ask Mr. Lee. He knows.')).toEqual(['Ask Mr. Lee.', 'He knows.']);
    expect(splitSentences('It is cheap. the end')).toEqual(['It is cheap. the end']);
    expect(splitSentences(' \n ')).toEqual([]);
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

  it('starts the run, across writers, at every sentence that stands on its own, up to the last', () => {
    // 'Soon' is not 'so', and 'this' in the middle of a sentence does not lean back.
    const long = ['The claim.', 'Shops say this works.', 'Soon the lanes would open.', 'Thursday markets would grow.'];
    const runs = new Set(Array.from({ length: 60 }, (_, i) => carriedSentences(long, `writer ${i}`).join(' ')));
    expect([...runs].sort()).toEqual(long.slice(1).map((s) => `The claim. ${s}`).sort());
    // Every sentence after the first leans back: the run starts right after the claim, which it leans on.
    const leaning = ['The claim.', 'This is why.', 'It costs less.', 'They agree.'];
    for (let i = 0; i < 20; i++) expect(carriedSentences(leaning, `writer ${i}`)).toEqual(['The claim.', 'This is why.']);
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
    // Cut after a comma: the comma goes, the ellipsis follows the word.
    expect(leadSentences('one, '.repeat(40), 100)).toBe(`${'one, '.repeat(19)}one...`);
    expect(leadSentences('Riverside Drive needs protected lanes', 20)).toBe('Riverside Drive...');
    expect(leadSentences('The lanes  are\n unsafe.')).toBe('The lanes are unsafe.');
  });

  it("keeps a description's sentences up to exactly `max` characters", () => {
    expect(leadSentences('Lanes save lives. Shops gain.', 29)).toBe('Lanes save lives. Shops gain.');
    expect(leadSentences('Lanes save lives. Shops gain.', 28)).toBe('Lanes save lives.');
  });

  it('leaves out calls to e-mail or write, not sentences that merely use those words, and keeps a description that is all calls', () => {
    expect(leadSentences('Residents call the crossing dangerous. Email the council today. E-mail the mayor. Let them know.')).toBe(
      'Residents call the crossing dangerous.',
    );
    expect(leadSentences('Sign the petition to save the park! Share this page.')).toBe('Sign the petition to save the park! Share this page.');
  });
});
