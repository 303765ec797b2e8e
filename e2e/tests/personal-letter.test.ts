/**
 * Issue 24, points 1 and 2 in the browser: the letter asks for the writer's own words as a
 * question (starting from a signer's comment), the review says whether the letter is personal,
 * and the stored letter opens with those words right after its first sentence, marked personal.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { useChromium } from '../support/browser';
import { openDaisDatabase } from '../support/database';
import { activePanel, DEMO, fillPerson, newPerson, shownLetter, waitForCampaign, widgetOf } from '../support/widget';

const chromium = useChromium();
const db = openDaisDatabase();
afterAll(() => db.close());

const QUESTION = 'How does this affect you or your family?';
const PERSONAL = 'Your letter is personal: it carries your own words, which decision makers weigh far above identical letters.';
const NOT_PERSONAL =
  'Your letter has few words of your own yet. Decision makers weigh a personal letter far above identical ones: edit it to add a sentence or two about how this affects you.';
const OWN_WORDS = 'Our basement on River Road flooded twice last year, both times with water running straight off the meadow.';

describe('a personal letter', () => {
  it("starts from a signer's comment, says the letter is personal, and stores it opening with their words", async () => {
    const { page } = await chromium.openHostPage('element.html');
    const widget = await waitForCampaign(widgetOf(page, DEMO.park.id), DEMO.park.title);
    const person = newPerson();
    await fillPerson(activePanel(widget), person);
    await activePanel(widget).getByLabel('Why is this campaign important to you?').fill(OWN_WORDS);
    await activePanel(widget).getByRole('button', { name: 'Sign Petition' }).click();
    await widget.getByRole('heading', { name: 'Thank You!' }).waitFor();
    await widget.getByRole('button', { name: 'Write to Springfield Planning Commission' }).click();

    const form = activePanel(widget);
    // The question, answered already by what they wrote when they signed.
    expect(await form.getByLabel(QUESTION).inputValue()).toBe(OWN_WORDS);
    await form.getByLabel('Your Perspective').selectOption({ label: 'Homeowner' });
    await form.getByRole('group', { name: 'Message Points' }).getByRole('checkbox').first().check();
    await form.getByRole('button', { name: 'Generate Letter' }).click();
    await widget.getByRole('heading', { name: 'Review Your Support Letter' }).waitFor();
    await widget.getByText(PERSONAL).waitFor();

    const letter = await shownLetter(widget);
    const body = letter.split('\n').filter(Boolean);
    const opening = body.findIndex((l) => l.startsWith('Dear ')) + 1;
    expect(body[opening + 1]).toBe(OWN_WORDS);

    await widget.getByRole('button', { name: 'Submit Letter' }).click();
    await widget.getByRole('heading', { name: 'Letter Submitted Successfully!' }).waitFor();
    const [stored] = db.letters(person.email);
    expect(stored!.letter_content).toBe(letter);
    expect(Number(stored!.personal)).toBe(1);
  });

  it('says a letter without words of its own is not personal yet, until the writer edits some in', async () => {
    const { page } = await chromium.openHostPage('element.html');
    const widget = await waitForCampaign(widgetOf(page, DEMO.park.id), DEMO.park.title);
    const person = newPerson();
    await widget.getByRole('tab', { name: 'Write Letter' }).click();
    const form = activePanel(widget);
    await fillPerson(form, person);
    await form.getByLabel('Your Perspective').selectOption({ label: 'Retiree' });
    await form.getByRole('group', { name: 'Message Points' }).getByRole('checkbox').first().check();
    await form.getByRole('button', { name: 'Generate Letter' }).click();
    await widget.getByText(NOT_PERSONAL).waitFor();

    await widget.getByRole('button', { name: 'Edit Letter' }).click();
    const editor = widget.getByLabel('Edit your letter');
    const edited = (await editor.inputValue()).replace('\nSincerely,', `\n${OWN_WORDS}\n\nSincerely,`).replace('\nRespectfully,', `\n${OWN_WORDS}\n\nRespectfully,`);
    await editor.fill(edited);
    await widget.getByRole('button', { name: 'Save Changes' }).click();
    await widget.getByText(PERSONAL).waitFor();

    await widget.getByRole('button', { name: 'Submit Letter' }).click();
    await widget.getByRole('heading', { name: 'Letter Submitted Successfully!' }).waitFor();
    expect(Number(db.letters(person.email)[0]!.personal)).toBe(1);
  });
});
