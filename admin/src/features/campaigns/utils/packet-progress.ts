/**
 * Progress of a hearing packet download, read from the bytes as they arrive: the PDF carries a
 * comment after each letter ("%dais-letter 17 of 10000", PACKET_PROGRESS_MARK), the CSV one record
 * per letter after its notice and header. Pure functions over chunks, so they are tested without a browser.
 */
import { instantFromWallTime, PACKET_CSV_RECORDS_BEFORE_LETTERS, PACKET_PROGRESS_MARK } from '@dais/api/contract';

export type PacketKind = 'pdf' | 'csv';

export interface ProgressCounter {
  /** Reads one chunk; returns the letters done so far. */
  push(chunk: Uint8Array): number;
}

const MARK = new RegExp(`${PACKET_PROGRESS_MARK} (\\d+) of \\d+`, 'g');
/** Bytes kept from the end of a chunk so a mark cut in two between chunks is still read. */
const TAIL = PACKET_PROGRESS_MARK.length + 24;

/** The PDF's progress marks. PDF bytes are read as Latin-1: one character per byte, the marks are ASCII. */
function pdfCounter(): ProgressCounter {
  const decoder = new TextDecoder('latin1');
  let carry = '';
  let done = 0;
  return {
    push(chunk) {
      const text = carry + decoder.decode(chunk, { stream: true });
      let end = 0;
      for (const m of text.matchAll(MARK)) {
        done = Math.max(done, Number(m[1]));
        end = m.index + m[0].length;
      }
      carry = text.slice(Math.max(end, text.length - TAIL));
      return done;
    },
  };
}

/** CSV records after the notice and the header: line feeds outside quoted fields (a letter spans lines). */
function csvCounter(): ProgressCounter {
  let quoted = false;
  let lines = 0;
  return {
    push(chunk) {
      for (const byte of chunk) {
        if (byte === 0x22) quoted = !quoted;
        else if (byte === 0x0a && !quoted) lines++;
      }
      return Math.max(0, lines - PACKET_CSV_RECORDS_BEFORE_LETTERS);
    },
  };
}

export const progressCounter = (kind: PacketKind): ProgressCounter => (kind === 'pdf' ? pdfCounter() : csvCounter());

/**
 * A datetime-local value ('2026-03-01T17:00') as the instant it means in `timeZone` (the screen's),
 * or where the admin is without one, with that place's UTC offset on that date:
 * '2026-03-01T17:00:00-08:00'. Null for an empty or unreadable value, or a time the clocks skip there.
 */
export function sinceFromLocal(value: string, timeZone?: string): string | null {
  if (timeZone) {
    const wall = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(?::00)?$/.exec(value.trim());
    const at = wall ? instantFromWallTime(wall[1]!, timeZone) : null;
    return at?.ok ? at.iso : null;
  }
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s = '00'] = m;
  const local = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (Number.isNaN(local.getTime())) return null;
  return `${y}-${mo}-${d}T${h}:${mi}:${s}${offsetText(-local.getTimezoneOffset())}`;
}

/** '+05:30', '-08:00', 'Z'. */
export function offsetText(minutesEast: number): string {
  if (minutesEast === 0) return 'Z';
  const abs = Math.abs(minutesEast);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${minutesEast < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The file name a Content-Disposition header gives, else `fallback`. */
export function filenameOf(contentDisposition: string | null, fallback: string): string {
  const m = /filename="([^"]+)"/.exec(contentDisposition ?? '');
  return m?.[1] ?? fallback;
}

/** 0..100 for the bar; null while the total is unknown. */
export function percentOf(done: number, total: number | null): number | null {
  if (total === null) return null;
  if (total === 0) return 100;
  return Math.min(100, Math.round((done / total) * 100));
}
