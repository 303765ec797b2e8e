import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { en, es } from '../../api/src/contract/texts';
import { expectNoAxeViolations } from '../support/axe';
import { useChromium } from '../support/browser';
import { openDaisDatabase } from '../support/database';
import { pdfInfo, pdfText, words } from '../support/pdf';
import { activePanel, DEMO, newPerson, waitForCampaign, widgetOf } from '../support/widget';

const chromium = useChromium();
const db = openDaisDatabase();
const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'dais-e2e-es-'));
afterAll(() => {
  db.close();
  fs.rmSync(downloads, { recursive: true, force: true });
});

/** Every English text of the catalogue that Spanish says otherwise, as a whole-word pattern. */
const ENGLISH = Object.entries(flatStrings(en))
  .filter(([key, text]) => text.length > 3 && flatStrings(es)[key] !== text)
  .map(([key, text]) => ({ key, pattern: new RegExp(`(^|[^\\p{L}])${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u') }));

function flatStrings(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  if (typeof value !== 'object' || value === null) return {};
  return Object.assign({}, ...Object.entries(value).map(([k, v]) => flatStrings(v, prefix ? `${prefix}.${k}` : k)));
}

/** What the supporter meets in the widget: its text, and the names and options a screen reader reads. */
async function everythingSaid(widget: Locator): Promise<string> {
  return widget.evaluate((host) => {
    const root = host.shadowRoot!;
    const named = [...root.querySelectorAll('[aria-label], [title], [placeholder], option')].map(
      (e) => `${e.getAttribute('aria-label') ?? ''} ${e.getAttribute('title') ?? ''} ${e.getAttribute('placeholder') ?? ''} ${e.tagName === 'OPTION' ? e.textContent : ''}`,
    );
    const visible = (root.querySelector('[part="root"]') as HTMLElement).innerText;
    return [visible, ...named].join('\n');
  });
}

/** Fails with the keys of any English catalogue text the widget still shows, state by state. */
async function expectAllSpanish(widget: Locator, state: string) {
  const said = await everythingSaid(widget);
  expect.soft(ENGLISH.filter((e) => e.pattern.test(said)).map((e) => e.key), `English left in "${state}"`).toEqual([]);
}

async function download(page: Page, button: Locator) {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const saved = path.join(downloads, `${Date.now()}-${file.suggestedFilename()}`);
  await file.saveAs(saved);
  return { name: file.suggestedFilename(), path: saved };
}

describe('a campaign in Spanish', () => {
  it('is signed, written to, reviewed, downloaded and submitted entirely in Spanish, with nothing axe can fault', async () => {
    const { page } = await chromium.openHostPage(`element.html?campaign=${DEMO.palmas.id}`);
    const widget = await waitForCampaign(widgetOf(page, DEMO.palmas.id), DEMO.palmas.title);
    expect(await widget.locator('[part="root"]').getAttribute('lang')).toBe('es');
    const before = db.campaign(DEMO.palmas.id)!;
    await widget.getByText(`${before.supporter_count} firmas de apoyo`).waitFor();
    await expectAllSpanish(widget, 'campaign');
    await expectNoAxeViolations(page, 'campaign in Spanish');

    // Sign.
    const person = newPerson();
    const form = activePanel(widget);
    await form.getByLabel('Nombre completo').fill(person.name);
    await form.getByLabel('Correo electrónico').fill(person.email);
    await form.getByLabel('Dirección').fill(person.street);
    await form.getByLabel('Ciudad').fill(person.city);
    await form.getByLabel('Estado').fill(person.state);
    await form.getByLabel('Código postal').fill(person.zip);
    await form.getByRole('button', { name: 'Firmar la petición' }).click();
    await widget.getByRole('heading', { name: '¡Gracias!' }).waitFor();
    await widget.getByText(es.signatureAdded).waitFor();
    await expect.poll(() => db.campaign(DEMO.palmas.id)!.supporter_count).toBe(before.supporter_count + 1);
    await widget.getByText(`${before.supporter_count + 1} firmas de apoyo`).waitFor();
    await expectAllSpanish(widget, 'thank-you');
    await expectNoAxeViolations(page, 'thank-you in Spanish');

    // The thank-you's next step: a letter, filled in as the signer.
    await widget.getByRole('button', { name: 'Escribir a la Comisión de Planificación de Springfield' }).click();
    const letterForm = activePanel(widget);
    expect(await letterForm.getByLabel('Nombre completo').inputValue()).toBe(person.name);
    await letterForm.getByText(es.selectOnePoint).waitFor();
    await expectAllSpanish(widget, 'letter form');
    await expectNoAxeViolations(page, 'letter form in Spanish');
    // The talking points on offer are the campaign's and the general ones written in Spanish, none in English.
    const offered = await letterForm.getByRole('group', { name: 'Puntos del mensaje' }).innerText();
    expect(offered).toContain('Transparencia');
    for (const english of ['Community voice', 'Transparency']) expect(offered).not.toContain(english);
    await letterForm.getByLabel('Su perspectiva').selectOption({ label: 'Docente' });
    const point = letterForm.getByRole('group', { name: 'Puntos del mensaje' }).getByRole('checkbox').first();
    await point.check();
    await letterForm.getByLabel('¿Cómo le afecta esto a usted o a su familia?').fill('Aprendí a andar en bicicleta en ese parque.');
    await letterForm.getByRole('button', { name: 'Escribir la carta' }).click();

    // The review: the letter itself is in Spanish, written for an educator.
    await widget.getByRole('heading', { name: 'Revise su carta de apoyo' }).waitFor();
    const letter = (await widget.locator('[part="letter"] p').allTextContents()).join('\n');
    expect(letter).toContain('El parque Las Palmas es el único lugar del barrio donde los niños pueden jugar al aire libre.');
    expect(letter).toContain('Aprendí a andar en bicicleta en ese parque.');
    expect(letter).toMatch(/^Para: /m);
    expect(letter).toContain(person.name);
    for (const english of [/\bDear\b/, /\bSincerely\b/, /\bRespectfully\b/, /\bI am\b/, /\bthe\b/]) expect(letter).not.toMatch(english);
    expect(await widget.locator('[part="banner"]').innerText()).toContain('Perspectiva: Docente');
    await expectAllSpanish(widget, 'review');
    await expectNoAxeViolations(page, 'review in Spanish');

    // The PDF: named in Spanish, one page, the letter's words read back with their accents.
    const pdf = await download(page, widget.getByRole('button', { name: 'Descargar', exact: true }));
    expect(pdf.name).toBe('carta-de-apoyo-proteger-el-parque-las-palmas.pdf');
    expect(pdfInfo(pdf.path).Pages).toBe('1');
    expect(pdfInfo(pdf.path).Title).toBe('Carta de apoyo: Proteger el parque Las Palmas');
    const printed = words(pdfText(pdf.path));
    expect(printed).toContain(words('El parque Las Palmas es el único lugar del barrio donde los niños pueden jugar al aire libre.'));
    expect(printed).toContain('Aprendí a andar en bicicleta en ese parque.');

    // Submit: the success screen says how the letter reaches the decision body, in Spanish.
    await widget.getByRole('button', { name: 'Enviar la carta' }).click();
    await widget.getByRole('heading', { name: '¡Carta enviada con éxito!' }).waitFor();
    const delivery = await widget.locator('[part="delivery"]').innerText();
    expect(delivery).toMatch(/^El equipo de la campaña la entregará a la Comisión de Planificación de Springfield antes de la fecha límite para comentarios por escrito: \S+, \d+ de \S+ de \d{4}/);
    await expectAllSpanish(widget, 'success');
    await expectNoAxeViolations(page, 'success in Spanish');
    const stored = db.letters(person.email);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.letter_content).toBe(letter);
  });

  it("speaks the host's data-lang over the campaign's language, and the element's lang as it changes", async () => {
    // An English campaign asked for in Spanish: the interface is Spanish; the organiser's words stay as written.
    const { page } = await chromium.openHostPage(`lang.html?campaign=${DEMO.park.id}`);
    const widget = await waitForCampaign(widgetOf(page, DEMO.park.id), DEMO.park.title);
    await widget.getByRole('tab', { name: 'Firmar la petición' }).waitFor();
    expect(await widget.getAttribute('lang')).toBe('es');
    await expectAllSpanish(widget, 'an English campaign in Spanish');

    // The element's lang is live: English again, then Spanish by a regional tag.
    await widget.evaluate((el) => el.setAttribute('lang', 'en'));
    await widget.getByRole('tab', { name: 'Sign Petition' }).waitFor();
    await widget.evaluate((el) => el.setAttribute('lang', 'es-MX'));
    await widget.getByRole('tab', { name: 'Firmar la petición' }).waitFor();
  });

  it('lets the widget page and the iframe speak English on a Spanish campaign when asked (?lang=en)', async () => {
    const { page } = await chromium.openDaisPage(`/widget/${DEMO.palmas.id}?lang=en`);
    const widget = await waitForCampaign(widgetOf(page), DEMO.palmas.title);
    await widget.getByRole('tab', { name: 'Sign Petition' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    const spanishPage = await chromium.openDaisPage(`/widget/${DEMO.palmas.id}`);
    await waitForCampaign(widgetOf(spanishPage.page), DEMO.palmas.title);
    await widgetOf(spanishPage.page).getByRole('tab', { name: 'Firmar la petición' }).waitFor();
    expect(await spanishPage.page.evaluate(() => document.documentElement.lang)).toBe('es');
  });

  it('shows the campaign on the landing page in its own language', async () => {
    const { page } = await chromium.openDaisPage('/');
    const card = page.getByRole('article', { name: DEMO.palmas.title });
    expect(await card.getAttribute('lang')).toBe('es');
    await card.getByRole('link', { name: 'Participar' }).waitFor();
    await card.getByText(/^\d+ firmas?$/).waitFor();
    await page.getByRole('article', { name: DEMO.park.title }).getByRole('link', { name: 'Take Action' }).waitFor();
  });
});
