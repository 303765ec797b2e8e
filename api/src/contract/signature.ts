import { z } from 'zod';
import { bool, email, id, optionalText, text } from './fields';
import { botCheckFields } from './bot-check';
import { LIMITS } from './limits';
import { positionField } from './position-fields';
import { districtIdField } from './boundary-sets';

/** The address block shared by signatures and letters (SPEC.md section 5). */
export const addressFields = {
  street_address: text('Street address', { max: LIMITS.street.max, minMessage: 'Street address is required' }),
  city: text('City', { max: LIMITS.city.max, minMessage: 'City is required' }),
  state: text('State', { min: LIMITS.state.min, max: LIMITS.state.max, minMessage: 'State is required' }),
  zip_code: text('ZIP code', { min: LIMITS.zip.min, max: LIMITS.zip.max, minMessage: 'Please enter a valid zip code' }),
  phone_number: optionalText('Phone number', { max: LIMITS.phone.max }),
};

/** POST /api/campaigns/{id}/support */
export const signatureCreateSchema = z.strictObject({
  // The spec's body repeats the campaign id; the path is authoritative and a mismatch is refused.
  campaign_id: id('campaign_id').optional(),
  name: text('Name', {
    min: LIMITS.name.min,
    max: LIMITS.name.max,
    minMessage: 'Name must be at least 2 characters',
  }),
  email: email(),
  comment: optionalText('Comment', { max: LIMITS.comment.max, multiline: true }),
  is_public: bool('is_public').default(true),
  // Required where the campaign asks a position (commands/sign-petition.ts checks it against the campaign).
  position: positionField,
  // Where a campaign has a boundary set: the writer's own district, or null for 'Not sure'.
  district_id: districtIdField,
  ...addressFields,
  ...botCheckFields,
});

export type SignatureCreateInput = z.infer<typeof signatureCreateSchema>;
