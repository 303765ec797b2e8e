import type { Readable } from 'node:stream';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness';
import { addLetters } from '../../test/admin-fixtures';
import { packetColumns, parseCsv } from '../../test/csv';
import { packetLetters, pdfPages, words } from '../../test/pdf';
import { packetCsv, packetFilename, packetPdf, preparePacketPdf, type PacketScope } from './render';

const T0 = Date.UTC(2025, 0, 6, 17, 0);
const minutes = (m: number) => new Date(T0 + m * 60_000);

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describeEachDatabase('the packet renderers (what the mail worker attaches)', (t) => {
  it('marks the letters submitted after lateAfter as late, on their pages, on the cover and in the CSV; a letter at the deadline itself is on time', async () => {
    // Its times are shown in its own zone, New York's.
    const campaign = await t.campaign({ title: 'Deadline campaign', time_zone: 'America/New_York' });
    const letters = await addLetters(t, campaign, 6, (i) => ({
      supporter_name: `Writer at minute ${i}`,
      // The last one comes after `until`: not in this packet at all.
      created_at: minutes(i === 5 ? 30 : i),
    }));
    // 12:02 in New York: the letters of 17:03 and 17:04 UTC are late, the one of 17:02 is not.
    const scope: PacketScope = { campaignId: campaign.id, since: null, until: minutes(10).toISOString(), lateAfter: '2025-01-06T12:02:00-05:00' };

    const pdf = await bytesOf(packetPdf(t.db, scope, { lane: 'mail' }));
    const cover = words(pdfPages(pdf, true)[0]!);
    expect(cover).toContain('Comment deadline Jan 6, 2025, 12:02 PM EST; 2 letters came after it and are marked LATE');
    expect(cover).toContain('Last submission Jan 6, 2025, 12:04 PM EST');
    const late = 'LATE: submitted after the written-comment deadline, Jan 6, 2025, 12:02 PM EST';
    const entries = packetLetters(pdf);
    expect(entries.size).toBe(5);
    letters.slice(0, 5).forEach((letter, i) => {
      const entry = words(entries.get(i + 1)!);
      expect(entry).toContain(`Letter ${i + 1} of 5: ${letter.supporter_name}`);
      expect(entry).toContain(`Submitted Jan 6, 2025, 12:0${i} PM EST`);
      if (i >= 3) expect(entry).toContain(late);
      else expect(entry).not.toContain('LATE');
    });

    const records = parseCsv((await bytesOf(packetCsv(t.db, scope))).toString('utf8').replace(/^\ufeff/, ''));
    expect(packetColumns(records, 'Name', 'Submitted at', 'Late')).toEqual([
      ['Writer at minute 0', '2025-01-06T12:00:00-05:00', 'no'],
      ['Writer at minute 1', '2025-01-06T12:01:00-05:00', 'no'],
      ['Writer at minute 2', '2025-01-06T12:02:00-05:00', 'no'],
      ['Writer at minute 3', '2025-01-06T12:03:00-05:00', 'yes'],
      ['Writer at minute 4', '2025-01-06T12:04:00-05:00', 'yes'],
    ]);
  });

  it('prints every script a name or letter may be written in, right-to-left text in reading order, and a word wider than the page', async () => {
    const campaign = await t.campaign({ title: 'Ειδική συνέλευση: 公园 و حديقة' });
    const texts = {
      'Łukasz Wójcik-Nguyễn': 'Chúng tôi cần công viên. Zażółć gęślą jaźń.',
      'Ελένη Παπαδοπούλου': 'Το πάρκο είναι σημαντικό για τη γειτονιά μας.',
      'Дмитрий Иванов': 'Пожалуйста, сохраните парк для наших детей.',
      'محمد علي': 'أطلب منكم حماية الحديقة',
      'דוד כהן': 'אנא שמרו על הפארק',
      '山田さくら': '公園を守ってください。',
      '김민준': '공원을 지켜 주세요.',
      'Ada Lovelace': `See https://example.org/${'a'.repeat(300)} for the plan.`,
    };
    await addLetters(t, campaign, Object.keys(texts).length, (i) => {
      const [name, body] = Object.entries(texts)[i]!;
      return { supporter_name: name, letter_content: `${body}\n\n${name}`, created_at: minutes(i) };
    });
    const scope: PacketScope = { campaignId: campaign.id, since: null, until: minutes(60).toISOString(), lateAfter: null };
    const pdf = await bytesOf(packetPdf(t.db, scope, { lane: 'mail' }));
    const entries = packetLetters(pdf);
    Object.entries(texts).forEach(([name, body], i) => {
      const page = words(entries.get(i + 1)!);
      expect(page, name).toContain(name);
      if (name !== 'Ada Lovelace') expect(page, name).toContain(words(body));
    });
    // The long address is cut between characters onto as many lines as it needs, none lost.
    expect(entries.get(8)!.replace(/\s+/g, '')).toContain(`https://example.org/${'a'.repeat(300)}forthe plan.`.replace(/\s+/g, ''));
    // File names stay ASCII, which every browser and mail client keeps as it is.
    expect(packetFilename({ title: 'Café in São Paulo: Keep it!' }, 'pdf')).toBe('hearing-packet-cafe-in-sao-paulo-keep-it.pdf');
    expect(packetFilename(campaign, 'csv')).toBe('hearing-packet.csv');
  });

  it('draws no further ahead of a reader that has stopped than a megabyte, then finishes once read: memory stays flat', async () => {
    const campaign = await t.campaign({ title: 'A large packet' });
    const body = `Dear Council,\n\n${'Please protect the river corridor and the farmland along it. '.repeat(25)}\n\nSincerely`;
    await addLetters(t, campaign, 1_200, (i) => ({ letter_content: `${body}\nWriter ${i}`, created_at: minutes(i) }));
    const scope: PacketScope = { campaignId: campaign.id, since: null, until: minutes(2_000).toISOString(), lateAfter: null };
    const stream = (await preparePacketPdf(t.db, campaign, scope)).stream();
    // Nobody reads: the buffer fills to its mark and stays there (the whole file would be 2.6 MB).
    let buffered = -1;
    for (let i = 0; i < 60 && (stream.readableLength !== buffered || buffered === 0); i++) {
      buffered = stream.readableLength;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(buffered).toBeGreaterThan(1 << 18);
    expect(buffered).toBeLessThan(1 << 20);
    expect(stream.readableEnded).toBe(false);
    const reading = Date.now();
    const pdf = await bytesOf(stream);
    const readMs = Date.now() - reading;
    const marks = pdf.toString('latin1').match(/%dais-letter \d+ of 1200/g) ?? [];
    expect(marks).toHaveLength(1_200);
    expect(marks.at(-1)).toBe('%dais-letter 1200 of 1200');
    expect(packetLetters(pdf).size).toBe(1_200);
    // A smoke bound against a renderer gone quadratic, not a speed goal (the bench times 10,000):
    // the rest of 1,200 letters, once read, on two cores shared with the rest of the suite. It
    // times the reading alone; the wait above is the test's own polling. Alone: about 3 s.
    expect(readMs).toBeLessThan(15_000);
  });
});
