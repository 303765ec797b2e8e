import type { MessagePointErrors } from '../utils/message-point-form';

const ORDER = ['category', 'campaign_id', 'talking_points', 'display_order', 'is_locked'] as const;

/** Moves focus to the first field (in reading order) that has an error. */
export function focusFirstError(container: HTMLElement | null, errors: MessagePointErrors) {
  const first = ORDER.find((f) => errors[f]);
  if (first) container?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
}
