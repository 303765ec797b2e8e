/**
 * The e-mails a clerk receives, read as the clerk reads them: whole texts, word for word. The route
 * suites (each-mode, representatives, deliveries, the packet's) read what they decide (to whom, how
 * many, which letter); the wording is here, once.
 */
import { describe, expect, it } from 'vitest';
import { letterMail, packetMail } from './mail-text';

/** A campaign with every Public Comment field set, in a zone with an offset (6 hours behind UTC in winter). */
const riverside = {
  id: 12,
  title: 'Keep Riverside Park a Park',
  decision_body: 'Springfield City Council',
  agenda_item_number: '7B',
  project_name: 'Riverside Park rezoning',
  meeting_date: '2027-01-14',
  comment_deadline: new Date('2027-01-13T23:00:00Z'),
  time_zone: 'America/Chicago',
  packet_csv_contacts: false,
};

/** One with none of them: no decision body, project, agenda item, meeting, deadline or zone. */
const bare = {
  ...riverside,
  id: 13,
  title: 'Trees for Elm Avenue',
  decision_body: null,
  agenda_item_number: null,
  project_name: null,
  meeting_date: null,
  comment_deadline: null,
  time_zone: null,
};

const PDF_PARAGRAPH =
  "The PDF opens with the figures and how they were counted, quotes the writers' own words, prints each talking point the letters share once, " +
  'then every letter, personal ones first and then by district, and ends with the SHA-256 of each letter and of the CSV, for checking. ' +
  'It names each writer with their city only, as it is often published with the agenda.\n\n';

describe('the packet e-mail', () => {
  it('tells the clerk what is attached, for which item and meeting, up to when, how many are late, and that the CSV is not for publication', () => {
    const until = new Date('2027-01-14T00:00:00Z');
    const mail = packetMail(riverside, ['clerk@springfield.gov'], { since: null, until, letterCount: 1234, lateCount: 2 });
    expect(mail.to).toEqual(['clerk@springfield.gov']);
    expect(mail.subject).toBe('Public comment packet: Riverside Park rezoning, agenda item 7B (1,234 letters)');
    expect(mail.text).toBe(
      'To the clerk of the Springfield City Council,\n\n' +
        'Attached are 1,234 written public comments on Riverside Park rezoning, agenda item 7B, for the meeting on January 14, 2027. ' +
        'They are every letter submitted through the campaign up to Wednesday, January 13, 2027 at 6:00 PM CST.\n\n' +
        '2 letters of them were submitted after the written-comment deadline (Wednesday, January 13, 2027 at 5:00 PM CST) and are marked late.\n\n' +
        PDF_PARAGRAPH +
        "The CSV has one row per letter for your comment records, for verifying the comments; the organisers left out each writer's " +
        'e-mail, street address and phone. It is not for publication: the letters in it are as their writers sent them.\n\n' +
        'Sent by Dais on behalf of the organisers of the campaign "Keep Riverside Park a Park".\n',
    );
    // The files are described, made from the database when the e-mail is sent.
    expect(mail.attachments).toEqual([
      { kind: 'packet-pdf', campaign_id: 12, since: null, until: '2027-01-14T00:00:00.000Z' },
      { kind: 'packet-csv', campaign_id: 12, since: null, until: '2027-01-14T00:00:00.000Z' },
    ]);
  });

  it('says "1 letter" and "was", names the window it covers, and says the CSV carries contacts where the organisers chose so', () => {
    const since = new Date('2026-12-01T15:30:00Z');
    const until = new Date('2026-12-02T15:30:00Z');
    const mail = packetMail({ ...riverside, packet_csv_contacts: true }, ['clerk@springfield.gov'], { since, until, letterCount: 1, lateCount: 1 });
    expect(mail.subject).toBe('Public comment packet: Riverside Park rezoning, agenda item 7B (1 letter)');
    expect(mail.text).toBe(
      'To the clerk of the Springfield City Council,\n\n' +
        'Attached is 1 written public comment on Riverside Park rezoning, agenda item 7B, for the meeting on January 14, 2027. ' +
        'They are the letters submitted between Tuesday, December 1, 2026 at 9:30 AM CST and Wednesday, December 2, 2026 at 9:30 AM CST.\n\n' +
        '1 letter of them was submitted after the written-comment deadline (Wednesday, January 13, 2027 at 5:00 PM CST) and is marked late.\n\n' +
        PDF_PARAGRAPH +
        "The CSV has one row per letter for your comment records, with each writer's e-mail, street address and phone " +
        'for verifying the comments: it is not for publication.\n\n' +
        'Sent by Dais on behalf of the organisers of the campaign "Keep Riverside Park a Park".\n',
    );
    expect(mail.attachments).toEqual([
      { kind: 'packet-pdf', campaign_id: 12, since: '2026-12-01T15:30:00.000Z', until: '2026-12-02T15:30:00.000Z' },
      { kind: 'packet-csv', campaign_id: 12, since: '2026-12-01T15:30:00.000Z', until: '2026-12-02T15:30:00.000Z' },
    ]);
  });

  it('greets whoever reads it and names the campaign by its title where the organisers set no body, item or meeting; times in UTC without a zone', () => {
    const mail = packetMail(bare, ['organiser@example.org'], { since: null, until: new Date('2026-12-01T15:30:00Z'), letterCount: 3, lateCount: 0 });
    expect(mail.subject).toBe('Public comment packet: Trees for Elm Avenue (3 letters)');
    expect(mail.text).toBe(
      'Hello,\n\n' +
        'Attached are 3 written public comments on Trees for Elm Avenue. They are every letter submitted through the campaign up to Tuesday, December 1, 2026 at 3:30 PM UTC.\n\n' +
        PDF_PARAGRAPH +
        "The CSV has one row per letter for your comment records, for verifying the comments; the organisers left out each writer's " +
        'e-mail, street address and phone. It is not for publication: the letters in it are as their writers sent them.\n\n' +
        'Sent by Dais on behalf of the organisers of the campaign "Trees for Elm Avenue".\n',
    );
  });

  it('names the project without an agenda item, and the agenda item of a campaign with only a title', () => {
    const scope = { since: null, until: new Date('2026-12-01T15:30:00Z'), letterCount: 2, lateCount: 0 };
    expect(packetMail({ ...bare, project_name: 'Elm Avenue trees' }, [], scope).subject).toBe('Public comment packet: Elm Avenue trees (2 letters)');
    expect(packetMail({ ...bare, agenda_item_number: '12' }, [], scope).subject).toBe('Public comment packet: Trees for Elm Avenue, agenda item 12 (2 letters)');
  });

  it('says nothing of late letters when none is late, or when the campaign has no deadline', () => {
    const until = new Date('2027-01-14T00:00:00Z');
    const onTime = packetMail(riverside, [], { since: null, until, letterCount: 5, lateCount: 0 });
    const noDeadline = packetMail({ ...riverside, comment_deadline: null }, [], { since: null, until, letterCount: 5, lateCount: 2 });
    for (const mail of [onTime, noDeadline]) {
      expect(mail.text).toContain('They are every letter submitted through the campaign up to Wednesday, January 13, 2027 at 6:00 PM CST.\n\nThe PDF opens');
      expect(mail.text).not.toMatch(/late|deadline/);
    }
  });
});

/** A letter as stored, from a writer in Ward 3 who gave a phone number. */
const letter = {
  letter_content: 'Dear Members of the City Council,\n\nPlease keep Riverside Park a park.\n\nGrace Hopper',
  supporter_name: 'Grace Hopper',
  supporter_email: 'grace@example.org',
  street_address: '1 Harbor Road',
  city: 'Springfield',
  state: 'IL',
  zip_code: '62704',
  phone_number: '(217) 555-0199',
  perspective: 'veteran',
  district_name: 'Ward 3',
  residency: 'resident' as const,
};

describe("each letter's e-mail", () => {
  it('is the letter as its writer sent it, then who sent it, from where, and when', () => {
    const mail = letterMail(riverside, ['clerk@springfield.gov'], letter, new Date('2027-01-10T16:05:00Z'), false);
    expect(mail.to).toEqual(['clerk@springfield.gov']);
    expect(mail.subject).toBe('Public comment from Grace Hopper: Riverside Park rezoning, agenda item 7B');
    expect(mail.text).toBe(
      'Dear Members of the City Council,\n\nPlease keep Riverside Park a park.\n\nGrace Hopper\n\n' +
        '-- \n' +
        'From: Grace Hopper <grace@example.org>\n' +
        'Address: 1 Harbor Road, Springfield, IL 62704\n' +
        'Phone: (217) 555-0199\n' +
        'District: Ward 3\n' +
        'Perspective: Veteran\n' +
        'Submitted: Sunday, January 10, 2027 at 10:05 AM CST\n\n' +
        'Sent by Dais on behalf of the organisers of the campaign "Keep Riverside Park a Park".\n',
    );
    expect(mail.attachments).toBeUndefined();
  });

  it('says first that a late letter came after the deadline, and that a writer outside every district lives in none', () => {
    const outside = { ...letter, phone_number: null, district_name: null, residency: 'non_resident' as const };
    const mail = letterMail(riverside, ['clerk@springfield.gov'], outside, new Date('2027-01-14T01:00:00Z'), true);
    expect(mail.subject).toBe('Public comment (late) from Grace Hopper: Riverside Park rezoning, agenda item 7B');
    expect(mail.text).toBe(
      'Submitted after the written-comment deadline (Wednesday, January 13, 2027 at 5:00 PM CST).\n\n' +
        'Dear Members of the City Council,\n\nPlease keep Riverside Park a park.\n\nGrace Hopper\n\n' +
        '-- \n' +
        'From: Grace Hopper <grace@example.org>\n' +
        'Address: 1 Harbor Road, Springfield, IL 62704\n' +
        'District: none (the address is outside every district)\n' +
        'Perspective: Veteran\n' +
        'Submitted: Wednesday, January 13, 2027 at 7:00 PM CST\n\n' +
        'Sent by Dais on behalf of the organisers of the campaign "Keep Riverside Park a Park".\n',
    );
  });

  it('has no District line where the campaign has no districts or the writer is not placed yet', () => {
    for (const residency of [null, 'pending', 'unknown'] as const) {
      const mail = letterMail(bare, ['organiser@example.org'], { ...letter, district_name: null, residency }, new Date('2026-12-01T15:30:00Z'), false);
      expect(mail.subject).toBe('Public comment from Grace Hopper: Trees for Elm Avenue');
      expect(mail.text, String(residency)).toBe(
        'Dear Members of the City Council,\n\nPlease keep Riverside Park a park.\n\nGrace Hopper\n\n' +
          '-- \n' +
          'From: Grace Hopper <grace@example.org>\n' +
          'Address: 1 Harbor Road, Springfield, IL 62704\n' +
          'Phone: (217) 555-0199\n' +
          'Perspective: Veteran\n' +
          'Submitted: Tuesday, December 1, 2026 at 3:30 PM UTC\n\n' +
          'Sent by Dais on behalf of the organisers of the campaign "Trees for Elm Avenue".\n',
      );
    }
  });
});
