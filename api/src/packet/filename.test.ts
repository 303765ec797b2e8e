/** The packet's file name: what a clerk's download folder shows, from any title an organiser typed. */
import { describe, expect, it } from 'vitest';
import { packetFilename } from './render';

describe('the packet file name', () => {
  it('is the title in lower case, letters and digits joined by single hyphens, accents dropped', () => {
    expect(packetFilename({ title: 'Protect Riverside Park from Rezoning' }, 'pdf')).toBe('hearing-packet-protect-riverside-park-from-rezoning.pdf');
    expect(packetFilename({ title: 'Café Zoning — 2026!' }, 'csv')).toBe('hearing-packet-cafe-zoning-2026.csv');
  });

  it('never starts or ends the slug with hyphens, however many the title has', () => {
    expect(packetFilename({ title: '--- Save the Park!!! ---' }, 'pdf')).toBe('hearing-packet-save-the-park.pdf');
    expect(packetFilename({ title: '"Elm Avenue"...' }, 'pdf')).toBe('hearing-packet-elm-avenue.pdf');
  });

  it('keeps sixty characters of slug, without a hyphen left dangling at the cut', () => {
    // Sixty characters end just after the hyphen that stands for the spaces.
    const title = `${'a'.repeat(59)}  --  more words`;
    expect(packetFilename({ title }, 'pdf')).toBe(`hearing-packet-${'a'.repeat(59)}.pdf`);
    expect(packetFilename({ title: `${'b'.repeat(70)}` }, 'pdf')).toBe(`hearing-packet-${'b'.repeat(60)}.pdf`);
  });

  it('is plain for a title with nothing to keep', () => {
    expect(packetFilename({ title: '¿¡ — !?' }, 'pdf')).toBe('hearing-packet.pdf');
    expect(packetFilename({ title: '公園を守ろう' }, 'csv')).toBe('hearing-packet.csv');
  });
});
