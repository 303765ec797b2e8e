/**
 * Deadlines as people read them, in the campaign's own time zone. Kept apart from time-zone.ts
 * (which carries a date library for turning typed times into instants) because the widget needs
 * only this, and Intl alone does it.
 */

/** 'Tuesday, June 9, 2026 at 5:00 PM PDT': how supporters, clerks and organisers read a deadline. */
export function formatInZone(instant: Date, timeZone: string, withWeekday = true, locale = 'en-US'): string {
  return new Intl.DateTimeFormat(locale, {
    ...(withWeekday ? { weekday: 'long' } : {}),
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  }).format(instant);
}
