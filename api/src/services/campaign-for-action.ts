import { positionProblem, storedPosition, type Position, type PublicCampaign } from '../contract';
import type { Config } from '../config';
import type { Database } from '../db/data-source';
import { districtColumns, geocodes, type DistrictColumns } from '../districts/residency';
import { AppError } from '../http/errors';
import { publicCampaigns, type ActionCampaign } from './public-campaigns';

const ACTIONS = {
  sign: { tab: 'enable_sign_tab', what: 'the campaign being signed', off: 'Signing is turned off for this campaign' },
  letter: { tab: 'enable_letter_tab', what: 'the campaign in the address', off: 'Letters are turned off for this campaign' },
} as const;

/**
 * The active campaign a supporter signs or writes to, checked the same way for both: a body
 * campaign_id, if sent, must be the one in the path, and the action's tab must be on. With its
 * boundary set, whose representatives a letter is written to.
 */
export async function campaignForAction(
  db: Database,
  action: keyof typeof ACTIONS,
  pathId: number,
  bodyId: number | undefined,
): Promise<ActionCampaign> {
  const { tab, what, off } = ACTIONS[action];
  if (bodyId !== undefined && bodyId !== pathId) {
    throw new AppError(
      'validation_failed',
      `campaign_id ${bodyId} does not match ${what} (${pathId}); send the same id or leave campaign_id out`,
      { field: 'campaign_id' },
    );
  }
  const campaign = await publicCampaigns(db).readForAction(pathId);
  if (!campaign[tab]) throw new AppError('action_disabled', off);
  return campaign;
}

/**
 * The position a signature or letter stores: the one sent where the campaign asks one (refused when
 * missing or not offered, with the message the form shows on its radio group), null where it asks
 * none, whatever was sent.
 */
export function positionFor(campaign: Pick<PublicCampaign, 'position_options'>, position: Position | null): Position | null {
  const problem = positionProblem(campaign.position_options, position);
  if (problem) {
    throw new AppError('validation_failed', problem, {
      field: 'position',
      issues: [{ field: 'position', message: problem, problem: position === null ? 'required' : 'other' }],
    });
  }
  return storedPosition(campaign.position_options, position);
}

/**
 * The district columns a signature or letter stores (districts/residency.ts): the district the writer
 * chose, refused when not the campaign's, and `pending` while a configured geocoder has yet to place it.
 */
export function districtFor(campaign: Pick<PublicCampaign, 'districts'>, districtId: number | null, config: Pick<Config, 'geocoder'>): DistrictColumns {
  return districtColumns(campaign, districtId, geocodes(config));
}
