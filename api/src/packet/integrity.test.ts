/**
 * Issue 26 point 9, the CSV's side: each letter's SHA-256 beside it, recomputable from the CSV's own
 * Letter cell, and the CSV's bytes the same on every read of one scope, so the SHA-256 printed in
 * the PDF is the one of the CSV attached beside it.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { expect, it } from 'vitest';
import { addLetters } from '../../test/admin-fixtures';
import { packetColumns, parseCsv } from '../../test/csv';
import { describeEachDatabase } from '../../test/harness';
import type { LetterRow } from '../db/types';
import { unguardedCell } from '../http/csv';
import { packetAttachmentRenderers } from './attachments';
import { INTEGRITY_HOW_TO_CHECK, letterDigest, packetCsvDigest } from './integrity';
import { packetCsv, type PacketScope } from './render';

const T0 = Date.UTC(2025, 0, 6, 17, 0);
const minutes = (m: number) => new Date(T0 + m * 60_000);
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Texts a letter may hold that a CSV or a spreadsheet could change: each must come back exactly. */
const TEXTS = [
  'Dear Council,\n\nPlease keep Riverside Park open.\n\nSincerely,\nAda Lovelace',
  // A list, a phone number on its own line and an @-mention: the formula guard's apostrophes.
  'Dear Council,\n\n- the playground\n- the river path\n\nCall me: \n+1 217 555 0142\n@springfield_parks, thank you.',
  // Apostrophes the writer typed where the guard puts one, and one starting the text.
  "'=1+1 is not a formula\n''- nor this, 'quoted'; -5 degrees",
  // Windows line ends, a tab, quotes and a trailing newline, kept as stored.
  'Dear Council,\r\n\r\n\t"Keep it," we say; "please".\r\nAda\n',
  // Composed and decomposed accents are different bytes, and both are kept as sent.
  'Café, cafe\u0301, 公园, حديقة, 👩‍👧',
];

describeEachDatabase("the packet CSV's digests", (t) => {
  async function packetOf(contacts = true) {
    const campaign = await t.campaign({
      title: 'Digests campaign',
      agenda_item_number: '7B',
      position_options: 'support_oppose',
      position_labels: { support: 'Keep the park public', oppose: '  ' },
      packet_csv_contacts: contacts,
    });
    const letters = await addLetters(t, campaign, TEXTS.length, (i) => ({
      letter_content: TEXTS[i],
      created_at: minutes(i),
      personal: i % 2 === 0,
      position: (['support', 'oppose', null, 'support', null] as const)[i],
      district_name: ['Ward 1', 'Ward 2', null, 'Ward 1', null][i],
      district_source: (['geocoded', 'self_reported', null, 'geocoded', null] as const)[i],
      residency: (['resident', 'resident', 'non_resident', 'resident', 'pending'] as const)[i],
    }));
    const scope: PacketScope = { campaignId: campaign.id, since: null, until: minutes(60).toISOString(), lateAfter: null };
    return { campaign, letters, scope };
  }

  it("gives every letter's SHA-256 beside it: recomputed from the CSV's Letter cell it is the digest column's and the stored letter's", async () => {
    const { letters, scope } = await packetOf();
    const records = parseCsv((await bytesOf(packetCsv(t.db, scope))).toString('utf8').replace(/^\ufeff/, ''));
    const rows = packetColumns(records, 'Letter ID', 'Letter SHA-256', 'Letter');
    expect(rows).toHaveLength(letters.length);
    rows.forEach(([id, digest, cell], i) => {
      const stored = letters.find((l) => String(l.id) === id)!;
      expect(digest).toMatch(/^[0-9a-f]{64}$/);
      expect(digest).toBe(letterDigest(stored.letter_content));
      expect(digest).toBe(sha256(Buffer.from(stored.letter_content, 'utf8')));
      // The cell is the letter as stored, the formula guard's apostrophes aside (INTEGRITY_HOW_TO_CHECK).
      expect(sha256(unguardedCell(cell!)), `letter ${i + 1}`).toBe(digest);
    });
    // A letter nothing in it is guarded against is its cell byte for byte; a guarded one is not.
    const cellOf = (l: LetterRow) => rows.find(([id]) => id === String(l.id))![2];
    expect(cellOf(letters[0]!)).toBe(letters[0]!.letter_content);
    expect(cellOf(letters[1]!)).not.toBe(letters[1]!.letter_content);
    expect(INTEGRITY_HOW_TO_CHECK).toContain('sha256sum');
  });

  it("adds where each writer lives, the position in the organiser's words, and whether the letter is personal, in the PDF's order: personal first, then by district", async () => {
    const { letters, scope } = await packetOf();
    const records = parseCsv((await bytesOf(packetCsv(t.db, scope))).toString('utf8').replace(/^\ufeff/, ''));
    expect(packetColumns(records, 'Packet letter no.', 'Letter ID', 'District', 'Residency', 'Position', 'Personal')).toEqual([
      ['1', String(letters[0]!.id), 'Ward 1', 'resident', 'Keep the park public', 'yes'],
      ['2', String(letters[2]!.id), '', 'non-resident', '', 'yes'],
      ['3', String(letters[4]!.id), '', 'pending', '', 'yes'],
      ['4', String(letters[3]!.id), 'Ward 1', 'resident', 'Keep the park public', 'no'],
      ['5', String(letters[1]!.id), 'Ward 2 (self-reported)', 'resident', 'Oppose', 'no'],
    ]);
  });

  it("is the same bytes on every read of one scope, so the CSV's SHA-256 is stable: the download's, the mail attachment's and packetCsvDigest's", async () => {
    const { campaign, scope } = await packetOf();
    const first = await bytesOf(packetCsv(t.db, scope));
    const second = await bytesOf(packetCsv(t.db, scope));
    expect(second.equals(first)).toBe(true);
    const digest = await packetCsvDigest(t.db, scope);
    expect(digest).toBe(sha256(first));
    expect(await packetCsvDigest(t.db, scope)).toBe(digest);
    // What the mail worker attaches for the same window is the same file.
    const attached = await packetAttachmentRenderers['packet-csv']!(t.db, { kind: 'packet-csv', campaign_id: campaign.id, since: null, until: scope.until });
    expect(sha256(await bytesOf(attached.content))).toBe(digest);
    // Another letter in the window is another file.
    await addLetters(t, campaign, 1, () => ({ created_at: minutes(30) }));
    expect(await packetCsvDigest(t.db, scope)).not.toBe(digest);
  });

  it("leaves out each writer's e-mail, street address and phone where the organiser chose, and its first line says so", async () => {
    const { campaign, letters, scope } = await packetOf(false);
    await t.db.ds.getRepository(t.db.entities.Letter).update({ id: letters[0]!.id }, { phone_number: '217-555-0199' });
    const read = async () => parseCsv((await bytesOf(packetCsv(t.db, scope))).toString('utf8').replace(/^\ufeff/, ''));
    const [notice, header, ...rows] = await read();
    expect(notice![0]).toMatch(/^Not for publication: for the clerk's verification/);
    expect(notice![0]).toContain("The organisers left out each writer's e-mail address, street address and phone number");
    expect(header).not.toEqual(expect.arrayContaining(['Email']));
    expect(header).not.toContain('Address');
    expect(header).not.toContain('Phone');
    expect(header).toEqual(expect.arrayContaining(['Name', 'City', 'State', 'ZIP code', 'Letter SHA-256', 'Letter']));
    expect(new Set([notice, header, ...rows].map((r) => r!.length))).toEqual(new Set([header!.length]));
    const cells = rows.flat().join('\n');
    for (const l of letters) {
      expect(cells).not.toContain(l.supporter_email);
      expect(cells).not.toContain(l.street_address);
    }
    expect(cells).not.toContain('217-555-0199');
    // The digests still check.
    for (const [digest, cell] of packetColumns([notice!, header!, ...rows], 'Letter SHA-256', 'Letter')) expect(sha256(unguardedCell(cell!))).toBe(digest);
    // The mail worker's attachment follows the same choice.
    const attached = await packetAttachmentRenderers['packet-csv']!(t.db, { kind: 'packet-csv', campaign_id: campaign.id, since: null, until: scope.until });
    const mailed = parseCsv((await bytesOf(attached.content)).toString('utf8').replace(/^\ufeff/, ''));
    expect(mailed[1]).toEqual(header);
    // Turned back on, they are back.
    await t.db.ds.getRepository(t.db.entities.Campaign).update({ id: campaign.id }, { packet_csv_contacts: true });
    const [, withContacts] = await read();
    expect(withContacts).toEqual(expect.arrayContaining(['Email', 'Address', 'Phone']));
  });
});
