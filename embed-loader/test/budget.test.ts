import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';

/**
 * Issue 3's budget: embed.js is at most 2 KB gzipped (read as 2,048 bytes at zlib's default level,
 * as a server would send it). `npm test` builds first; this reads embed-loader/dist.
 * Its behaviour in a real browser is tested by e2e/.
 */
const BUDGET_BYTES = 2048;
const built = path.resolve(import.meta.dirname, '..', 'dist', 'embed.js');

describe('embed.js', () => {
  if (!fs.existsSync(built)) {
    it.fails('needs a build: run `npm run build -w embed-loader` (npm test builds first)', () => {});
    return;
  }
  const code = fs.readFileSync(built, 'utf8');

  it('is at most 2 KB gzipped', () => {
    expect(zlib.gzipSync(code).length).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it('is one minified classic script that loads nothing but widget.js', () => {
    // A classic script (document.currentScript is null in modules), wrapped so it leaks no globals.
    expect(code.startsWith('(function(){')).toBe(true);
    expect(code).not.toMatch(/\bimport\s*[({"'`]|\bimport\s+\w|\bexport\s|\brequire\(/);
    expect(code.trim().split('\n')).toHaveLength(1);
    expect(code).toContain('/widget.js');
    expect(code).toContain('[dais] ');
  });
});
