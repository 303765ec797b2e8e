/** SPEC.md section 3: perspective options (value: label). */
export const PERSPECTIVES = [
  'landowner',
  'educator',
  'homeowner',
  'parent',
  'business_owner',
  'student',
  'retiree',
  'healthcare_worker',
  'veteran',
  'community_member',
] as const;

export type Perspective = (typeof PERSPECTIVES)[number];

const EXPLICIT_LABELS: Partial<Record<Perspective, string>> = {
  business_owner: 'Business Owner',
  healthcare_worker: 'Healthcare Worker',
  community_member: 'Community Member',
};

/** The label a person sees; labels not given by the spec are the capitalised value. */
export function perspectiveLabel(value: string): string {
  const explicit = EXPLICIT_LABELS[value as Perspective];
  if (explicit) return explicit;
  return value
    .split('_')
    .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(' ');
}

export const PERSPECTIVE_OPTIONS = PERSPECTIVES.map((value) => ({ value, label: perspectiveLabel(value) }));
