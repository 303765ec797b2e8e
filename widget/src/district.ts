/** The district select's value (a district's id; '' for 'Not sure') as the bodies send it. */
export const districtIn = (value: unknown): number | null => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : null);

/**
 * `district_id` for a sign, generate or submit body: present only when the form asked it (the
 * campaign has districts), so a campaign without them sends what it always has.
 */
export const districtOf = (v: { district_id?: unknown }) => ('district_id' in v ? { district_id: districtIn(v.district_id) } : {});
