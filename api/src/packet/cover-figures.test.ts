/**
 * What a council reads first (issue 26 points 1 to 3 and 9): the cover's counts by position,
 * residency and district, how they were made (what quarantine left out, and why), the personal
 * letters' own words quoted first, the letters in the packet's order, and an appendix whose
 * digests are the CSV's. Read back with poppler, on both databases.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { expect, it } from 'vitest';
import { addLetters, addSupporters } from '../../test/admin-fixtures';
import { packetColumns, parseCsv } from '../../test/csv';
import { describeEachDatabase } from '../../test/harness';
import { packetLetters, pdfPages, words } from '../../test/pdf';
import type { LetterRow } from '../db/types';
import { packetCsv, packetPdf, type PacketScope } from './render';

const T0 = Date.UTC(2026, 2, 2, 18, 0);
const minutes = (m: number) => new Date(T0 + m * 60_000);

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const place = (district: string | null, residency: LetterRow['residency']): Partial<LetterRow> => ({
  district_name: district,
  district_id: null,
  district_source: district ? 'geocoded' : null,
  residency,
});

describeEachDatabase("the packet's cover, quotes, order and appendix", (t) => {
  async function packet() {
    const campaign = await t.campaign({
      title: 'Safe Streets for Lincoln Elementary',
      time_zone: 'America/Chicago',
      position_options: 'support_oppose',
      position_labels: { support: 'Build the crosswalk', oppose: '' },
    });
    const own = 'My son crosses Oak Avenue every morning, and twice this fall a driver has not stopped for him at the crossing.';
    const specs: Partial<LetterRow>[] = [
      { supporter_name: 'Tom Form', position: 'support', ...place('Ward 10', 'resident'), own_words: '' },
      { supporter_name: 'Ana María Núñez', position: 'support', ...place('Ward 2', 'resident'), personal: true, own_words: own, letter_content: `Dear Council,\n\n${own}\n\nSincerely,\nAna María Núñez` },
      { supporter_name: 'Oscar Outside', position: 'oppose', ...place(null, 'non_resident'), own_words: 'Traffic is fine as it is.' },
      { supporter_name: 'Wendy Ward', position: 'support', ...place('Ward 2', 'resident'), own_words: '' },
      { supporter_name: 'Una Placed', position: 'support', ...place(null, 'unknown'), own_words: '' },
    ];
    const letters = await addLetters(t, campaign, specs.length, (i) => ({ created_at: minutes(i), ...specs[i] }));
    // A flood the organisers held: two letters and a signature, out of every figure.
    const quarantine = await t.db.ds.getRepository(t.db.entities.Quarantine).save({
      campaign_id: campaign.id, starts_at: minutes(10), ends_at: minutes(12), network: '203.0.113.0/24', email_domain: null,
      reason: 'Forty letters in two minutes from one network', signatures: 1, letters: 2, created_by: 'admin@example.org',
    });
    await addLetters(t, campaign, 2, (i) => ({ created_at: minutes(10 + i), quarantine_id: quarantine.id, supporter_name: `Flood ${i}` }));
    await addSupporters(t, campaign, 2, (i) => ({ created_at: minutes(11), quarantine_id: i === 0 ? quarantine.id : null }));
    const scope: PacketScope = { campaignId: campaign.id, since: null, until: minutes(60).toISOString(), lateAfter: null };
    return { campaign, letters, scope, pdf: await bytesOf(packetPdf(t.db, scope, { lane: 'mail' })) };
  }

  it('counts by position, residency and district, and says how: confirmation, what quarantine left out and why, repeats', async () => {
    const { pdf } = await packet();
    const cover = words(pdfPages(pdf, true)[0]!);
    // Letters, signatures and personal letters in the window, quarantined ones left out.
    expect(words(pdfPages(pdf, true)[0]!.match(/^\s*\d+\s+\d+\s+\d+\s*$/m)![0])).toBe('5 1 1');
    expect(cover).toContain('Left out: 2 letters and 1 signature that the organisers held in quarantine as a suspected flood, for this reason: "Forty letters in two minutes from one network" (2 letters and 1 signature). They are in none of these figures.');
    expect(cover).toContain('each of the 5 letters came from a different address');
    expect(cover).toContain('Letters by position Position Letters Share Build the crosswalk 4 80% Oppose 1 20%');
    expect(cover).toContain('Letters by residency Residency Letters Share Residents (address inside a district) 3 60% Outside every district 1 20% Address could not be placed 1 20%');
    // 'Ward 2' before 'Ward 10', those placed in none last.
    expect(cover).toContain('Letters by district District Letters Share Ward 2 2 40% Ward 10 1 20% No district 2 40%');
  });

  it("quotes the personal letters' own words first, then prints every letter personal first and by district, the suggested text named by its points", async () => {
    const { letters, pdf } = await packet();
    const text = words(pdfPages(pdf).join('\n'));
    expect(text).toContain('In their own words My son crosses Oak Avenue every morning, and twice this fall a driver has not stopped for him at the crossing. — Ana N., Ward 2 · Build the crosswalk · letter 1');
    const entries = [...packetLetters(pdf).values()].map(words);
    expect(entries.map((e) => /^Letter \d of 5: (.+?) Springfield/.exec(e)![1])).toEqual(['Ana María Núñez', 'Wendy Ward', 'Tom Form', 'Oscar Outside', 'Una Placed']);
    // In full: the personal letter; the writer's own words only: one with a few; a sentence: one with none.
    expect(entries[0]).toContain('Dear Council, My son crosses Oak Avenue');
    expect(entries[3]).toContain("Otherwise the text Dais suggested. The writer's own words: Traffic is fine as it is.");
    expect(entries[3]).not.toContain('Dear Council');
    expect(entries[1]).toContain("No words of the writer's own: the text Dais suggested");
    expect(entries[1]).toContain('Springfield, IL · Ward 2 · Build the crosswalk');
    void letters;
  });

  it("lists each letter's id and SHA-256 in an appendix that matches the CSV, and prints the CSV's own SHA-256", async () => {
    const { scope, pdf } = await packet();
    const csv = await bytesOf(packetCsv(t.db, scope));
    // Read with its columns kept in place: a row of the appendix is one line.
    const text = words(pdfPages(pdf, true).join('\n'));
    expect(text).toContain(`SHA-256 of this packet's CSV: ${createHash('sha256').update(csv).digest('hex')}`);
    const rows = packetColumns(parseCsv(csv.toString('utf8').replace(/^\ufeff/, '')), 'Packet letter no.', 'Letter ID', 'Letter SHA-256');
    expect(rows).toHaveLength(5);
    for (const [n, id, digest] of rows) expect(text).toMatch(new RegExp(`\\b${n} ${id} \\w{3} \\d+, 2026, \\d+:\\d\\d [AP]M CST ${digest}\\b`));
  });
});
