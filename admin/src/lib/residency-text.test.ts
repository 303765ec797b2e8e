import { describe, expect, it } from 'vitest';
import { districtText, RESIDENCY_LABELS, residentsText } from './residency-text';

describe("a row's district", () => {
  it('is its name, marked where the writer chose it rather than their address placing it', () => {
    expect(districtText({ district_name: 'Ward 2', district_source: 'geocoded' })).toBe('Ward 2');
    expect(districtText({ district_name: 'Ward 2', district_source: 'self_reported' })).toBe('Ward 2 (self-reported)');
  });

  it('is nothing where no district placed the row (a non-resident, not sure, no boundary set)', () => {
    expect(districtText({ district_name: null, district_source: null })).toBeNull();
  });
});

describe('residency', () => {
  it('names every kind, non-residents and rows still waiting included', () => {
    expect(Object.values(RESIDENCY_LABELS)).toEqual(['Resident', 'Non-resident', 'Unknown', 'Waiting for the address to be placed']);
  });

  it('counts residents among every counted row', () => {
    expect(residentsText({ resident: 1200, non_resident: 30, unknown: 4, pending: 1 })).toBe('1,200 of 1,235');
    expect(residentsText({ resident: 0, non_resident: 0, unknown: 0, pending: 0 })).toBe('0 of 0');
  });
});
