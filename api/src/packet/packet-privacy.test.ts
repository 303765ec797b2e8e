/**
 * The hearing packet is often published with the agenda: its PDF, and the e-mail that carries it,
 * name each writer with their city and nothing that reaches them. The CSV, for the clerk's
 * verification, keeps their e-mail, street and phone, and says so on its first line.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addLetters } from '../../test/admin-fixtures';
import { parseCsv } from '../../test/csv';
import { describeEachDatabase, type TestServer } from '../../test/harness';
import { packetLetters, pdfPages, words } from '../../test/pdf';
import { startSmtpSink, type SmtpSink } from '../../test/smtp';
import { PACKET_CSV_NOTICE } from '../contract';
import type { CampaignRow, LetterRow } from '../db/types';
import { ALL_CLOSINGS, writeLetter } from '../letters/write-letter';
import { INTEGRITY_HOW_TO_CHECK } from './words';

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink.stop());

interface Writer {
  name: string;
  email: string;
  street_address: string;
  city: string;
  state: string;
  zip_code: string;
  phone_number: string | null;
}

const RACHEL: Writer = { name: 'Rachel Carter-Oakley', email: 'rachel.co@example.org', street_address: '12 Elm Street', city: 'Springdale', state: 'IL', zip_code: '62704', phone_number: '+1 (217) 555-0142' };
const ANA: Writer = { name: 'Ana María Núñez', email: 'ana.nunez@example.org', street_address: '9 Calle Olivo', city: 'Pasadena', state: 'CA', zip_code: '91101', phone_number: '(626) 555-0100' };
const TOMAS: Writer = { name: 'Tomás Ruiz', email: 'tomas@example.org', street_address: '48 Birch Avenue', city: 'Shelbyville', state: 'IL', zip_code: '62565', phone_number: '217 555 0177' };
const LUCIA: Writer = { name: 'Lucía Fernández', email: 'lucia.f@example.org', street_address: 'Calle Mayor 15', city: 'Capital City', state: 'IL', zip_code: '62703', phone_number: '2175550123' };
const SAM: Writer = { name: 'Sam Lee', email: 'sam.lee@example.org', street_address: '3 Oak Court', city: 'Ogdenville', state: 'IL', zip_code: '62711', phone_number: '+1 217 555 0199' };

/** Other ways of reaching them that the writers typed into their letters by hand. */
const TYPED_PHONES = ['(217) 555-0166', '+44 20 7946 0958'];

function generated(w: Writer, language: 'en' | 'es', note: string | null): string {
  return writeLetter({
    campaign: { title: 'Keep the Eastside Library open', description: 'The Eastside library closes at 5. Families depend on it in the evening.' },
    publicComment: { decision_body: 'Springdale City Council', jurisdiction: null, meeting_date: null, agenda_item_number: '7B', project_name: null },
    perspective: 'parent',
    supporter: { ...w, email: w.email },
    points: [{ id: 1, category: 'Hours', talking_points: 'Many families can only come in the evening.' }],
    personalNote: note,
    language,
    date: '2026-05-14',
  }).letter_content;
}

/** A letter its writer edited before submitting: a paragraph of their own, and their own signature block. */
function handEdited(letter: string, paragraph: string, signature: string[]): string {
  const lines = letter.split('\n');
  const closing = lines.findLastIndex((l) => ALL_CLOSINGS.includes(l));
  return `${lines.slice(0, closing).join('\n').trimEnd()}\n\n${paragraph}\n\n${lines[closing]}\n${signature.join('\n')}`;
}

/** Five letters: generated in English and in Spanish (one with a long note), and edited by hand. */
function letters(): [Writer, string][] {
  const tomas = handEdited(
    generated(TOMAS, 'en', null),
    'I have lived at 48 Birch Ave. for thirty years; write to me at tomas.ruiz@gmail.com, call 217-555-0177, or my daughter at (217) 555-0166.',
    ['Tomás Ruiz', '48 Birch Avenue, Apt 2', 'Shelbyville, IL 62565', 'tomas@example.org', 'P.S. Please keep the library open until 9.'],
  );
  const lucia = handEdited(generated(LUCIA, 'es', null), 'Vivo en Calle Mayor 15 desde 1990; mi teléfono es el 217 555 0123.', [
    'Lucía Fernández',
    'Calle Mayor 15, Capital City, IL 62703',
    'Tel. 217.555.0123 · lucia.f@example.org · lucia@correo.example',
  ]);
  // A closing Dais does not write: the block is found by the writer's name.
  const sam = 'Dear Council,\n\nPlease keep the library open. My office in London is +44 20 7946 0958; at home I am on 217 555 0199.\n\nBest regards,\nSam Lee\n3 Oak Court\nOgdenville, IL 62711\n+1 217 555 0199\nsam.lee@example.org';
  return [
    [RACHEL, generated(RACHEL, 'en', null)],
    [ANA, generated(ANA, 'es', 'Voy a la biblioteca cada martes con mis hijos y mis vecinos. '.repeat(14))],
    [TOMAS, tomas],
    [LUCIA, lucia],
    [SAM, sam],
  ];
}

/** A phone number's digits with anything between them: how it may be printed. */
const digitsPattern = (phone: string) => new RegExp(phone.replace(/\D/g, '').slice(-7).split('').join('\\D{0,3}'));

/** What must not be in a published text about this writer: how to reach them. */
function contactIn(text: string, w: Writer): string[] {
  const found: string[] = [];
  const flat = words(text);
  if (flat.toLowerCase().includes(w.email.toLowerCase())) found.push(w.email);
  if (/@/.test(flat)) found.push(`an e-mail address: ${flat.match(/\S*@\S*/)![0]}`);
  if (flat.toLowerCase().includes(w.street_address.toLowerCase())) found.push(w.street_address);
  // The house number beside a word of the street's name, however the rest is abbreviated.
  const parts = w.street_address.split(/\s+/);
  const at = parts.findIndex((p) => /\d/.test(p));
  const near = parts[at + 1] ?? parts[at - 1]!;
  if (new RegExp(`${parts[at]}\\s+${near}|${near}\\s+${parts[at]}`, 'i').test(flat)) found.push(`${parts[at]} ${near}`);
  if (w.phone_number && digitsPattern(w.phone_number).test(flat)) found.push(w.phone_number);
  if (flat.includes(w.zip_code)) found.push(w.zip_code);
  for (const other of TYPED_PHONES) if (digitsPattern(other).test(flat)) found.push(other);
  return found;
}

async function campaignWithLetters(t: TestServer): Promise<{ campaign: CampaignRow; stored: LetterRow[] }> {
  const campaign = await t.campaign({
    title: 'Keep the Eastside Library open',
    decision_body: 'Springdale City Council',
    agenda_item_number: '7B',
    delivery_mode: 'manual',
    delivery_recipients: ['clerk@springdale.example.gov'],
  });
  const all = letters();
  const stored = await addLetters(t, campaign, all.length, (i) => {
    const [w, text] = all[i]!;
    return {
      supporter_name: w.name,
      supporter_email: w.email,
      street_address: w.street_address,
      city: w.city,
      state: w.state,
      zip_code: w.zip_code,
      phone_number: w.phone_number,
      letter_content: text,
      perspective: 'parent',
      created_at: new Date(Date.UTC(2025, 0, 6, 17, i)),
    };
  });
  // The letters Dais writes carry no contact; those edited by hand or written elsewhere do, and the
  // packet must leave it out of them.
  for (const [i, [w, text]] of all.entries()) {
    if (i < 2) expect(contactIn(text, w), `letter ${i + 1} as written`).toEqual([]);
    else expect(contactIn(text, w).length, `letter ${i + 1} as written`).toBeGreaterThanOrEqual(3);
  }
  return { campaign, stored };
}

function expectPublishable(pdf: Uint8Array, what: string) {
  const pages = packetLetters(pdf);
  expect(pages.size, what).toBe(5);
  // Nowhere in it either: the cover, the quotes, the appendix.
  // The appendix's how-to paragraph (the packet's own words, naming the '@' a spreadsheet runs as a
  // formula) is not about any writer: the search skips it whole.
  const howTo = words(INTEGRITY_HOW_TO_CHECK);
  const all = words(pdfPages(pdf).join('\n'));
  expect(all, what).toContain(howTo);
  const whole = all.replace(howTo, '');
  for (const [i, [w]] of letters().entries()) expect(contactIn(whole, w), `${what}, anywhere, letter ${i + 1}`).toEqual([]);
  for (const [i, [w]] of letters().entries()) {
    const page = pages.get(i + 1)!;
    expect(contactIn(page, w), `${what}, letter ${i + 1} (${w.name})`).toEqual([]);
    // Signed with the name and city, as a public comment is.
    expect(words(page), `${what}, letter ${i + 1}`).toContain(w.name);
    expect(words(page), `${what}, letter ${i + 1}`).toContain(`${w.city}, ${w.state}`);
  }
  // Written words that are not contact details stay: the argument, and a postscript after the signature.
  expect(words(pages.get(1)!)).toContain('Many families can only come in the evening.');
  expect(words(pages.get(3)!)).toContain('I have lived at [removed] for thirty years');
  expect(words(pages.get(3)!)).toContain('P.S. Please keep the library open until 9.');
  expect(words(pages.get(5)!)).toContain('Please keep the library open.');
  expect(words(pages.get(5)!)).toContain('Best regards, Sam Lee Ogdenville, IL');
}

describeEachDatabase(
  "the hearing packet's privacy",
  (t) => {
    it('prints each writer with name and city only: no street, e-mail or phone in the PDF, English or Spanish, generated or edited by hand', async () => {
      const { campaign } = await campaignWithLetters(t);
      const res = await fetch(`${t.url}/api/admin/campaigns/${campaign.id}/packet.pdf`, { headers: { cookie: await t.adminCookie() } });
      expect(res.status).toBe(200);
      expectPublishable(new Uint8Array(await res.arrayBuffer()), 'the downloaded PDF');
    });

    it("keeps street, e-mail and phone in the CSV, whose first line says it is for the clerk's verification, not for publication", async () => {
      const { campaign, stored } = await campaignWithLetters(t);
      const res = await fetch(`${t.url}/api/admin/campaigns/${campaign.id}/packet.csv`, { headers: { cookie: await t.adminCookie() } });
      const text = (await res.text()).replace(/^\ufeff/, '');
      const [notice, header, ...rows] = parseCsv(text);
      // A line of its own, before the header row, in the first cell; every record as wide as the header.
      expect(notice![0]).toBe(PACKET_CSV_NOTICE);
      expect(PACKET_CSV_NOTICE).toMatch(/not for publication/i);
      expect(new Set([notice, header, ...rows].map((r) => r!.length))).toEqual(new Set([header!.length]));
      expect(notice!.slice(1).every((cell) => cell === '')).toBe(true);
      expect(header).toEqual(expect.arrayContaining(['Name', 'Email', 'Address', 'City', 'State', 'ZIP code', 'Phone', 'Letter']));
      const column = (name: string) => rows.map((r) => r[header!.indexOf(name)]);
      expect(column('Email')).toEqual(stored.map((l) => l.supporter_email));
      expect(column('Address')).toEqual(stored.map((l) => l.street_address));
      expect(column('Phone')).toEqual(stored.map((l) => (l.phone_number?.startsWith('+') ? `'${l.phone_number}` : l.phone_number)));
      // The letters as submitted, contact details and all (a line starting with + or another
      // formula character gets an apostrophe, as every cell's start does: http/csv.ts).
      expect(column('Letter').map((c) => c!.replace(/'(?=[=+\-@])/g, ''))).toEqual(stored.map((l) => l.letter_content));
      expect(column('Letter')[4]).toMatch(/\n'\+1 217 555 0199\nsam\.lee@example\.org$/);
    });

    it("e-mails the decision body a packet whose text and PDF carry no writer's street, e-mail or phone, and whose text says which file is which", async () => {
      const { campaign } = await campaignWithLetters(t);
      const res = await t.api('POST', `/api/admin/campaigns/${campaign.id}/deliveries`, { cookie: await t.adminCookie(), body: {} });
      expect(res.status, res.text).toBe(201);
      await expect.poll(() => sink.received.filter((m) => m.messageId === res.body.data.message_id).length, { timeout: 20_000 }).toBe(1);
      const mail = sink.received.find((m) => m.messageId === res.body.data.message_id)!;
      for (const [i, [w]] of letters().entries()) expect(contactIn(mail.parsed.text ?? '', w), `the e-mail's text, letter ${i + 1}`).toEqual([]);
      const text = words(mail.parsed.text ?? '');
      expect(text).toContain('It names each writer with their city only, as it is often published with the agenda.');
      expect(text).toContain("with each writer's e-mail, street address and phone for verifying the comments: it is not for publication.");
      const [pdf, csv] = mail.parsed.attachments;
      expectPublishable(pdf!.content, 'the e-mailed PDF');
      expect(parseCsv(csv!.content.toString('utf8').replace(/^\ufeff/, ''))[0]![0]).toBe(PACKET_CSV_NOTICE);
    });
  },
  {
    env: () => ({ SMTP_URL: sink.url, MAIL_FROM: 'Springdale Library Friends <comments@library.example.org>' }),
    mailWorker: {},
  },
);
