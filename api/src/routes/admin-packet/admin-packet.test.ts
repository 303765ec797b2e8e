import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDatabase, type TestServer } from '../../../test/harness';
import { addLetters, addSupporters } from '../../../test/admin-fixtures';
import { downloadCsv, packetColumns } from '../../../test/csv';
import { packetLetters, pdfInfo, pdfPages, words } from '../../../test/pdf';
import type { CampaignRow, LetterRow } from '../../db/types';

const T0 = Date.UTC(2025, 0, 6, 17, 0); // Mon Jan 6 2025, 17:00 UTC
const minutes = (m: number) => new Date(T0 + m * 60_000);

/** A campaign with its Public Comment fields, three talking points and six letters written in five scripts, stored out of time order. */
async function hearing(t: TestServer) {
  const campaign = await t.campaign({
    title: 'Save Riverside Park',
    decision_body: 'Springfield City Council',
    jurisdiction: 'City of Springfield',
    meeting_date: '2025-02-18',
    agenda_item_number: '7B',
    project_name: 'Riverside Park Rezoning',
  });
  const points = t.db.ds.getRepository(t.db.entities.MessagePoint);
  const parks = await points.save({ category: 'Parks', talking_points: 'Keep the park open to everyone.', campaign_id: campaign.id });
  const traffic = await points.save({ category: 'Traffic', talking_points: 'The rezoning would bring heavy traffic.', campaign_id: campaign.id });
  const always = await points.save({ category: 'Summary', talking_points: 'Protect the park.', campaign_id: campaign.id, is_locked: true });
  const long = Array.from({ length: 90 }, (_, i) => `Paragraph ${i + 1} of a long letter about the river path.`).join('\n');
  const specs: Partial<LetterRow>[] = [
    { supporter_name: 'Ada Lovelace', city: 'Springfield', state: 'IL', zip_code: '62701', perspective: 'parent', message_point_ids: [parks.id, always.id], created_at: minutes(40) },
    { supporter_name: 'Дмитрий Иванов', city: 'Springfield', state: 'il', zip_code: '62701-1234', perspective: 'retiree', message_point_ids: [traffic.id, always.id], created_at: minutes(0) },
    { supporter_name: 'Ελένη Παπαδοπούλου', city: 'Shelbyville', state: 'IL', zip_code: '62565', perspective: 'business_owner', message_point_ids: [parks.id, traffic.id, always.id], created_at: minutes(20) },
    { supporter_name: '王小明', city: ' springfield ', state: 'IL', zip_code: '62702', perspective: 'student', message_point_ids: [parks.id], created_at: minutes(50) },
    { supporter_name: 'محمد علي', city: 'Capital City', state: 'IL', zip_code: '62703', perspective: 'homeowner', message_point_ids: [always.id], created_at: minutes(10) },
    { supporter_name: 'Grace Hopper', city: 'Shelbyville', state: 'IL', zip_code: '62565', perspective: 'parent', message_point_ids: [parks.id], created_at: minutes(30), letter_content: `Dear Council,\n\n${long}\n\nSincerely,\nGrace Hopper` },
  ];
  const letters = await addLetters(t, campaign, specs.length, (i) => ({
    letter_content: `Dear Council,\n\nThis is the letter of ${specs[i]!.supporter_name}, marker ${i}.\n\nSincerely,\n${specs[i]!.supporter_name}`,
    ...specs[i],
  }));
  // Signatures: two in the window of every test here, one long before.
  await addSupporters(t, campaign, 3, (i) => ({ created_at: [minutes(5), minutes(45), minutes(-600)][i] }));
  const inOrder = [...letters].sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || a.id - b.id);
  return { campaign, inOrder, points: { parks, traffic, always } };
}

async function download(t: TestServer, campaign: CampaignRow, query = '', cookie?: string) {
  const res = await fetch(`${t.url}/api/admin/campaigns/${campaign.id}/packet.pdf${query}`, { headers: { cookie: cookie ?? (await t.adminCookie()) } });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { res, bytes };
}

/** A page's tallies read back as "label count" rows (label, count, share), top to bottom. */
function tallies(page: string) {
  return [...page.matchAll(/^\s*(?:\d+\s+)?(\S(?:.*?\S)?)\s+(\d+)\s+\d+%\s*$/gm)].map((m) => `${m[1]} ${m[2]}`);
}

describeEachDatabase('the hearing packet', (t) => {
  it('is only for admins: 401 signed out, 403 for a non-admin, and 404 for an unknown campaign', async () => {
    const { campaign } = await hearing(t);
    for (const ext of ['pdf', 'csv', 'html']) {
      const path = `/api/admin/campaigns/${campaign.id}/packet.${ext}`;
      expect((await t.api('GET', path)).body).toMatchObject({ success: false, code: 'unauthenticated' });
      const denied = await t.api('GET', path, { cookie: await t.userCookie() });
      expect([denied.status, denied.body.code]).toEqual([403, 'forbidden']);
      expect(denied.text).not.toContain('Lovelace');
      const unknown = await t.api('GET', `/api/admin/campaigns/999999/packet.${ext}`, { cookie: await t.adminCookie() });
      expect([unknown.status, unknown.body.code, unknown.body.error]).toEqual([404, 'not_found', 'Campaign not found']);
    }
  });

  it('refuses a since that is not an instant with its offset, saying what to write', async () => {
    const { campaign } = await hearing(t);
    const admin = await t.adminCookie();
    const format = 'since must be a date and time in ISO 8601 with its UTC offset, like 2026-03-01T17:00:00-08:00';
    const cases: [string, string][] = [
      ['abc', format],
      ['', format],
      ['2025-01-06', format],
      ['1736182800', format],
      ['2025-01-06 17:00:00Z', format],
      ['2025-01-06T17:00:00', 'since needs its UTC offset at the end (Z, or like -08:00), so it cannot be read in the wrong time zone'],
      ['2025-02-30T10:00:00Z', 'since is not a real date and time: check the month, day, hour and offset'],
      ['2025-01-06T24:00:00-08:00', 'since is not a real date and time: check the month, day, hour and offset'],
      ['2025-01-06T10:00:00+15:00', 'since is not a real date and time: check the month, day, hour and offset'],
    ];
    for (const ext of ['pdf', 'csv', 'html']) {
      for (const [since, message] of cases) {
        const res = await t.api('GET', `/api/admin/campaigns/${campaign.id}/packet.${ext}?since=${encodeURIComponent(since)}`, { cookie: admin });
        expect([res.status, res.body.code, res.body.error], `${ext} since=${since}`).toEqual([400, 'validation_failed', message]);
      }
      const twice = await t.api('GET', `/api/admin/campaigns/${campaign.id}/packet.${ext}?since=2025-01-06T17:00:00Z&since=2025-01-07T17:00:00Z`, { cookie: admin });
      expect([twice.status, twice.body.error]).toEqual([400, format]);
    }
  });

  it('shows the HTML page inline, allowing nothing but its own style element by its hash, never cached; since holds only the letters after it', async () => {
    const { campaign, inOrder } = await hearing(t);
    const res = await fetch(`${t.url}/api/admin/campaigns/${campaign.id}/packet.html`, { headers: { cookie: await t.adminCookie() } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBeNull();
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    const hash = createHash('sha256').update(style, 'utf8').digest('base64');
    expect(res.headers.get('content-security-policy')).toBe(
      `default-src 'none'; style-src 'sha256-${hash}'; img-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(html).toContain('<h1 lang="en">Save Riverside Park</h1>');
    expect(html.match(/<h3 /g)).toHaveLength(inOrder.length);
    // The writers' names in every script, as written.
    for (const name of ['Ada Lovelace', 'Дмитрий Иванов', '王小明', 'محمد علي']) expect(html).toContain(`: ${name}</h3>`);

    const since = await fetch(`${t.url}/api/admin/campaigns/${campaign.id}/packet.html?since=${encodeURIComponent(minutes(25).toISOString())}`, { headers: { cookie: await t.adminCookie() } });
    const recent = await since.text();
    expect(recent.match(/<h3 /g)).toHaveLength(inOrder.filter((l) => l.created_at > minutes(25)).length);
    expect(recent).not.toContain('Дмитрий Иванов');
  });

  it("makes one PDF: a cover whose figures match the database, the talking points once, then every letter in the packet's order, each page footed", async () => {
    const { campaign, inOrder } = await hearing(t);
    const { res, bytes } = await download(t, campaign);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="hearing-packet-save-riverside-park.pdf"');
    expect(res.headers.get('packet-letters')).toBe('6');

    const pages = pdfPages(bytes);
    expect(Number(pdfInfo(bytes).Pages)).toBe(pages.length);
    expect(pdfInfo(bytes)['Page size']).toBe('612 x 792 pts (letter)');
    expect(pdfInfo(bytes).Title).toBe('Public comment letters: Save Riverside Park');
    pages.forEach((page, i) => expect(page).toContain(`Save Riverside Park - page ${i + 1}`));

    // The cover, read with its columns kept in place.
    const cover = pdfPages(bytes, true)[0]!;
    for (const [label, value] of [
      ['Decision body', 'Springfield City Council'],
      ['Jurisdiction', 'City of Springfield'],
      ['Meeting date', 'Feb 18, 2025'],
      ['Agenda item', '7B'],
      ['Project', 'Riverside Park Rezoning'],
      ['Letters included', `All submitted up to`],
      ['First submission', 'Jan 6, 2025, 5:00 PM UTC'],
      ['Last submission', 'Jan 6, 2025, 5:50 PM UTC'],
    ]) {
      expect(cover, label).toMatch(new RegExp(`${label}\\s+${value}`));
    }
    expect(cover).toMatch(/Packet made\s+\w{3} \d+, \d{4}, \d+:\d\d [AP]M UTC/);
    expect(cover).toMatch(/^\s*6\s+3\s+0\s*$/m); // letters, signatures, personal letters
    expect(words(cover)).toContain('letters in this packet');
    expect(words(cover)).toContain('personal letters');
    // How the figures were counted, in words.
    expect(words(cover)).toContain('Confirmed: the campaign did not ask writers to confirm by e-mail');
    expect(words(cover)).toContain('Left out: nothing.');
    expect(words(cover)).toContain('each of the 6 letters came from a different address');
    // No district set: the letters by city, as people typed them, most first.
    expect(tallies(cover)).toEqual(['Springfield, IL 3', 'Shelbyville, IL 2', 'Capital City, IL 1']);
    // The talking points, once, with the letters that carry each.
    const shared = pages.find((p) => p.includes('Talking points these letters share'))!;
    expect(tallies(pdfPages(bytes, true)[pages.indexOf(shared)]!)).toEqual([
      'Parks: Keep the park open to everyone. 4',
      'Summary: Protect the park. (included in every letter) 4',
      'Traffic: The rezoning would bring heavy traffic. 2',
    ]);

    // Every letter in full (none is known to be only the suggested text), in submission order.
    const letters = packetLetters(bytes);
    expect([...letters.keys()]).toEqual([1, 2, 3, 4, 5, 6]);
    inOrder.forEach((letter, i) => {
      const entry = words(letters.get(i + 1)!);
      expect(entry).toContain(`Letter ${i + 1} of 6: ${letter.supporter_name}`);
      expect(entry).toContain(`Letter ID ${letter.id}`);
      expect(entry).not.toContain('LATE');
      for (const line of letter.letter_content.split('\n').filter(Boolean).slice(0, 3)) expect(entry).toContain(words(line));
      // Only what a published packet should carry: no e-mail address or street.
      expect(entry).not.toContain(letter.supporter_email);
      expect(entry).not.toContain(letter.street_address);
    });
    const grace = inOrder.findIndex((l) => l.supporter_name === 'Grace Hopper') + 1;
    expect(words(letters.get(grace)!)).toContain('Paragraph 90 of a long letter about the river path. Sincerely, Grace Hopper');

    // A progress mark after each letter, for the admin's progress bar.
    const marks = [...Buffer.from(bytes).toString('latin1').matchAll(/%dais-letter (\d+) of (\d+)/g)].map((m) => `${m[1]}/${m[2]}`);
    expect(marks).toEqual(['1/6', '2/6', '3/6', '4/6', '5/6', '6/6']);
  });

  it('with since, holds only the letters submitted after it, and says so on the cover', async () => {
    const { campaign, inOrder } = await hearing(t);
    // Its times are shown in its own zone, New York's, whatever zone since was given in.
    await t.db.ds.getRepository(t.db.entities.Campaign).update({ id: campaign.id }, { time_zone: 'America/New_York' });
    // 09:25 in California is 17:25 UTC: the letters of 17:30, 17:40 and 17:50 are after it.
    const { res, bytes } = await download(t, campaign, `?since=${encodeURIComponent('2025-01-06T09:25:00-08:00')}`);
    expect([res.status, res.headers.get('packet-letters')]).toEqual([200, '3']);
    const cover = pdfPages(bytes, true)[0]!;
    expect(cover).toMatch(/Letters included\s+Submitted after Jan 6, 2025, 12:25 PM EST, up to/);
    expect(cover).toMatch(/First submission\s+Jan 6, 2025, 12:30 PM EST/);
    expect(cover).toMatch(/^\s*3\s+1\s+0\s*$/m); // letters, the one signature in the window, none personal
    const letters = packetLetters(bytes);
    expect([...letters.keys()]).toEqual([1, 2, 3]);
    inOrder.slice(3).forEach((letter, i) => expect(words(letters.get(i + 1)!)).toContain(`Letter ${i + 1} of 3: ${letter.supporter_name}`));
    // A '+' typed into the address arrives as a space, and still means +05:30.
    const plus = await download(t, campaign, '?since=2025-01-06T22:55:00 05:30');
    expect([plus.res.status, plus.res.headers.get('packet-letters')]).toEqual([200, '3']);
  });

  it('makes the matching CSV: one formula-safe row per letter in the packet\'s order (here submission order), with the columns of a clerk\'s eComment export', async () => {
    const { campaign, inOrder } = await hearing(t);
    const [hostile] = await addLetters(t, campaign, 1, () => ({
      supporter_name: '=HYPERLINK("http://evil.example","click")',
      city: '@SUM(1+1)',
      street_address: '+1 Main St',
      letter_content: '-2+3\r\nDear Council, "please"\n\nAda',
      created_at: minutes(55),
    }));
    const admin = await t.adminCookie();
    const { res, bom, records } = await downloadCsv(`${t.url}/api/admin/campaigns/${campaign.id}/packet.csv`, admin);
    const [notice, header, ...rows] = records;
    expect(res.status).toBe(200);
    expect(bom).toBe(true);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="hearing-packet-save-riverside-park.csv"');
    expect(res.headers.get('packet-letters')).toBe('7');
    // First a line that says the file is not for publication, then the header row.
    expect(notice![0]).toMatch(/^Not for publication: for the clerk's verification/);
    expect(header).toEqual([
      'Agenda item', 'Name', 'Email', 'Address', 'City', 'State', 'ZIP code', 'Phone', 'District', 'Residency', 'Position', 'Perspective',
      'Personal', 'Submitted at', 'Late', 'Packet letter no.', 'Letter ID', 'Letter SHA-256', 'Letter',
    ]);
    expect(rows).toHaveLength(7);
    const cells = packetColumns(records, 'Agenda item', 'Packet letter no.', 'Late', 'Submitted at', 'Letter ID', 'Letter');
    const contact = packetColumns(records, 'Name', 'Email', 'Address', 'City', 'State', 'ZIP code', 'Phone');
    [...inOrder, hostile!].forEach((l, i) => {
      const [agenda, n, late, at, id, letter] = cells[i]!;
      expect([agenda, n, late, at, id]).toEqual(['7B', String(i + 1), 'no', l.created_at.toISOString().replace('.000Z', '+00:00'), String(l.id)]);
      if (l !== hostile) {
        expect(contact[i]).toEqual([l.supporter_name, l.supporter_email, l.street_address, l.city, l.state, l.zip_code, l.phone_number ?? '']);
        expect(letter).toBe(l.letter_content);
      }
    });
    expect(packetColumns(records, 'Perspective').flat()).toEqual(['Retiree', 'Homeowner', 'Business Owner', 'Parent', 'Parent', 'Student', 'Business Owner']);
    // What a spreadsheet would run as a formula reaches it as text.
    const [last] = packetColumns(records, 'Name', 'Address', 'City', 'Letter').slice(-1);
    expect(last).toEqual(['\'=HYPERLINK("http://evil.example","click")', "'+1 Main St", "'@SUM(1+1)", '\'-2+3\r\nDear Council, "please"\n\nAda']);
    // since works the same way as on the PDF.
    const later = await downloadCsv(`${t.url}/api/admin/campaigns/${campaign.id}/packet.csv?since=2025-01-06T17:45:00Z`, admin);
    expect(packetColumns(later.records, 'Name', 'Packet letter no.')).toEqual([['王小明', '1'], [last![0]!, '2']]);
    // Times in the campaign's zone (none set: UTC).
    expect(packetColumns(later.records, 'Submitted at').flat()).toEqual(['2025-01-06T17:50:00+00:00', '2025-01-06T17:55:00+00:00']);
  });

  it("counts places and talking points as people typed them, most first and ties alphabetical, in the campaign's own zone even with since given in another", async () => {
    // Kolkata is UTC+05:30 all year: a half-hour offset, and a different one from since's.
    const campaign = await t.campaign({
      title: '"Keep Ward 7 Green": save the Riverside Park & Old Mill Path, for everyone!',
      time_zone: 'Asia/Kolkata',
      comment_deadline: minutes(35), // 23:05 in Kolkata: the letters of minutes 40 and 50 are late
    });
    const points = t.db.ds.getRepository(t.db.entities.MessagePoint);
    const parks = await points.save({ category: ' Parks ', talking_points: 'Keep the park\n  open to everyone.', campaign_id: campaign.id });
    const traffic = await points.save({ category: 'Traffic', talking_points: 'Too many trucks.', campaign_id: campaign.id });
    const always = await points.save({ category: 'Summary', talking_points: 'Protect the park.', campaign_id: campaign.id, is_locked: true });
    const dropped = await points.save({ category: 'Noise', talking_points: 'Quiet hours.', campaign_id: campaign.id });
    const specs: Partial<LetterRow>[] = [
      { city: 'Excluded Town', state: 'IL', zip_code: '11111', perspective: 'student', message_point_ids: [traffic.id], created_at: minutes(-10) },
      { city: 'Shelbyville', state: 'IL', zip_code: '62701', perspective: 'parent', message_point_ids: [parks.id, always.id], created_at: minutes(0) },
      { city: 'Springfield', state: 'IL', zip_code: '627011234', perspective: 'student', message_point_ids: [parks.id, dropped.id], created_at: minutes(10) },
      { city: 'Springfield', state: '', zip_code: 'k1a 0b6', perspective: 'parent', message_point_ids: [traffic.id, always.id, dropped.id], created_at: minutes(20) },
      { city: 'Capital  City', state: 'IL', zip_code: '627011', perspective: 'retiree', message_point_ids: [parks.id, always.id, parks.id], created_at: minutes(30) },
      { city: 'capital city', state: 'il', zip_code: 'K1A 0B6', perspective: 'homeowner', message_point_ids: [always.id], created_at: minutes(40) },
      { city: 'Shelbyville', state: 'IL', zip_code: '62701-1234', perspective: 'parent', message_point_ids: [], created_at: minutes(50) },
    ];
    await addLetters(t, campaign, specs.length, (i) => ({ supporter_name: `Ward Writer ${i}`, ...specs[i] }));
    await addSupporters(t, campaign, 2, (i) => ({ created_at: [minutes(-10), minutes(15)][i] }));
    // The organiser deleted a talking point after letters chose it.
    await points.delete({ id: dropped.id });

    // 08:55 in California is 16:55 UTC: the letter of minute -10 is before it.
    const since = `?since=${encodeURIComponent('2025-01-06T08:55:00-08:00')}`;
    const { res, bytes } = await download(t, campaign, since);
    expect([res.status, res.headers.get('packet-letters')]).toEqual([200, '6']);
    const cover = pdfPages(bytes, true)[0]!;
    expect(cover).toMatch(/^\s*6\s+1\s+0\s*$/m); // letters, the signature after since, none personal
    // Every time in the campaign's zone, not in since's.
    expect(cover).toMatch(/Letters included\s+Submitted after Jan 6, 2025, 10:25 PM GMT\+5:30, up to/);
    expect(cover).toMatch(/First submission\s+Jan 6, 2025, 10:30 PM GMT\+5:30$/m);
    expect(cover).toMatch(/Last submission\s+Jan 6, 2025, 11:20 PM GMT\+5:30$/m);
    expect(words(cover)).toContain('Comment deadline Jan 6, 2025, 11:05 PM GMT+5:30; 2 letters came after it and are marked LATE');
    // Case and spacing do not split a city; a city without a state is its own place.
    expect(tallies(cover)).toEqual(['Capital City, IL 2', 'Shelbyville, IL 2', 'Springfield 1', 'Springfield, IL 1']);
    const pages = pdfPages(bytes, true);
    expect(tallies(pages.find((p) => p.includes('Talking points these letters share'))!)).toEqual([
      'Summary: Protect the park. (included in every letter) 4',
      'Parks: Keep the park open to everyone. 3',
      `Talking point #${dropped.id} (since deleted) 2`,
      'Traffic: Too many trucks. 1',
    ]);

    // The CSV: the same letters, at the same offset, under a file name cut to a clean ASCII slug.
    const csv = await downloadCsv(`${t.url}/api/admin/campaigns/${campaign.id}/packet.csv${since}`, await t.adminCookie());
    expect(csv.res.headers.get('content-disposition')).toBe('attachment; filename="hearing-packet-keep-ward-7-green-save-the-riverside-park-old-mill-path-for.csv"');
    expect(packetColumns(csv.records, 'Agenda item', 'Name', 'Submitted at', 'Late')).toEqual([
      ['', 'Ward Writer 1', '2025-01-06T22:30:00+05:30', 'no'],
      ['', 'Ward Writer 2', '2025-01-06T22:40:00+05:30', 'no'],
      ['', 'Ward Writer 3', '2025-01-06T22:50:00+05:30', 'no'],
      ['', 'Ward Writer 4', '2025-01-06T23:00:00+05:30', 'no'],
      ['', 'Ward Writer 5', '2025-01-06T23:10:00+05:30', 'yes'],
      ['', 'Ward Writer 6', '2025-01-06T23:20:00+05:30', 'yes'],
    ]);
  });

  it("marks late the letters after a deadline set without a time zone, and shows its times in UTC, not in the server's own zone", async () => {
    const campaign = await t.campaign({ title: 'Deadline without a zone', comment_deadline: minutes(25), time_zone: null });
    await addLetters(t, campaign, 3, (i) => ({ supporter_name: `Zoneless Writer ${i}`, created_at: minutes([0, 20, 30][i]!) }));
    // A server whose local clock is set to New York (Node reads TZ again when it changes).
    const serverZone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      const { bytes } = await download(t, campaign);
      const cover = pdfPages(bytes, true)[0]!;
      expect(cover).toMatch(/^\s*3\s+0\s+0\s*$/m);
      expect(words(cover)).toContain('Comment deadline Jan 6, 2025, 5:25 PM UTC; 1 letter came after it and is marked LATE');
      const csv = await downloadCsv(`${t.url}/api/admin/campaigns/${campaign.id}/packet.csv`, await t.adminCookie());
      expect(packetColumns(csv.records, 'Name', 'Submitted at', 'Late')).toEqual([
        ['Zoneless Writer 0', '2025-01-06T17:00:00+00:00', 'no'],
        ['Zoneless Writer 1', '2025-01-06T17:20:00+00:00', 'no'],
        ['Zoneless Writer 2', '2025-01-06T17:30:00+00:00', 'yes'],
      ]);
    } finally {
      if (serverZone === undefined) delete process.env.TZ;
      else process.env.TZ = serverZone;
    }
  });

  it('makes a packet that says it holds no letters, and a CSV of its header, for a campaign without letters', async () => {
    const campaign = await t.campaign({ title: 'Quiet campaign' });
    const { res, bytes } = await download(t, campaign);
    expect([res.status, res.headers.get('packet-letters')]).toEqual([200, '0']);
    const pages = pdfPages(bytes, true);
    expect(pages[0]).toMatch(/^\s*0\s+0\s+0\s*$/m);
    expect(words(pages.join(' '))).toContain('No letters in this period.');
    expect(packetLetters(bytes).size).toBe(0);
    expect(pages[0]).toMatch(/First submission\s+None/);
    // The Public Comment fields the organiser left empty are not printed at all.
    expect(pages[0]).not.toMatch(/Decision body|Agenda item|Meeting date|TBD/);
    const csv = await downloadCsv(`${t.url}/api/admin/campaigns/${campaign.id}/packet.csv`, await t.adminCookie());
    expect(csv.records).toHaveLength(2);
  });
});
