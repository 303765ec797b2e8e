import { describe, expect, it } from 'vitest';
import {
  CATALOGUES,
  letterGenerateSchema,
  letterSubmitSchema,
  signatureCreateSchema,
  type Language,
  type PublicCampaign,
  type SupporterTexts,
} from '@dais/api/contract';
import { DISTRICT_NOT_LISTED } from '../../api/src/districts/residency';
import { issueText } from './api';
import { DistrictField } from './components/district-field';
import { LetterPanel } from './components/letter-panel';
import { SignPanel } from './components/sign-panel';
import { districtIn } from './district';
import { generateLetterBody, isLetterData, submitLetterBody, toLetterData } from './letter-data';
import { signatureBody, signerOf } from './signature-request';
import { letterForm, publicCampaign, renderIn, signer } from './test-forms';

/** Issue 25 point 5: 'Which district do you live in?' on both forms, and `district_id` in what they send. */

const WARDS = [
  { id: 31, name: 'Ward 1' },
  { id: 12, name: 'Ward 2' },
];

const campaign = (districts: PublicCampaign['districts']) => publicCampaign({ districts });

const forms = (catalogue: [Language, SupporterTexts], c: PublicCampaign) => [
  renderIn(catalogue, <SignPanel campaign={c} onSigned={() => {}} onShare={null} onWriteLetter={null} />),
  renderIn(catalogue, <LetterPanel campaign={c} points={[]} onGenerated={() => {}} />),
];

const select = (html: string) => html.match(/<select[^>]*name="district_id"[^>]*>(.*?)<\/select>/);
const options = (html: string) => [...select(html)![1]!.matchAll(/<option value="(\d*)"( selected="")?>([^<]*)<\/option>/g)].map(([, value, selected, text]) => ({ value, text, selected: !!selected }));

const generated = { letter_content: 'Dear Council,', campaign_id: 7, campaign_title: 'Riverside Park', subject: 'S' };

describe("the district select's value", () => {
  it("is a district's id, or null for 'Not sure' and anything that is not an id", () => {
    expect(districtIn('12')).toBe(12);
    for (const other of ['', undefined, null, 'Ward 2', '-1', '1.5']) expect(districtIn(other)).toBeNull();
  });
});

describe('the Spanish texts', () => {
  it('ask the question in Spanish', () => {
    expect([CATALOGUES.es.whichDistrict, CATALOGUES.es.notSure]).toEqual(['¿En qué distrito vive?', 'No lo sé']);
    expect([CATALOGUES.en.whichDistrict, CATALOGUES.en.notSure]).toEqual(['Which district do you live in?', 'Not sure']);
  });
});

describe.each(Object.entries(CATALOGUES) as [Language, SupporterTexts][])('the district, where the campaign has districts (%s)', (...catalogue) => {
  const [, texts] = catalogue;

  it('asks nothing where the campaign has no districts, and the bodies then carry no district_id, as before', () => {
    for (const html of forms(catalogue, campaign([]))) {
      expect(html).not.toContain('name="district_id"');
      expect(html).not.toContain(texts.whichDistrict);
    }
    expect(signatureBody(7, signer)).not.toHaveProperty('district_id');
    expect(generateLetterBody(campaign([]), letterForm, [])).not.toHaveProperty('district_id');
    const letter = toLetterData(generated, letterForm, []);
    expect(letter).not.toHaveProperty('district_id');
    expect(submitLetterBody(letter, 'Dear Council,')).not.toHaveProperty('district_id');
  });

  it("asks on both forms with an optional select under its label, after the address: 'Not sure' first and chosen, then the districts in the set's order", () => {
    for (const html of forms(catalogue, campaign(WARDS))) {
      const tag = html.match(/<select[^>]*name="district_id"[^>]*>/)![0];
      const id = tag.match(/id="([^"]+)"/)![1];
      // The label is bound to the select, so a screen reader and a tap on the label find it.
      expect(html).toContain(`<label for="${id}">${texts.whichDistrict}<span class="opt">${texts.optional}</span></label>`);
      expect(tag).not.toContain('required');
      expect(options(html)).toEqual([
        { value: '', text: texts.notSure, selected: true },
        { value: '31', text: 'Ward 1', selected: false },
        { value: '12', text: 'Ward 2', selected: false },
      ]);
      const at = (name: string) => html.indexOf(`name="${name}"`);
      expect(at('zip_code')).toBeLessThan(at('district_id'));
      expect(at('district_id')).toBeLessThan(at('phone_number'));
    }
  });

  it("starts the letter's select on the district the supporter signed with", () => {
    const start = signerOf({ ...signer, district_id: '12' });
    expect(start.district_id).toBe(12);
    const html = renderIn(catalogue, <LetterPanel campaign={campaign(WARDS)} points={[]} onGenerated={() => {}} start={start} />);
    expect(options(html).filter((o) => o.selected)).toEqual([{ value: '12', text: 'Ward 2', selected: true }]);
    const unsure = renderIn(catalogue, <LetterPanel campaign={campaign(WARDS)} points={[]} onGenerated={() => {}} start={signerOf({ ...signer, district_id: '' })} />);
    expect(options(unsure).filter((o) => o.selected)).toEqual([{ value: '', text: texts.notSure, selected: true }]);
  });

  it('sends the chosen district with the signature, the generated letter and the submitted one (through the review), and null for Not sure', () => {
    const c = campaign(WARDS);
    for (const [value, sent] of [
      ['12', 12],
      ['', null],
    ] as const) {
      const sign = signatureBody(7, { ...signer, district_id: value });
      expect(sign.district_id).toBe(sent);
      expect(signatureCreateSchema.safeParse(sign).success).toBe(true);
      const form = { ...letterForm, district_id: value };
      const generate = generateLetterBody(c, form, [1]);
      expect(generate.district_id).toBe(sent);
      expect(letterGenerateSchema.safeParse(generate).success).toBe(true);
      // The review's letter lives in history.state on Dais's own page: a structured clone.
      const letter = structuredClone(toLetterData(generated, form, [1]));
      expect(isLetterData(letter)).toBe(true);
      const submit = submitLetterBody(letter, 'Dear Council, edited.');
      expect(submit.district_id).toBe(sent);
      expect(letterSubmitSchema.safeParse(submit).success).toBe(true);
    }
    expect(isLetterData({ ...toLetterData(generated, letterForm, [1]), district_id: 'Ward 2' })).toBe(false);
  });

  it("shows the server's refusal of a district not in the list by the select, tied to it, in the supporter's language", () => {
    const refused = { field: 'district_id', problem: 'other' as const, message: DISTRICT_NOT_LISTED };
    // English shows the server's words; another language names the field (the server writes English).
    const said = issueText(refused, texts);
    expect(said).toBe(texts.locale.startsWith('en') ? DISTRICT_NOT_LISTED : texts.fieldIssue.invalid(texts.whichDistrict));
    const html = renderIn(catalogue, <DistrictField districts={WARDS} error={said} start={12} />);
    const errorId = html.match(/<p id="([^"]+)" class="err">/)![1];
    expect(html).toContain(`<p id="${errorId}" class="err">${said.replace(/'/g, '&#x27;')}</p>`);
    expect(html.match(/<select[^>]*>/)![0]).toMatch(new RegExp(`aria-invalid="true" aria-describedby="${errorId}"`));
  });
});
