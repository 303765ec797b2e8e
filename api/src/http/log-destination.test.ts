import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { turnWriter } from './log-destination';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('turnWriter', () => {
  it('writes the lines of one turn together when the turn ends, and flushSync writes them at once', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dais-log-')), 'out.log');
    const fd = fs.openSync(file, 'w');
    try {
      const out = turnWriter(fd);
      out.write('one\n');
      out.write('two\n');
      expect(fs.readFileSync(file, 'utf8')).toBe('');
      await nextTurn();
      expect(fs.readFileSync(file, 'utf8')).toBe('one\ntwo\n');
      out.write('three\n');
      out.flushSync();
      expect(fs.readFileSync(file, 'utf8')).toBe('one\ntwo\nthree\n');
      // Past 64 KiB waiting, a turn's lines go out without waiting for its end.
      const long = `${'x'.repeat(1023)}\n`;
      for (let i = 0; i < 64; i++) out.write(long);
      expect(fs.statSync(file).size).toBe('one\ntwo\nthree\n'.length + 64 * 1024);
    } finally {
      fs.closeSync(fd);
    }
  });

  it('stops writing, and says so once on stderr, when the other end is gone', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dais-log-')), 'out.log');
    fs.writeFileSync(file, '');
    // Read-only: every write fails, as one to a pipe nobody reads any more does (EPIPE).
    const fd = fs.openSync(file, 'r');
    const stderr: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string) => stderr.push(chunk) > 0) as typeof process.stderr.write;
    try {
      const out = turnWriter(fd);
      out.write('lost\n');
      out.flushSync();
      out.write('lost too\n');
      out.flushSync();
    } finally {
      process.stderr.write = write;
      fs.closeSync(fd);
    }
    expect(stderr).toEqual([expect.stringMatching(/^\[dais\] log lines are no longer written: stdout failed/)]);
  });
});
