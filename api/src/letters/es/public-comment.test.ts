import { describe, expect, it } from 'vitest';
import { resolvePublicComment } from '../public-comment';

const none = { decision_body: null, jurisdiction: null, meeting_date: null, agenda_item_number: null, project_name: null };
const campaign = { title: 'Proteger el parque Las Palmas', ...none };
const TODAY = '2026-05-14';

describe('the Public Comment fields of a Spanish letter', () => {
  it("reads either language's fallback body sent by a client as unset", () => {
    for (const decision_body of ['Concejo Municipal', ' concejo  municipal ', 'City Council']) {
      expect(resolvePublicComment(campaign, { decision_body }, TODAY).decision_body, decision_body).toBeNull();
    }
    expect(resolvePublicComment(campaign, { decision_body: 'Concejo Municipal de Springfield' }, TODAY).decision_body).toBe('Concejo Municipal de Springfield');
    // The campaign's own value is a fact.
    expect(resolvePublicComment({ ...campaign, decision_body: 'Concejo Municipal' }, {}, TODAY).decision_body).toBe('Concejo Municipal');
  });

  it('reads a Spanish "not known yet" agenda item as unset, from the campaign or the client', () => {
    for (const value of ['Por definir', 'por determinar', 'Pendiente.', 'N/D', 'sin  definir']) {
      expect(resolvePublicComment({ ...campaign, agenda_item_number: value }, { agenda_item_number: value }, TODAY).agenda_item_number, value).toBeNull();
    }
    expect(resolvePublicComment({ ...campaign, agenda_item_number: 'Punto 4' }, {}, TODAY).agenda_item_number).toBe('Punto 4');
  });
});
