import { describe, expect, it } from 'vitest';
import { isPersonal, ownWordCount, PERSONAL_WORDS, personalWordCount } from './personal-letter';

const GENERATED = 'Dear Members of the City Council,\n\nI am a parent in Springfield, and I ask the City Council to build safe lanes.\n\nSincerely,\nAna Ruiz';

describe('a personal letter', () => {
  it('counts the words a writer added, in a note or anywhere in the text', () => {
    const note = 'My son was nearly hit at the Oak Avenue crossing last May.';
    expect(ownWordCount(GENERATED.replace('\n\nSincerely', `\n\n${note}\n\nSincerely`), GENERATED)).toBe(12);
    expect(ownWordCount(`${GENERATED} Thank you.`, GENERATED)).toBe(2);
  });

  it('counts a replaced word once, and nothing for words moved, deleted, recased or repunctuated', () => {
    expect(ownWordCount(GENERATED.replace('safe lanes', 'protected lanes'), GENERATED)).toBe(1);
    expect(ownWordCount(GENERATED.replace('I am a parent in Springfield, and ', ''), GENERATED)).toBe(0);
    expect(ownWordCount(GENERATED.toUpperCase().replace(/,/g, ';'), GENERATED)).toBe(0);
    expect(ownWordCount(GENERATED.split('\n').reverse().join('\n'), GENERATED)).toBe(0);
  });

  it("counts the writer's note as theirs, kept or edited, and nothing when they take it out", () => {
    const note = 'My son was nearly hit at the Oak Avenue crossing last May.';
    const generated = GENERATED.replace('\n\nSincerely', `\n\n${note}\n\nSincerely`);
    expect(personalWordCount(generated, generated, note)).toBe(12);
    expect(personalWordCount(generated.replace('last May', 'in May'), generated, note)).toBe(12);
    expect(personalWordCount(generated.replace(note, ''), generated, note)).toBe(0);
    expect(isPersonal(generated, generated, note)).toBe(true);
    expect(isPersonal(generated, generated, null)).toBe(false);
  });

  it(`is personal from ${PERSONAL_WORDS} words of the writer's own`, () => {
    const own = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
    expect(isPersonal(`${GENERATED}\n${own(PERSONAL_WORDS - 1)}`, GENERATED)).toBe(false);
    expect(isPersonal(`${GENERATED}\n${own(PERSONAL_WORDS)}`, GENERATED)).toBe(true);
    // Words in any script count.
    expect(ownWordCount('Mi hija cruza la calle cada mañana; 我的女儿 每天 过马路', '')).toBe(10);
  });
});
