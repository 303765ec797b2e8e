import { z } from 'zod';
import { optionalText } from './fields';
import { POSITION_LABEL_MAX, POSITION_OPTIONS, POSITIONS, type PositionLabels } from './position';

/** The zod side of position.ts: what the campaign form and the supporters' bodies accept. */

/** Campaign fields (Basic Info). */
export const positionOptionsField = z.enum(POSITION_OPTIONS, {
  error: 'Position must be none, support_oppose or support_oppose_neutral',
});
const label = (name: string) => optionalText(`${name} label`, { max: POSITION_LABEL_MAX }).optional();
export const positionLabelsField = z
  .strictObject({ support: label('Support'), oppose: label('Oppose'), neutral: label('Neutral') }, { error: 'Position labels must be an object' })
  .transform((v): PositionLabels => Object.fromEntries(Object.entries(v).filter(([, text]) => text)));

/** In the sign, generate and submit bodies: absent or null where the campaign asks none. */
export const positionField = z
  .enum(POSITIONS, { error: 'Position must be support, oppose or neutral' })
  .nullish()
  .transform((v) => v ?? null);

export const positionCountsSchema = z.object({ support: z.number(), oppose: z.number(), neutral: z.number() });
