/**
 * README's 'What a supporter's letter says' shows two letters as Dais writes them; this writes them
 * again from the demo campaigns and the same choices, so the page cannot drift from the writer.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_CAMPAIGNS, type DemoCampaignData } from '../db/demo-data';
import { resolvePublicComment } from './public-comment';
import { writeLetter, type LetterInput } from './write-letter';

const README = fs.readFileSync(path.resolve(__dirname, '../../../README.md'), 'utf8');

/** The README's letters: the text blocks of its section, their wrapped lines joined again. */
function shownLetters(): string[] {
  const section = README.slice(README.indexOf("## What a supporter's letter says"), README.indexOf('## Letters to the decision body'));
  return [...section.matchAll(/```text\n([\s\S]*?)```/g)].map((m) => m[1]!.replace(/\s+/g, ' ').trim());
}

const pointsOf = (c: DemoCampaignData, ids: number[]) =>
  c.points
    .filter((p) => p.is_active !== false)
    .map((p, i) => ({ id: i + 1, category: p.category, talking_points: p.talking_points }))
    .filter((p) => ids.includes(p.id));

function letter(c: DemoCampaignData, over: Pick<LetterInput, 'perspective' | 'supporter' | 'personalNote'>, pointIds: number[]) {
  return writeLetter({
    campaign: c.campaign,
    publicComment: resolvePublicComment(c.campaign, {}, '2026-11-27'),
    points: pointsOf(c, pointIds),
    language: c.campaign.language ?? 'en',
    date: '2026-11-27',
    ...over,
  }).letter_content.replace(/\s+/g, ' ');
}

describe("README's letters", () => {
  it('are what Dais writes for those writers, in English and in Spanish', () => {
    const english = DEMO_CAMPAIGNS[0]!;
    const spanish = DEMO_CAMPAIGNS.find((c) => c.campaign.language === 'es')!;
    const supporter = (name: string) => ({ name, email: 'x@example.org', street_address: '1 Main St', city: 'Springfield', state: 'IL', zip_code: '62704', phone_number: null });
    expect(shownLetters()).toEqual([
      letter(
        english,
        {
          perspective: 'homeowner',
          supporter: { ...supporter('James Okafor'), email: 'james@example.org' },
          personalNote: 'Our basement on River Road flooded twice in 2023, both times with water running off the meadow when the storm drains backed up.',
        },
        [1, 3],
      ),
      letter(spanish, { perspective: 'parent', supporter: { ...supporter('Lucía Moreno'), email: 'lucia@example.org' }, personalNote: null }, [1, 2]),
    ]);
  });
});
