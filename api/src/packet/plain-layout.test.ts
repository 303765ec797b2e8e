import { createHash } from 'node:crypto';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { FONT_FILES } from './fonts';
import { formatTime } from './times';
import { isPlain, PLAIN_CHARACTERS, plainRun, SHAPED_PAIRS } from './plain-layout';

/** A run as pdfkit draws it: each glyph and where it goes. */
const drawn = (run: { glyphs: fontkit.Glyph[]; positions: { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number }[]; advanceWidth: number }) => ({
  glyphs: run.glyphs.map((g) => [g.id, ...g.codePoints]),
  positions: run.positions.map((p) => [p.xAdvance, p.yAdvance, p.xOffset, p.yOffset]),
  advanceWidth: run.advanceWidth,
});

describe.each(['sans', 'sans-bold'] as const)('numbers laid out without shaping in %s', (face) => {
  const font = fontkit.openSync(FONT_FILES[face]) as fontkit.Font;

  it('every pair of the plain characters is laid out as fontkit shapes it, but the shaped pairs, which fontkit does change', () => {
    for (const a of PLAIN_CHARACTERS) {
      for (const b of PLAIN_CHARACTERS) {
        const pair = a + b;
        const shaped = drawn(font.layout(pair));
        if ((SHAPED_PAIRS as readonly string[]).includes(pair)) {
          expect(isPlain(pair), pair).toBe(false);
          expect(drawn(plainRun(font, pair)), pair).not.toEqual(shaped);
        } else {
          expect(isPlain(pair), pair).toBe(true);
          expect(drawn(plainRun(font, pair)), pair).toEqual(shaped);
        }
      }
    }
  });

  it("the packet's numbers: digests, ids, counts and times, whole", () => {
    const samples: string[] = [];
    for (let i = 0; i < 300; i++) {
      samples.push(createHash('sha256').update(String(i)).digest('hex'), String(i * 7919), (i * 104_729).toLocaleString('en-US'));
      samples.push(...formatTime(new Date(Date.UTC(2026, i % 12, 1 + (i % 28), i % 24, i % 60)), 'UTC').split(' ').map((w) => `${w} `));
    }
    let plain = 0;
    for (const s of samples) {
      if (!isPlain(s)) continue;
      plain++;
      expect(drawn(plainRun(font, s)), s).toEqual(drawn(font.layout(s)));
    }
    // Most digests ('ff' in some are shaped), and every id, count, day, year and clock time.
    expect(plain).toBeGreaterThan(samples.length * 0.6);
  });

  it('leaves words, and anything outside the plain characters, to fontkit', () => {
    for (const s of ['Letter ', 'PM ', 'Nov ', 'coffee', '1,5 €', '٣٤', 'off.', 'ff']) expect(isPlain(s), s).toBe(false);
  });
});
