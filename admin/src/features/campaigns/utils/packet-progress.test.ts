import { describe, expect, it } from 'vitest';
import { filenameOf, offsetText, percentOf, progressCounter, sinceFromLocal } from './packet-progress';

const bytes = (s: string) => new TextEncoder().encode(s);
/** Text with Latin-1 bytes, as a PDF has (binary streams between the marks). */
const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

describe('reading a packet download as it arrives', () => {
  it('counts the PDF letters by their marks, also when a mark is cut between two chunks', () => {
    const pdf = `%PDF-1.3\n%\xff\xff\xff\xff\n1 0 obj\n<<>>\nstream\n\x80\x9f\xe9binary\nendstream\n%dais-letter 1 of 3\n2 0 obj\n%dais-letter 2 of 3\n3 0 obj\n%dais-letter 3 of 3\nxref\n%%EOF\n`;
    for (const size of [1, 2, 3, 7, 13, 64, pdf.length]) {
      const counter = progressCounter('pdf');
      const seen: number[] = [];
      for (let i = 0; i < pdf.length; i += size) seen.push(counter.push(latin1(pdf.slice(i, i + size))));
      expect(seen.at(-1), `chunks of ${size}`).toBe(3);
      // Never backwards.
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
    }
    // Never ahead of the bytes: a letter counts once its whole mark has arrived.
    const markEnd = pdf.indexOf('%dais-letter 1 of 3') + '%dais-letter 1 of 3'.length;
    const counter = progressCounter('pdf');
    expect(counter.push(latin1(pdf.slice(0, markEnd - 6)))).toBe(0);
    expect(counter.push(latin1(pdf.slice(markEnd - 6, markEnd)))).toBe(1);
  });

  it('counts CSV records after the notice and the header, a letter with line breaks and quotes being one record', () => {
    const csv = '\ufeff"Not for publication: for the clerk, only",\r\nName,Letter\r\nAda,"Dear Council,\r\n\r\nsay ""no"".\r\n"\r\nGrace,Short\r\n';
    for (const size of [1, 5, csv.length]) {
      const counter = progressCounter('csv');
      let done = 0;
      const all = bytes(csv);
      for (let i = 0; i < all.length; i += size) done = counter.push(all.slice(i, i + size));
      expect(done, `chunks of ${size}`).toBe(2);
    }
  });

  it('turns the date and time the admin picked into the instant with their UTC offset', () => {
    const at = sinceFromLocal('2026-03-01T17:05')!;
    expect(at).toMatch(/^2026-03-01T17:05:00(Z|[+-]\d{2}:\d{2})$/);
    // The same instant as the browser reads the local time.
    expect(new Date(at).getTime()).toBe(new Date(2026, 2, 1, 17, 5).getTime());
    expect(sinceFromLocal('2026-03-01T17:05:30')).toMatch(/^2026-03-01T17:05:30/);
    expect(sinceFromLocal('')).toBeNull();
    // Typed on a campaign's page: in the campaign's zone, whatever the browser's.
    expect(sinceFromLocal('2026-03-01T17:05', 'America/Chicago')).toBe('2026-03-01T17:05:00-06:00');
    expect(sinceFromLocal('2026-07-01T17:05', 'America/Chicago')).toBe('2026-07-01T17:05:00-05:00');
    expect(sinceFromLocal('2026-03-08T02:30', 'America/Chicago')).toBeNull();
    expect(sinceFromLocal('yesterday', 'America/Chicago')).toBeNull();
    expect(sinceFromLocal('yesterday')).toBeNull();
    expect([offsetText(0), offsetText(-480), offsetText(330), offsetText(-210)]).toEqual(['Z', '-08:00', '+05:30', '-03:30']);
  });

  it('names the file as the server did and shows a share', () => {
    expect(filenameOf('attachment; filename="hearing-packet-park.pdf"', 'x.pdf')).toBe('hearing-packet-park.pdf');
    expect(filenameOf(null, 'hearing-packet.csv')).toBe('hearing-packet.csv');
    expect([percentOf(0, 10), percentOf(5, 10), percentOf(12, 10), percentOf(0, 0), percentOf(3, null)]).toEqual([0, 50, 100, 100, null]);
  });
});
