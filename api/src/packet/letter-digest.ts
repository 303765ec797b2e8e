import { createHash } from 'node:crypto';

/**
 * A letter's SHA-256: lower-case hex of its text exactly as stored, in UTF-8. The packet prints it
 * (its integrity appendix) and its CSV carries it beside the letter, so a clerk can show that the
 * PDF, the HTML and the CSV hold the same letters, unaltered. A module of its own, below both the
 * CSV (render.ts) and the file's own digest (integrity.ts), so neither imports the other's importer.
 */
export function letterDigest(letterContent: string): string {
  return createHash('sha256').update(letterContent, 'utf8').digest('hex');
}
