import { describe, expect, it } from 'vitest';
import { en, es } from '@dais/api/contract';
import { deliveryText } from './delivery-text';

const deadline = '2026-06-09T17:00:00-07:00';
const before = new Date('2026-06-01T12:00:00Z');
const after = new Date('2026-06-10T12:00:00Z');
const campaign = (mode: 'packet' | 'each' | 'manual', over: { deadline?: string | null; decision_body?: string | null } = {}) => ({
  decision_body: over.decision_body === undefined ? 'Springfield City Council' : over.decision_body,
  delivery: { mode, deadline: over.deadline === undefined ? deadline : over.deadline, time_zone: 'America/Los_Angeles' },
});

describe("the success screen's delivery sentence", () => {
  it('names the decision body and the deadline in the campaign\'s time zone for a packet', () => {
    expect(deliveryText(campaign('packet'), en, before)).toBe(
      'It will be delivered to Springfield City Council, with the other letters, before the written-comment deadline: Tuesday, June 9, 2026 at 5:00 PM PDT.',
    );
  });

  it('says the letter is being sent now in each mode, and late after the deadline', () => {
    expect(deliveryText(campaign('each', { deadline: null }), en, before)).toBe('Your letter is being sent to Springfield City Council now.');
    expect(deliveryText(campaign('each'), en, after)).toBe(
      'Your letter is being sent to Springfield City Council now. It arrived after the written-comment deadline (Tuesday, June 9, 2026 at 5:00 PM PDT), so it is marked late.',
    );
  });

  it('promises only what the organisers do in manual mode, and nothing after the deadline', () => {
    expect(deliveryText(campaign('manual'), en, before)).toBe(
      'The organisers will deliver it to Springfield City Council before the written-comment deadline: Tuesday, June 9, 2026 at 5:00 PM PDT.',
    );
    expect(deliveryText(campaign('packet'), en, after)).toBe(
      'The written-comment deadline (Tuesday, June 9, 2026 at 5:00 PM PDT) has passed, so your letter is marked late; the organisers decide whether it still goes to Springfield City Council.',
    );
  });

  it('says "the decision body" when the campaign names none, and nothing when nothing is promised', () => {
    expect(deliveryText(campaign('each', { decision_body: null, deadline: null }), en, before)).toBe('Your letter is being sent to the decision body now.');
    expect(deliveryText({ decision_body: 'Springfield City Council', delivery: null }, en, before)).toBeNull();
  });

  it('says it in Spanish, with the deadline written the Spanish way in the campaign\'s time zone', () => {
    const said = deliveryText(campaign('packet'), es, before);
    expect(said).toBe(
      `Se entregará a Springfield City Council, junto con las demás cartas, antes de la fecha límite para comentarios por escrito: ${new Intl.DateTimeFormat('es-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone: 'America/Los_Angeles' }).format(new Date(deadline))}.`,
    );
    expect(said).toContain('martes, 9 de junio de 2026');
    expect(deliveryText(campaign('each', { decision_body: null }), es, after)).toMatch(/^Su carta se está enviando ahora al organismo que decide\. Llegó después/);
  });

  it("names the representative a letter goes to, or says their district is being found, where each goes to the writer's own", () => {
    const toRivera = { representative: 'Council Member Ana Rivera', finding_district: false };
    const finding = { representative: null, finding_district: true };
    expect(deliveryText(campaign('each', { deadline: null }), en, before, toRivera)).toBe(
      'Your letter is being sent to Council Member Ana Rivera now, with Springfield City Council in copy.',
    );
    expect(deliveryText(campaign('each', { deadline: null }), en, before, finding)).toBe(
      "Your letter will be sent to your district's representative, with Springfield City Council in copy, as soon as your address is matched to a district (within 10 minutes).",
    );
    expect(deliveryText(campaign('each', { deadline: null }), es, before, toRivera)).toBe(
      'Su carta se está enviando ahora a Council Member Ana Rivera, con copia a Springfield City Council.',
    );
    expect(deliveryText(campaign('each'), en, after, toRivera)).toMatch(/^Your letter is being sent to Council Member Ana Rivera now, with Springfield City Council in copy\. It arrived after/);
    // A receipt that names nobody: as before.
    expect(deliveryText(campaign('each', { deadline: null }), en, before, { representative: null, finding_district: false })).toBe('Your letter is being sent to Springfield City Council now.');
  });
});
