import { en } from './texts/en';

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

/**
 * The English label a person sees (the admin console's and the English widget's, from the English
 * catalogue); a value that is no perspective of ours is capitalised.
 */
export function perspectiveLabel(value: string): string {
  const known = (PERSPECTIVES as readonly string[]).includes(value) ? en.perspectives[value as Perspective] : null;
  if (known) return known;
  return value
    .split('_')
    .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(' ');
}

export const PERSPECTIVE_OPTIONS = PERSPECTIVES.map((value) => ({ value, label: perspectiveLabel(value) }));
