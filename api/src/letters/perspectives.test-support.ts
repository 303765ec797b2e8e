/** For tests: every piece of framing text the voices hold, with `city` filled in. */
import { ASKS, HEARING_VERBS, MOTIVE_LEADS, REFLECTION_LEADS, STAKE_LEADS, THANKS, VOICES } from './perspectives';

export function perspectiveFramings(city: string): string[] {
  const voices = Object.values(VOICES).flatMap((v) => [
    ...v.introductions.map((f) => f(city)),
    ...v.motives,
    ...v.reflections,
    ...v.stakes.map((f) => f(city)),
    ...v.listeners,
  ]);
  const shared = [...MOTIVE_LEADS, ...REFLECTION_LEADS, ...STAKE_LEADS, ...HEARING_VERBS, ...THANKS];
  return [...voices, ...shared, ...ASKS.map((f) => f('City Council', 'act'))];
}
