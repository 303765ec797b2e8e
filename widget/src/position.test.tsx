import { describe, expect, it } from 'vitest';
import {
  CATALOGUES,
  formatCountIn,
  letterGenerateSchema,
  letterSubmitSchema,
  POSITIONS,
  signatureCreateSchema,
  type Language,
  type PositionOptions,
  type PublicCampaign,
  type SupporterTexts,
} from '@dais/api/contract';
import { issueText } from './api';
import { LetterPanel } from './components/letter-panel';
import { PositionCounts } from './components/position-counts';
import { PositionField } from './components/position-field';
import { SignPanel } from './components/sign-panel';
import { generateLetterBody, isLetterData, submitLetterBody, toLetterData } from './letter-data';
import { positionIn } from './position';
import { signatureBody, signerOf } from './signature-request';
import { letterForm, publicCampaign, renderIn, signer } from './test-forms';

/** Issue 24 point 6: the position radio group, what it sends, and the counts under the progress bar. */

const campaign = (options: PositionOptions, over: Partial<PublicCampaign> = {}): PublicCampaign =>
  publicCampaign({
    position_options: options,
    position_labels:
      options === 'none' ? {} : { support: 'Keep the park public', oppose: 'Allow the rezoning', ...(options === 'support_oppose_neutral' ? { neutral: 'Undecided' } : {}) },
    ...over,
  });

const radios = (html: string) => [...html.matchAll(/<input type="radio"[^>]*>/g)].map(([tag]) => tag);


describe("a form's value as a position", () => {
  it("reads only the contract's positions", () => {
    for (const p of POSITIONS) expect(positionIn(p)).toBe(p);
    for (const other of [undefined, null, '', 'Support', 'abstain', 1]) expect(positionIn(other)).toBeNull();
  });
});

describe.each(Object.entries(CATALOGUES) as [Language, SupporterTexts][])('a position, where the campaign asks one (%s)', (...catalogue) => {
  const [, texts] = catalogue;
  it('shows no radio group where the campaign asks none, and the bodies then carry no position', () => {
    const c = campaign('none');
    for (const html of [renderIn(catalogue, <SignPanel campaign={c} onSigned={() => {}} onShare={null} onWriteLetter={null} />), renderIn(catalogue, <LetterPanel campaign={c} points={[]} onGenerated={() => {}} />)]) {
      expect(html).not.toContain('<fieldset');
      expect(html).not.toContain(texts.yourPosition);
      expect(radios(html)).toEqual([]);
    }
    expect(signatureBody(7, signer).position).toBeNull();
    expect(generateLetterBody(c, letterForm, []).position).toBeNull();
  });

  it("asks on both forms with a required group under the legend, one radio per offered choice in the organiser's words, none chosen", () => {
    for (const [options, offered] of [
      ['support_oppose', ['support', 'oppose']],
      ['support_oppose_neutral', ['support', 'oppose', 'neutral']],
    ] as const) {
      const c = campaign(options);
      for (const html of [renderIn(catalogue, <SignPanel campaign={c} onSigned={() => {}} onShare={null} onWriteLetter={null} />), renderIn(catalogue, <LetterPanel campaign={c} points={[]} onGenerated={() => {}} />)]) {
        expect(html).toContain(`<legend>${texts.yourPosition}</legend>`);
        const inputs = radios(html);
        expect(inputs.map((tag) => tag.match(/value="(\w+)"/)![1])).toEqual(offered);
        for (const tag of inputs) {
          expect(tag).toContain('name="position"');
          expect(tag).toContain('required');
          expect(tag).not.toContain('checked');
        }
        for (const p of offered) expect(html).toContain(`<span>${c.position_labels[p]}</span>`);
      }
    }
  });

  it("starts the letter's group on the position the supporter signed with", () => {
    const start = signerOf({ ...signer, position: 'oppose' });
    const html = renderIn(catalogue, <LetterPanel campaign={campaign('support_oppose_neutral')} points={[]} onGenerated={() => {}} start={start} />);
    expect(radios(html).filter((tag) => tag.includes('checked'))).toEqual([expect.stringContaining('value="oppose"')]);
  });

  it("shows the server's refusal on the group, tied to each radio, in the supporter's language", () => {
    const refused = { field: 'position', problem: 'required' as const, message: 'Please choose your position' };
    expect(issueText(refused, texts)).toBe(texts.locale.startsWith('en') ? 'Please choose your position' : texts.fieldIssue.required(texts.yourPosition));
    const html = renderIn(catalogue, <PositionField campaign={campaign('support_oppose')} error={issueText(refused, texts)} />);
    const errorId = html.match(/<p id="([^"]+)" class="err">/)![1];
    for (const tag of radios(html)) expect(tag).toMatch(new RegExp(`aria-invalid="true" aria-describedby="${errorId}"`));
  });

  it('sends the chosen position with the signature, the generated letter and the submitted one (through the review)', () => {
    const c = campaign('support_oppose_neutral');
    const sign = signatureBody(7, { ...signer, position: 'neutral' });
    expect(sign.position).toBe('neutral');
    expect(signatureCreateSchema.safeParse(sign).success).toBe(true);
    const form = { ...letterForm, position: 'oppose' };
    const generate = generateLetterBody(c, form, [1]);
    expect(generate.position).toBe('oppose');
    expect(letterGenerateSchema.safeParse(generate).success).toBe(true);
    // The review's letter lives in history.state on Dais's own page: a structured clone.
    const letter = structuredClone(toLetterData({ letter_content: 'Dear Council,', campaign_id: 7, campaign_title: c.title, subject: 'S' }, form, [1]));
    expect(isLetterData(letter)).toBe(true);
    const submit = submitLetterBody(letter, 'Dear Council, edited.');
    expect(submit.position).toBe('oppose');
    expect(letterSubmitSchema.safeParse(submit).success).toBe(true);
  });

  it('lists the published counts under the progress bar, signatures where the campaign collects them, else letters', () => {
    const position_counts = { supporters: { support: 1200, oppose: 30, neutral: 0 }, letters: { support: 4, oppose: 2, neutral: 0 } };
    expect(renderIn(catalogue, <PositionCounts campaign={campaign('support_oppose')} />)).toBe('');
    const html = renderIn(catalogue, <PositionCounts campaign={campaign('support_oppose', { position_counts })} />);
    expect(html).toContain(texts.positionCountsHeading);
    expect(html).toContain(`<span>Keep the park public</span> <strong>${formatCountIn(texts, 1200)}</strong>`);
    expect(html).toContain(`<span>Allow the rezoning</span> <strong>30</strong>`);
    // Only the offered choices, never the one the campaign does not ask.
    expect(html.match(/<li>/g)).toHaveLength(2);
    const letters = renderIn(catalogue, <PositionCounts campaign={campaign('support_oppose', { position_counts, enable_sign_tab: false })} />);
    expect(letters).toContain('<strong>4</strong>');
  });
});
