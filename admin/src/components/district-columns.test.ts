import { describe, expect, it } from 'vitest';
import { isValidElement, type ReactElement, type ReactNode } from 'react';
import type { AdminCampaign, DistrictSource, Residency } from '@dais/api/contract';
import { districtColumns } from './district-columns';

const campaign = (id: number, boundary_set_id: number | null): AdminCampaign => ({ ...({} as AdminCampaign), id, boundary_set_id });
const row = (residency: Residency | null, district_name: string | null = null, district_source: DistrictSource | null = null) => ({
  campaign_id: 1,
  residency,
  district_name,
  district_source,
});

/** The words a cell gives, as a person or a screen reader gets them (the dash is hidden from the latter). */
function textOf(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement(node)) {
    const element = node as ReactElement<{ children?: ReactNode; says?: string }>;
    if (typeof element.type === 'function') return `[${element.props.says ?? ''}]`;
    return textOf(element.props.children);
  }
  return '';
}

describe('the District and Residency columns', () => {
  it('are left out where no row and no campaign has a boundary set', () => {
    expect(districtColumns([row(null)], [campaign(1, null)])).toEqual([]);
  });

  it('are there as soon as a campaign has a set, before any row is placed', () => {
    expect(districtColumns([], [campaign(1, 7)]).map((c) => c.header)).toEqual(['District', 'Residency']);
  });

  it('label every row, non-residents and rows waiting for the geocoder included, and mark a district its writer chose', () => {
    const rows = [
      row('resident', 'Ward 2', 'geocoded'),
      row('resident', 'Ward 2', 'self_reported'),
      row('non_resident'),
      row('unknown'),
      row('pending', 'Ward 1', 'self_reported'),
      row(null),
    ];
    const [district, residency] = districtColumns(rows, []);
    expect(rows.map((r) => textOf(district!.cell(r, 'r')))).toEqual(['Ward 2', 'Ward 2 (self-reported)', '[None]', '[None]', 'Ward 1 (self-reported)', '[No boundary set]']);
    expect(rows.map((r) => textOf(residency!.cell(r, 'r')))).toEqual([
      'Resident',
      'Resident',
      'Non-resident',
      'Unknown',
      'Waiting for the address to be placed',
      '[No boundary set]',
    ]);
  });
});
