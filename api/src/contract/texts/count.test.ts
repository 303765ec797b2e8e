import { describe, expect, it } from 'vitest';
import { CATALOGUES, countIn, formatCountIn } from './index';

/** Counts written without Intl (index.ts) read exactly as Intl writes them, in every catalogue. */
describe.each(Object.values(CATALOGUES))('counts in $locale', (texts) => {
  const format = new Intl.NumberFormat(texts.locale);
  const plural = new Intl.PluralRules(texts.locale);
  const samples = [0, 1, 2, 5, 9, 10, 11, 21, 99, 100, 101, 999, 1000, 1001, 2500, 9999, 10_000, 12_345, 99_999, 100_000, 123_456, 999_999];
  for (let n = 1_000_000; n <= 1e15; n *= 10) samples.push(n, n + 1, n - 1, 2 * n, 3 * n + 7);
  samples.push(Number.MAX_SAFE_INTEGER);

  it('are grouped and take the plural category as Intl does', () => {
    for (const n of samples) {
      expect(formatCountIn(texts, n), String(n)).toBe(format.format(n));
      expect(countIn(texts, n), String(n)).toEqual({ n, shown: format.format(n), plural: plural.select(n) });
    }
  });

  it('leave what is not a whole count to Intl', () => {
    for (const n of [-1, -1234, 1.5, 2500.25, 1e21]) {
      expect(formatCountIn(texts, n)).toBe(format.format(n));
      expect(countIn(texts, n).plural).toBe(plural.select(n));
    }
  });
});
