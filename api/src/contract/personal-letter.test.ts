import { describe, expect, it } from 'vitest';
import { isPersonal, ownWordCount, ownWords, PERSONAL_WORDS, personalWordCount } from './personal-letter';

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

describe("a letter's own words", () => {
  const LETTER = 'Dear Members of the City Council,\n\nI am a parent in Springfield. I ask the City Council to build safe lanes! Will you act?\n\nSincerely,\nAna Ruiz';
  const NOTE = 'My son was nearly hit at the Oak Avenue crossing last May.';
  const withNote = LETTER.replace('\n\nSincerely', `\n\n${NOTE}\n\nSincerely`);

  it('are none in a letter as Dais wrote it, recased, repunctuated, rewrapped or reordered', () => {
    expect(ownWords(LETTER, LETTER)).toBe('');
    expect(ownWords(LETTER.toUpperCase().replace(/,/g, ';'), LETTER)).toBe('');
    expect(ownWords(LETTER.replace('Springfield. I ask', 'Springfield.\nI ask'), LETTER)).toBe('');
    expect(ownWords('Will you act? I ask the City Council to build safe lanes! I am a parent in Springfield.\n\nAna Ruiz\nSincerely,', LETTER)).toBe('');
    expect(ownWords('', LETTER)).toBe('');
  });

  it("are the writer's note, kept as Dais set it or edited, and none once they take it out", () => {
    expect(ownWords(withNote, withNote, NOTE)).toBe(NOTE);
    expect(ownWords(withNote.replace('last May', 'in May'), withNote, NOTE)).toBe(NOTE.replace('last May', 'in May'));
    expect(ownWords(withNote.replace(`${NOTE}\n\n`, ''), withNote, NOTE)).toBe('');
    // Generated without it, the note is not Dais's either.
    expect(ownWords(withNote, LETTER)).toBe(NOTE);
  });

  it('are a paragraph the writer added, and each paragraph of theirs apart', () => {
    const added = 'The crossing has no light. Drivers do not stop.';
    expect(ownWords(LETTER.replace('\n\nSincerely', `\n\n${added}\n\nSincerely`), LETTER)).toBe(added);
    expect(ownWords(`Hello.\n\n${LETTER}\n\nP.S. Thank you!`, LETTER)).toBe('Hello.\n\nP.S. Thank you!');
    // Their sentences in one paragraph are joined by a space, whatever line breaks held them.
    expect(ownWords(`${LETTER}\nRoom 4\nSpringfield`, LETTER)).toBe('Room 4 Springfield');
  });

  it('are the whole sentence in which the writer changed a word, its neighbours left out', () => {
    expect(ownWords(LETTER.replace('safe lanes', 'protected lanes'), LETTER)).toBe('I ask the City Council to build protected lanes!');
    expect(ownWords(LETTER.replace('Ana Ruiz', 'Ana M. Ruiz'), LETTER)).toBe('Ana M. Ruiz');
  });

  it('read Spanish as any text: ¿ and ¡ open a sentence, accents are letters', () => {
    const carta = 'Estimados miembros del Concejo:\n\nSoy madre en Springfield. ¿Pueden construir carriles seguros? ¡Gracias por su atención!\n\nAtentamente,\nAna Ruiz';
    expect(ownWords(carta, carta)).toBe('');
    expect(ownWords(carta.replace('¡Gracias', 'Mi hijo cruzó la avenida Roble. ¡Gracias'), carta)).toBe('Mi hijo cruzó la avenida Roble.');
    expect(ownWords(carta.replace('carriles seguros', 'carriles protegidos'), carta)).toBe('¿Pueden construir carriles protegidos?');
    // An accent is a letter: without it the word is another one.
    expect(ownWords(carta.replace('atención', 'atencion'), carta)).toBe('¡Gracias por su atencion!');
  });

  it('read CRLF line endings as the letter Dais wrote with LF', () => {
    expect(ownWords(LETTER.replace(/\n/g, '\r\n'), LETTER)).toBe('');
    expect(ownWords(withNote.replace(/\n/g, '\r\n'), withNote.replace(/\n/g, '\r\n'), NOTE)).toBe(NOTE);
    expect(ownWords(`${LETTER}\n\nThank you.\nAna`.replace(/\n/g, '\r\n'), LETTER)).toBe('Thank you. Ana');
  });

  // 200 KB, ten times the longest letter the API takes (LIMITS.letterContent): a quadratic pass would take seconds.
  const KB200 = 200_000;
  // Milliseconds of this process's CPU, not of the clock, which other work on a shared machine
  // stretches; the best of three runs, as the first runs before the code is compiled.
  const timed = (text: string) =>
    Math.min(
      ...[1, 2, 3].map(() => {
        const start = process.cpuUsage();
        ownWords(text, text.slice(0, KB200 / 2));
        const { user, system } = process.cpuUsage(start);
        return (user + system) / 1000;
      }),
    );

  it('take time linear in the text: 200 KB of letters in well under 100 ms', () => {
    expect(timed(`${LETTER}\n\nA sentence of the writer's own.\n\n`.repeat(KB200 / 170))).toBeLessThan(100);
    expect(timed('A sentence of the writer. '.repeat(KB200 / 26))).toBeLessThan(100);
  });

  it('take time linear in the text whatever its shape, a sentence every two characters at worst', () => {
    const shapes = [
      `.${')'.repeat(KB200)}x`,
      `a${' '.repeat(KB200)}b`,
      `a${'\n \n'.repeat(KB200 / 3)}b`,
      `${'word'.repeat(KB200 / 4)}.`,
      '.'.repeat(KB200),
      'x\n'.repeat(KB200 / 2),
      'x. '.repeat(KB200 / 3),
    ];
    for (const text of shapes) expect(timed(text), JSON.stringify(text.slice(0, 8))).toBeLessThan(400);
  });
});
