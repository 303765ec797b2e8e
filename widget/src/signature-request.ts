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
    // The honeypot: empty unless something that is not a person filled every field it found.
    ...(v.website ? { website: v.website } : {}),
  };
}
