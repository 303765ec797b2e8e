import { describe, expect, it } from 'vitest';
import { representativeText } from './representative';

describe("a district's representative", () => {
  it('is their title and name, either alone where the file gives one', () => {
    expect(representativeText({ representative_title: 'Councillor', representative_name: 'Ana Ruiz' })).toBe('Councillor Ana Ruiz');
    expect(representativeText({ representative_title: null, representative_name: 'Ana Ruiz' })).toBe('Ana Ruiz');
    expect(representativeText({ representative_title: 'Alderperson', representative_name: null })).toBe('Alderperson');
    expect(representativeText({ representative_title: null, representative_name: null })).toBeNull();
  });
});
