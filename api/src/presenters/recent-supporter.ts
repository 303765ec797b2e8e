import type { RecentSupporter } from '../contract';

/**
 * What the public may read of a supporter who asked to be shown: the first word of their name, the
 * first letter of its last word, and their city. Never the rest of the name, the e-mail, the
 * street, the ZIP code, the phone or the comment.
 */
export function toRecentSupporter(row: { name: string; city: string }): RecentSupporter | null {
  const words = row.name.trim().split(/\s+/u).filter(Boolean);
  if (words.length === 0) return null;
  // By code point, so that a name in another script or with an accent keeps its first letter whole.
  const initial = words.length > 1 ? Array.from(words[words.length - 1]!)[0]!.toLocaleUpperCase() : null;
  return { first_name: words[0]!, last_initial: initial, city: row.city.trim() };
}
