import { formatNumber } from './format';

/** Beside a count of confirmed rows: those still waiting for their writer's confirmation by e-mail. */
export const pendingNote = (n: number) => (n > 0 ? `${formatNumber(n)} more pending confirmation` : undefined);

/**
 * Beside a count of letters: how many of them are personal (at least 12 words of their writer's
 * own, which staff read and identical letters do not get), then those still pending.
 */
export const lettersNote = (personal: number, pending: number) =>
  [personal > 0 && `${formatNumber(personal)} personal ${personal === 1 ? 'letter' : 'letters'}`, pendingNote(pending)].filter(Boolean).join('; ') || undefined;
