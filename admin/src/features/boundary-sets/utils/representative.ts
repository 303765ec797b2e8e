import type { District } from '@dais/api/contract';

/** 'Councillor Ana Ruiz': the representative's title and name as the file gave them; null where it gave neither. */
export function representativeText(d: Pick<District, 'representative_name' | 'representative_title'>): string | null {
  return [d.representative_title, d.representative_name].filter(Boolean).join(' ') || null;
}
