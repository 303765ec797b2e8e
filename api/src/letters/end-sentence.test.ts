import { expect, it } from 'vitest';
import { endSentence } from './phrasebook';

// An organiser's wording of a position, stated as a sentence of the letter ('My position: ...').
it("ends the organiser's words with one full stop: theirs if they gave one, before or inside closing quotes and brackets", () => {
  expect(endSentence('Plant all 500 trees this year')).toBe('Plant all 500 trees this year.');
  expect(endSentence('  Plant all 500 trees this year  ')).toBe('Plant all 500 trees this year.');
  for (const ended of ['Keep the park public.', 'Keep the park public!', 'Is this the right place?', 'Keep it "public."', "Keep it 'public.'", 'Keep it “public.”', 'Mantener «público.»', 'Keep it (public.)']) {
    expect(endSentence(`  ${ended} `)).toBe(ended);
  }
  // A full stop inside the words is not the end of them.
  expect(endSentence('Plant 2.5 acres')).toBe('Plant 2.5 acres.');
  expect(endSentence('Keep it "public"')).toBe('Keep it "public".');
});
