import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../languages';
import { CATALOGUES, countIn, fill } from './index';

/** Every key of a catalogue, nested keys as paths ('delivery.packetBy'), with its value. */
function entries(value: unknown, prefix = ''): [string, unknown][] {
  if (typeof value !== 'object' || value === null) return [[prefix, value]];
  return Object.entries(value).flatMap(([k, v]) => entries(v, prefix ? `${prefix}.${k}` : k));
}

const english = new Map(entries(CATALOGUES.en));

describe('the supporter-facing catalogues', () => {
  for (const language of LANGUAGES) {
    const own = new Map(entries(CATALOGUES[language]));

    it(`${language} has every key English has, and no other`, () => {
      expect([...own.keys()].filter((k) => !english.has(k))).toEqual([]);
      expect([...english.keys()].filter((k) => !own.has(k))).toEqual([]);
    });

    it(`${language} gives each key the same kind of value, a text for a text and a function of as many values for a function`, () => {
      for (const [key, en] of english) {
        const value = own.get(key);
        expect(typeof value, key).toBe(typeof en);
        if (typeof en === 'function') expect((value as (...a: unknown[]) => unknown).length, key).toBe(en.length);
        if (typeof value === 'string') expect(value.trim(), key).not.toBe('');
      }
    });

    it(`${language}'s templates for the confirmation page's script use the placeholders English uses`, () => {
      const placeholders = (t: unknown) => [...String(t).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      for (const [key, en] of english) {
        if (key.startsWith('confirm.script.')) expect(placeholders(own.get(key)), key).toEqual(placeholders(en));
      }
    });
  }

  it('has Spanish of its own for every text, not English left in place', () => {
    const spanish = new Map(entries(CATALOGUES.es));
    const untranslated = [...english].filter(([key, en]) => typeof en === 'string' && en.length > 3 && spanish.get(key) === en);
    expect(untranslated.map(([k]) => k)).toEqual([]);
    // The texts with something in them too: said with the same values, the Spanish differs.
    const sample = ['Riverside Park', 'a@example.org', '5', '2,500'];
    for (const [key, en] of english) {
      if (typeof en !== 'function' || key === 'mail.body' || key === 'mail.what' || key.endsWith('signatures') || key === 'supporters') continue;
      const es = spanish.get(key) as (...a: unknown[]) => string;
      const args = sample.slice(0, en.length);
      expect(es(...args), key).not.toBe((en as (...a: unknown[]) => string)(...args));
    }
  });

  it('agrees a count with its plural as each language does (Intl.PluralRules)', () => {
    expect(CATALOGUES.en.supporters(countIn(CATALOGUES.en, 1))).toBe('supporter');
    expect(CATALOGUES.en.supporters(countIn(CATALOGUES.en, 0))).toBe('supporters');
    expect(CATALOGUES.es.card.signatures(countIn(CATALOGUES.es, 1))).toBe('1 firma');
    expect(CATALOGUES.es.card.signatures(countIn(CATALOGUES.es, 2500))).toBe('2,500 firmas');
    expect(CATALOGUES.es.supporters(countIn(CATALOGUES.es, 0))).toBe('firmas de apoyo');
  });

  it("contracts 'a el' to 'al' in Spanish, as the language always does", () => {
    expect(CATALOGUES.es.writeTo(null)).toBe('Escribir al organismo que decide');
    expect(CATALOGUES.es.writeTo('el Concejo Municipal de Springfield')).toBe('Escribir al Concejo Municipal de Springfield');
    expect(CATALOGUES.es.writeTo('Springfield City Council')).toBe('Escribir a Springfield City Council');
  });

  it('fills a template for the page script, leaving unknown placeholders visible', () => {
    expect(fill(CATALOGUES.es.confirm.script.yourLetters, { n: '3' })).toBe('sus 3 cartas');
    expect(fill('{a} {b}', { a: 'x' })).toBe('x {b}');
  });
});
