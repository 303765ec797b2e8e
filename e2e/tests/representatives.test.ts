import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../../api/test/smtp';
import { useChromium } from '../support/browser';
import { startDaisServer, type DaisServer } from '../support/dais-server';
import { openDaisDatabase, type DaisDatabase } from '../support/database';
import { DEMO, fillPerson, newPerson, openTab, shownLetter, waitForCampaign, widgetOf } from '../support/widget';

/**
 * Issue 25 point 7 end to end: the demo's school campaign e-mails each letter, and its wards name
 * their council members. A supporter says they live in Ward 2 (GEOCODER off, the default); their
 * letter greets Council Member Bell, the success screen says it goes to him, and a real SMTP server
 * receives it addressed to him with the campaign's recipient in copy.
 */
const chromium = useChromium();
let sink: SmtpSink;
let dais: DaisServer;
let db: DaisDatabase;

const BELL = 'ward2@council.springfield.example.gov';
const CLERK = 'traffic.clerk@springfield.example.org';

beforeAll(async () => {
  sink = await startSmtpSink();
  dais = await startDaisServer({ env: { SMTP_URL: sink.url, MAIL_FROM: 'Safe Streets <streets@example.org>' } });
  db = openDaisDatabase(dais.dbPath);
});
afterAll(async () => {
  db?.close();
  await dais?.stop();
  await sink?.stop();
});

async function mailTo(address: string, from: string): Promise<ReceivedMail> {
  const match = (m: ReceivedMail) => m.envelope.to.includes(address) && (m.parsed.text ?? '').includes(from);
  await expect.poll(() => sink.received.some(match), { timeout: 15_000 }).toBe(true);
  return sink.received.find(match)!;
}

describe("a letter to the writer's own representative", () => {
  it('greets and reaches the council member of the ward the supporter chose, the clerk in copy', async () => {
    const { page } = await chromium.openPage(`${dais.url}/widget/${DEMO.school.id}?lang=en`);
    const widget = await waitForCampaign(widgetOf(page), DEMO.school.title);
    const person = newPerson();
    const form = await openTab(widget, 'Write Letter');
    await fillPerson(form, person);
    await form.getByLabel('Which district do you live in?').selectOption({ label: 'Ward 2 (Northeast)' });
    await form.getByLabel('Your Perspective').selectOption({ label: 'Parent' });
    await form.getByRole('group', { name: 'Message Points' }).getByRole('checkbox').first().check();
    await form.getByRole('button', { name: 'Generate Letter' }).click();
    await widget.getByRole('heading', { name: 'Review Your Support Letter' }).waitFor();

    const letter = await shownLetter(widget);
    const lines = letter.split('\n');
    expect(lines).toContain('To: Council Member Marcus Bell, Ward 2 (Northeast)');
    expect(lines).toContain('Dear Council Member Bell,');
    expect(lines.slice(-3)).toEqual([person.name, `${person.city}, ${person.state}`, 'Ward 2 (Northeast)']);

    await widget.getByRole('button', { name: 'Submit Letter' }).click();
    await widget.getByRole('heading', { name: 'Letter Submitted Successfully!' }).waitFor();
    await widget.getByText(/^Your letter is being sent to Council Member Marcus Bell now, with .+ in copy\.$/).waitFor();

    const mail = await mailTo(BELL, person.email);
    expect(mail.envelope.to.sort()).toEqual([BELL, CLERK].sort());
    const addresses = (field: ReceivedMail['parsed']['to']) => (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) => a.value.map((v) => v.address));
    expect(addresses(mail.parsed.to)).toEqual([BELL]);
    expect(addresses(mail.parsed.cc)).toEqual([CLERK]);
    expect(mail.parsed.text).toContain('Dear Council Member Bell,');
    expect(mail.parsed.text).toContain('District: Ward 2 (Northeast)');
    // Sent once: the clerk's copy is the same message, not a second one.
    expect(sink.received.filter((m) => (m.parsed.text ?? '').includes(person.email))).toHaveLength(1);
    expect(db.letters(person.email)).toEqual([expect.objectContaining({ letter_content: letter, district_name: 'Ward 2 (Northeast)', residency: 'resident' })]);
  });
});
