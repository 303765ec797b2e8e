import { CLOSINGS as SPANISH } from './es/perspectives';
import { CLOSINGS as ENGLISH } from './perspectives';

/**
 * The sign-offs of a letter in any language Dais writes (each phrasebook's closings): what opens
 * its signature block. Apart from the letter writer, so that stripping a signature block (the
 * packet's worker does, privacy/for-publication.ts) does not load it.
 */
export const ALL_CLOSINGS: readonly string[] = [...ENGLISH, ...SPANISH];
