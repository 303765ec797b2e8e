import type { Person } from './components/person-fields';
import { districtIn, districtOf } from './district';
import { positionIn } from './position';

/** The sign form's values as typed; unchecked boxes are absent from a form's values. */
export type SignFormValues = Record<string, string | undefined>;

/** POST /api/campaigns/{id}/support (SPEC.md section 7); blank optional fields are sent as null. */
export function signatureBody(campaignId: number, v: SignFormValues) {
  return {
    campaign_id: campaignId,
    name: v.name ?? '',
    email: v.email ?? '',
    comment: v.comment || null,
    is_public: v.is_public === 'on',
    street_address: v.street_address ?? '',
    city: v.city ?? '',
    state: v.state ?? '',
    zip_code: v.zip_code ?? '',
    phone_number: v.phone_number || null,
    // The radio group's choice; null where the campaign asks none (the form has no such field).
    position: positionIn(v.position),
    // The district select's choice (null: 'Not sure'); absent where the campaign has no districts.
    ...districtOf(v),
    // The honeypot: empty unless something that is not a person filled every field it found.
    ...(v.website ? { website: v.website } : {}),
  };
}

/** Who signed, from the form as sent: the thank-you's "Write to ..." starts the letter form from it. */
export function signerOf(v: SignFormValues): Person {
  return {
    name: v.name ?? '',
    email: (v.email ?? '').trim(),
    street_address: v.street_address ?? '',
    city: v.city ?? '',
    state: v.state ?? '',
    zip_code: v.zip_code ?? '',
    phone_number: v.phone_number ?? '',
    comment: v.comment ?? '',
    position: positionIn(v.position),
    district_id: districtIn(v.district_id),
  };
}
