/**
 * Issue 26 point 7: the packet as one HTML page says what the PDF says, marked up (headings in
 * order, tables, each letter's language), every letter in full, nothing anyone typed turned into
 * markup, no writer's e-mail, street or phone anywhere, and the same SHA-256 digests as the CSV.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { expect, it } from 'vitest';
import { addLetters } from '../../test/admin-fixtures';
import { packetColumns, parseCsv } from '../../test/csv';
import { describeEachDatabase, type TestServer } from '../../test/harness';
import type { CampaignRow, LetterRow } from '../db/types';
import { preparePacketHtml } from './html';
import { PACKET_HTML_CSS } from './html-style';
import { letterDigest } from './letter-digest';
import { packetCsv, type PacketScope } from './render';
import { HEADINGS, INTEGRITY_HOW_TO_CHECK } from './words';

const T0 = Date.UTC(2025, 0, 6, 17, 0);
const minutes = (m: number) => new Date(T0 + m * 60_000);
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

async function chunksOf(stream: Readable): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return chunks;
}

/** Every match of a pattern's first group, in order. */
const all = (html: string, re: RegExp) => [...html.matchAll(re)].map((m) => m[1]!);

const WRITERS = [
  { supporter_name: 'Ada Lovelace', supporter_email: 'ada.l@example.org', street_address: '12 Elm Street', phone_number: '+1 (217) 555-0142', zip_code: '62704' },
  // A name that is markup, and quotes that would close an attribute.
  { supporter_name: 'Bobby <script>alert("x")</script> O\'Hara', supporter_email: 'bobby@example.org', street_address: '48 Birch Avenue', phone_number: '217 555 0177', zip_code: '62565' },
  { supporter_name: 'Grace Hopper', supporter_email: 'grace.h@example.org', street_address: '3 Oak Court', phone_number: null, zip_code: '62711' },
];

function textOf(i: number): string {
  const w = WRITERS[i]!;
  if (i === 0) {
    // Contact details typed into the letter itself, and a line break inside a paragraph.
    return `Dear Council,\n\nPlease keep Riverside Park open.\nWrite to me at ${w.supporter_email} or call ${w.phone_number}; I live at ${w.street_address}.\n\nSincerely,\n${w.supporter_name}`;
  }
  if (i === 1) return `Dear Council,\n\n<script>alert("the park")</script> & <b>bold</b> 'quoted' "twice".\n\nSincerely,\n${w.supporter_name}`;
  return `Dear Council,\n\nThe river path matters to my family, marker ${i}.\n\nSincerely,\n${w.supporter_name}`;
}

async function packetOf(t: TestServer, fields: Partial<CampaignRow> = {}, each: (i: number) => Partial<LetterRow> = () => ({})) {
  const campaign = await t.campaign({ title: 'Save <Riverside> "Park"', time_zone: 'America/Chicago', decision_body: 'Springfield & Shelbyville Council', ...fields });
  const points = t.db.ds.getRepository(t.db.entities.MessagePoint);
  const parks = await points.save({ category: 'Parks', talking_points: 'Keep the park open to everyone.', campaign_id: campaign.id });
  const letters = await addLetters(t, campaign, WRITERS.length, (i) => ({
    ...WRITERS[i],
    letter_content: textOf(i),
    created_at: minutes(i * 10),
    message_point_ids: i === 2 ? [] : [parks.id],
    personal: i === 0,
    ...each(i),
  }));
  // The third letter comes after the deadline.
  const scope: PacketScope = { campaignId: campaign.id, since: null, until: minutes(60).toISOString(), lateAfter: '2025-01-06T11:15:00-06:00' };
  const fresh = (await t.db.ds.getRepository(t.db.entities.Campaign).findOneBy({ id: campaign.id }))!;
  const prepared = await preparePacketHtml(t.db, fresh, scope);
  const chunks = await chunksOf(prepared.stream());
  return { campaign, letters, scope, summary: prepared.summary, chunks, html: Buffer.concat(chunks).toString('utf8') };
}

describeEachDatabase('the hearing packet as HTML', (t) => {
  it('is one page with its own style and nothing else: headings in order, a section per letter, written a piece at a time', async () => {
    const { html, chunks, letters } = await packetOf(t);
    expect(html.startsWith('<!doctype html>\n<html lang="en-US">\n<head>\n<meta charset="utf-8">')).toBe(true);
    expect(all(html, /<title>([^<]*)<\/title>/g)).toEqual(['Public comment letters: Save &lt;Riverside&gt; &quot;Park&quot;']);
    expect(all(html, /<style>([\s\S]*?)<\/style>/g)).toEqual([PACKET_HTML_CSS]);
    // No script, nothing loaded from anywhere: no src, no link element, no link out of the page.
    expect(html).not.toMatch(/<script|<link|<img|<iframe|\ssrc=|\son\w+=/i);
    expect(all(html, /href="([^"]*)"/g).every((h) => /^#letter-\d+$/.test(h))).toBe(true);
    expect(chunks.length).toBeGreaterThan(letters.length);

    expect(all(html, /<h1 lang="en">([^<]*)<\/h1>/g)).toEqual(['Save &lt;Riverside&gt; &quot;Park&quot;']);
    expect(all(html, /<h2>([^<]*)<\/h2>/g)).toEqual([HEADINGS.counting, 'Letters by city', HEADINGS.voices, HEADINGS.points, HEADINGS.letters, HEADINGS.integrity]);
    const h3s = all(html, /<h3 id="letter-\d+-heading">([^<]*)<\/h3>/g);
    expect(h3s).toEqual(['Letter 1 of 3: Ada Lovelace', 'Letter 2 of 3: Bobby &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#39;Hara', 'Letter 3 of 3: Grace Hopper']);
    // Each letter an article named by its heading.
    expect(all(html, /<article id="(letter-\d+)" aria-labelledby="letter-\d+-heading">/g)).toEqual(['letter-1', 'letter-2', 'letter-3']);
    // The tables' headers say what they head.
    expect(html).toContain('<tr><th scope="row">Decision body</th><td>Springfield &amp; Shelbyville Council</td></tr>');
    expect(html).toContain('<thead><tr><th scope="col">City</th><th scope="col" class="number">Letters</th><th scope="col" class="number">Share</th></tr></thead>');
    expect(html).toContain('<tr><th scope="row">Springfield, IL</th><td class="number">3</td><td class="number">100%</td></tr>');
    expect(html).toContain('<tr><th scope="row">1</th><td lang="en">Parks: Keep the park open to everyone.</td><td class="number">2</td><td class="number">67%</td></tr>');
    // The figures, and the late letter marked in words, times in the campaign's zone.
    expect(html).toContain('<li><strong>3</strong> letters in this packet</li>');
    expect(html).toContain('<p class="late">LATE: submitted after the written-comment deadline, Jan 6, 2025, 11:15 AM CST</p>');
    expect(html.match(/class="late"/g)).toHaveLength(1);
    expect(html).toContain('Submitted Jan 6, 2025, 11:20 AM CST · Letter ID');
  });

  it("prints every letter's text in full, in paragraphs, in the campaign's language", async () => {
    const { html } = await packetOf(t, { language: 'es', title: 'Salvemos el parque' });
    expect(all(html, /<h1 lang="([^"]*)">/g)).toEqual(['es']);
    expect(all(html, /<div class="letter" lang="([^"]*)">/g)).toEqual(['es', 'es', 'es']);
    // Not personal, so the PDF abridges it; here it is whole.
    expect(html).toContain('<p>The river path matters to my family, marker 2.</p>');
    // A line break inside a paragraph stays one.
    expect(html).toMatch(/<p>Please keep Riverside Park open\.<br>Write to me at /);
  });

  it('turns nothing anyone typed into markup: names and letters come out as text', async () => {
    const { html } = await packetOf(t);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>bold</b>');
    expect(html).toContain('<p>&lt;script&gt;alert(&quot;the park&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt; &#39;quoted&#39; &quot;twice&quot;.</p>');
    expect(html).not.toMatch(/O'Hara|"x"/);
  });

  it("never shows a writer's e-mail, street or phone, not even typed into the letter", async () => {
    const { html } = await packetOf(t);
    for (const w of WRITERS) {
      expect(html).not.toContain(w.supporter_email);
      expect(html).not.toContain(w.street_address);
      if (w.phone_number) {
        expect(html).not.toContain(w.phone_number);
        expect(html).not.toContain(w.phone_number.replace(/\D/g, '').slice(-7, -4) + '-' + w.phone_number.replace(/\D/g, '').slice(-4));
      }
    }
    expect(html).not.toMatch(/@example\.org/);
    expect(html).toContain('Write to me at [removed] or call [removed]; I live at [removed].');
  });

  it("gives each letter's SHA-256 as the CSV does for the same letter id, and the CSV's own SHA-256", async () => {
    const { html, letters, scope } = await packetOf(t);
    const csvBytes = Buffer.concat(await chunksOf(packetCsv(t.db, scope)));
    expect(all(html, /<code id="csv-sha256">([0-9a-f]{64})<\/code>/g)).toEqual([sha256(csvBytes)]);
    expect(html).toContain(`<p>${INTEGRITY_HOW_TO_CHECK.replace(/'/g, '&#39;')}</p>`);

    const printed = new Map(
      [...html.matchAll(/<tr><th scope="row"><a href="#letter-(\d+)">\d+<\/a><\/th><td>(\d+)<\/td><td>[^<]+<\/td><td><code>([0-9a-f]{64})<\/code><\/td><\/tr>/g)].map((m) => [m[2]!, { n: m[1]!, digest: m[3]! }]),
    );
    expect(printed.size).toBe(letters.length);
    const csv = packetColumns(parseCsv(csvBytes.toString('utf8').replace(/^\ufeff/, '')), 'Letter ID', 'Letter SHA-256', 'Packet letter no.');
    expect(csv).toHaveLength(letters.length);
    for (const [id, digest, n] of csv) {
      expect(printed.get(id!), `letter ${id}`).toEqual({ n, digest });
    }
    for (const l of letters) {
      expect(printed.get(String(l.id))!.digest).toBe(letterDigest(l.letter_content));
      expect(printed.get(String(l.id))!.digest).toBe(sha256(Buffer.from(l.letter_content, 'utf8')));
    }
  });

  it('says so when the period holds no letter', async () => {
    const campaign = await t.campaign({ title: 'Quiet campaign' });
    const scope: PacketScope = { campaignId: campaign.id, since: null, until: minutes(60).toISOString(), lateAfter: null };
    const { stream } = await preparePacketHtml(t.db, campaign, scope);
    const html = Buffer.concat(await chunksOf(stream())).toString('utf8');
    expect(html).toContain('<p>No letters in this period.</p>');
    expect(html).not.toContain('<h3');
    expect(html).not.toContain('<tbody>\n</tbody>');
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
  });
});
