/** For tests: every piece of the Spanish framing text, with `city` filled in, to a council and to one person. */
import { addressed } from './phrasebook';
import { HEARING_VERBS, MOTIVE_LEADS, REFLECTION_LEADS, STAKE_LEADS, THANKS } from './perspectives';
import { VOICES } from './voices';

/** Every part as written, marks ('le{s}') and all. */
export function spanishParts(city: string): string[] {
  const voices = Object.values(VOICES).flatMap((v) => [
    ...v.introductions.map((f) => f(city)),
    ...v.motives,
    ...v.reflections,
    ...v.stakes.map((f) => f(city)),
    ...v.listeners,
  ]);
  return [...voices, ...MOTIVE_LEADS, ...REFLECTION_LEADS, ...STAKE_LEADS, ...HEARING_VERBS, ...THANKS];
}

/** Every part as a letter prints it, to ustedes and to usted. */
export function spanishFramings(city: string): string[] {
  const parts = spanishParts(city);
  return [...new Set([...parts.map((p) => addressed(p, true)), ...parts.map((p) => addressed(p, false))])];
}
