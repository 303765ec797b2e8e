import { describe, expect, it } from 'vitest';
import { lettersNote, pendingNote } from './stat-notes';

describe('the notes beside a stat card', () => {
  it('says what is pending, and nothing when nothing is', () => {
    expect(pendingNote(0)).toBeUndefined();
    expect(pendingNote(1200)).toBe('1,200 more pending confirmation');
  });

  it('counts personal letters beside the letters, then the pending ones', () => {
    expect(lettersNote(0, 0)).toBeUndefined();
    expect(lettersNote(1, 0)).toBe('1 personal letter');
    expect(lettersNote(12, 3)).toBe('12 personal letters; 3 more pending confirmation');
    expect(lettersNote(0, 3)).toBe('3 more pending confirmation');
  });
});
