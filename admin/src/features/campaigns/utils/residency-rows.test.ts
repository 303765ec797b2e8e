import { describe, expect, it } from 'vitest';
import { residencyRows } from './residency-rows';

describe("a campaign's counts by residency", () => {
  it('gives signatures then letters, each with every counted row in its total, non-residents included', () => {
    const rows = residencyRows({
      residency_counts: {
        supporters: { resident: 120, non_resident: 7, unknown: 3, pending: 2 },
        letters: { resident: 10, non_resident: 1, unknown: 0, pending: 0 },
      },
    });
    expect(rows.map((r) => [r.kind, r.total])).toEqual([
      ['Signatures', 132],
      ['Letters', 11],
    ]);
  });
});
