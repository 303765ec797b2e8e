/**
 * What lets anyone check a hearing packet (issue 26 point 9): each letter's SHA-256 and the CSV's,
 * with the sentence that says how. The PDF and HTML print them in their integrity appendix; the
 * CSV carries each letter's beside it (render.ts).
 */
import { createHash } from 'node:crypto';
import type { Database } from '../db/data-source';
import { packetCsv, type PacketScope } from './render';

// Defined below render.ts, which puts it in the CSV; the appendix takes everything from here.
export { letterDigest } from './letter-digest';

/**
 * The SHA-256 (lower-case hex) of the packet CSV's bytes exactly as packetCsv streams them for this
 * scope: byte-order mark, notice and header included. The CSV is the same bytes on every read of
 * the same letters (ordered by created_at then id, times at the scope's offset, the campaign's
 * choices as they stand), so the digest printed in the PDF is the digest of the CSV attached
 * beside it. Read through once, never held whole.
 */
export async function packetCsvDigest(db: Database, scope: PacketScope): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of packetCsv(db, scope)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * How a reader checks the digests, for the appendix. The CSV's formula guard (http/csv.ts) is the
 * one way a Letter cell can differ from the text as stored, so the sentence says how to undo it.
 */
export const INTEGRITY_HOW_TO_CHECK =
  "Each letter's SHA-256 is computed from its text exactly as stored, in UTF-8; the packet's CSV gives it in its Letter SHA-256 column, " +
  'beside the letter in full. To check a letter, copy its text from the CSV\'s Letter column into a file saved as UTF-8, adding nothing ' +
  '(not even a line break at the end), and run `sha256sum` on the file. Where the CSV put an apostrophe before an =, +, - or @ at the ' +
  'start of the text or of a line, or after a comma, semicolon or tab, so that no spreadsheet runs it as a formula, take that one ' +
  'apostrophe out first. To check the CSV itself, run `sha256sum` on the file as it was received: the result is its SHA-256 given here.';
