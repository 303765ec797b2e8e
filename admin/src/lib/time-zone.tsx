/**
 * One time zone per screen, named on it. A screen about one campaign shows its times in the
 * campaign's zone (where its decision body sits, as its deadline is read); every other screen in
 * the zone of the browser it is read in. The screen names its zone once ('Times in
 * America/Chicago (CST), the campaign's time zone') and every time on it is formatted in that zone,
 * which its parts read from context rather than each choosing one.
 */
import { createContext, useContext, type ReactNode } from 'react';

/** The browser's own zone (IANA name), UTC when it names none. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** 'America/Chicago (CST)': the zone's name and its abbreviation (or offset, 'GMT+1') at `at`. */
export function zoneName(timeZone: string, at: Date = new Date()): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(at).find((p) => p.type === 'timeZoneName');
  return part && part.value !== timeZone ? `${timeZone} (${part.value})` : timeZone;
}

/** Whose zone a screen shows its times in. */
export type ScreenZoneKind = 'campaign' | 'browser';

export interface ScreenZone {
  timeZone: string;
  kind: ScreenZoneKind;
}

/** A campaign's screen: the campaign's zone, or the browser's while it has none. */
export function campaignZone(campaign: { time_zone: string | null } | null | undefined): ScreenZone {
  return campaign?.time_zone ? { timeZone: campaign.time_zone, kind: 'campaign' } : { timeZone: browserTimeZone(), kind: 'browser' };
}

export const browserZone = (): ScreenZone => ({ timeZone: browserTimeZone(), kind: 'browser' });

const ZoneContext = createContext<ScreenZone | null>(null);

/** Gives the screen's zone to everything inside it. */
export function ScreenTimeZone({ zone, children }: { zone: ScreenZone; children: ReactNode }) {
  return <ZoneContext.Provider value={zone}>{children}</ZoneContext.Provider>;
}

/** The zone of the screen this part is on (the browser's outside any). */
export function useScreenTimeZone(): string {
  return (useContext(ZoneContext) ?? browserZone()).timeZone;
}

/** "Times in America/Chicago (CST), the campaign's time zone." */
export function zoneNoteText(zone: ScreenZone, at: Date = new Date()): string {
  return `Times in ${zoneName(zone.timeZone, at)}, ${zone.kind === 'campaign' ? "the campaign's time zone" : "this browser's time zone"}.`;
}
