import { describe, expect, it } from 'vitest';
import type { AdminCampaign } from '@dais/api/contract';
import { positionColumn } from './position-column';

const campaign = (id: number, over: Partial<AdminCampaign>): AdminCampaign => ({ ...({} as AdminCampaign), id, position_options: 'none', position_labels: {}, ...over });
const park = campaign(1, { position_options: 'support_oppose', position_labels: { support: 'Keep the park public', oppose: 'Allow the rezoning' } });
const library = campaign(2, {});

describe('the Position column', () => {
  it('is left out where no row and no campaign has a position', () => {
    expect(positionColumn([{ campaign_id: 2, position: null }], [library])).toBe(false);
  });

  it("shows each row's position in its campaign's words, else the plain name", () => {
    const rows = [
      { campaign_id: 1, position: 'oppose' as const },
      // A campaign the list did not load (or not yet): the plain name.
      { campaign_id: 9, position: 'support' as const },
    ];
    const column = positionColumn(rows, [park, library]);
    expect(column && column.header).toBe('Position');
    if (!column) return;
    expect(rows.map((r) => column.cell(r, 'r'))).toEqual(['Allow the rezoning', 'Support']);
  });

  it('is there for a row with a position even before the campaigns load', () => {
    expect(positionColumn([{ campaign_id: 1, position: 'support' as const }], [])).not.toBe(false);
  });
});
