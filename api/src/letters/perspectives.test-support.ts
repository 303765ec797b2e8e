/** For tests: every piece of framing text the voices hold, with `city` filled in. */
import {
  HEARING_VERBS,
  INTRODUCTION_ENDS,
  MOTIVE_LEADS,
  PREFACES,
  REFLECTION_LEADS,
  REMARKS,
  REQUESTS,
  THANKS,
  VOICES,
} from './perspectives';

export function perspectiveFramings(city: string): string[] {
  const voices = Object.values(VOICES).flatMap((v) => [
    ...v.introductions.map((f) => f(city)),
    ...v.motives,
    ...v.asides.map((f) => f(city)),
    ...v.reflections,
    ...v.stakes.map((f) => f(city)),
    ...v.listeners,
  ]);
  const shared = [...INTRODUCTION_ENDS, ...MOTIVE_LEADS, ...REMARKS, ...PREFACES, ...REFLECTION_LEADS, ...HEARING_VERBS, ...THANKS];
  return [...voices, ...shared, ...REQUESTS.map((f) => f('City Council', 'act', 'for all of us'))];
}
