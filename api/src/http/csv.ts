import { Readable } from 'node:stream';
import type { Context } from 'koa';
import { sendDownload } from './download';

export type CsvCell = string | number | boolean | null | undefined;

/**
 * What a spreadsheet would run as a formula reaches it as text (OWASP's CSV injection advice): a
 * supporter's "=HYPERLINK(...)" name must reach the admin's spreadsheet as typed, not as a link.
 *
 * A cell starting with =, +, -, @ (spaces before it allowed), a tab or a carriage return gets a
 * leading apostrophe. That is not enough alone: a spreadsheet may split the file on another
 * separator than ours (Excel in a locale whose list separator is ';' opens a comma-separated file
 * on ';'), and a line break ends its record wherever our quotes were, so "Anna;=1+1" or a
 * letter's line "=1+1" would start a cell there. So every =, +, -, @ that follows a separator
 * (',' ';' tab) or a line break, spaces and quotes between allowed, gets the apostrophe too, and
 * any cell holding a separator is quoted. A phone number written "+1 217..." shows as '+1 217...
 * for the same reason; "Carter-Oakley" and "555-0142" are left alone.
 *
 * The apostrophe is an escape, not a loss: where one is put, any apostrophes already standing
 * there before the formula character get one more, so `unguardedCell` gives back exactly what was
 * stored. The packet's letters are checked that way against their SHA-256 (packet/integrity.ts).
 */
const FORMULA_START = /^'*(?:[=+\-@\t\r]| +[=+\-@])/;
const FORMULA_AFTER_SEPARATOR = /([,;\t\r\n][\s"]*)(?='*[=+\-@])/g;
const GUARDED_START = /^'(?='*(?:[=+\-@\t\r]| +[=+\-@]))/;
const GUARDED_AFTER_SEPARATOR = /([,;\t\r\n][\s"]*)'(?='*[=+\-@])/g;
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** A text cell as the file holds it (before quoting): the apostrophes above put in. */
export function guardedCell(text: string): string {
  const inside = text.replace(FORMULA_AFTER_SEPARATOR, "$1'");
  return FORMULA_START.test(inside) ? `'${inside}` : inside;
}

/** What was stored, from a text cell as read back from the file (unquoted): guardedCell undone. */
export function unguardedCell(cell: string): string {
  return cell.replace(GUARDED_START, '').replace(GUARDED_AFTER_SEPARATOR, '$1');
}

function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? guardedCell(value) : typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const CHUNK_ROWS = 100;

/** One RFC 4180 record, CRLF-terminated. */
/** One record, CRLF-ended (RFC 4180). */
export const csvLine = (cells: readonly CsvCell[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** What opens a file: the byte-order mark (Excel reads UTF-8 then), the notice line if any, the header row. */
export const csvTop = (header: readonly string[], notice?: string): string =>
  `\ufeff${notice === undefined ? '' : csvLine([notice, ...header.slice(1).map(() => null)])}${csvLine(header)}`;

/**
 * A CSV file as a stream: a byte-order mark and the header, then each batch as it is read, so
 * memory holds one batch however many rows there are. The stream is pulled as it is read (a slow
 * reader reads the database slowly); destroying it ends the generator. Without the byte-order mark
 * Excel reads UTF-8 names as Latin-1.
 *
 * A `notice` is a line of its own before the header row (what the file is for): its text in the
 * first cell and the rest of the record empty, so every record is as wide as the header and a
 * spreadsheet shows the notice across the top, the header row intact beneath it.
 */
export function csvStream(header: readonly string[], batches: AsyncIterable<CsvCell[][]>, notice?: string): Readable {
  return Readable.from(csvText(header, batches, notice), { objectMode: false });
}

/** csvStream's text, piece by piece: for a file whose header is known only once it has read something. */
export async function* csvText(header: readonly string[], batches: AsyncIterable<CsvCell[][]>, notice?: string): AsyncGenerator<string> {
  yield csvTop(header, notice);
  for await (const batch of batches) {
    // Chunks of about 16 KB: a chunk the size of a whole batch (over 128 KB) would be allocated
    // straight in V8's old generation and held until a full collection, so the process's memory
    // would saw up and down by a hundred megabytes during a large export.
    for (let i = 0; i < batch.length; i += CHUNK_ROWS) yield batch.slice(i, i + CHUNK_ROWS).map(csvLine).join('');
  }
}

/** Streams a CSV download (see csvStream); Koa destroys the stream when the client goes away. */
export function sendCsv(ctx: Context, filename: string, header: readonly string[], batches: AsyncIterable<CsvCell[][]>): void {
  sendDownload(ctx, csvStream(header, batches), 'text/csv; charset=utf-8', filename);
}
