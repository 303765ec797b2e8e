import { zoneNoteText, type ScreenZone } from '../lib/time-zone';

/** The line under a screen's heading that names its zone. */
export function TimeZoneNote({ zone, campaignHasNone = false }: { zone: ScreenZone; campaignHasNone?: boolean }) {
  return (
    <p className="time-zone-note">
      {zoneNoteText(zone)}
      {campaignHasNone && ' The campaign has no time zone yet: set one on its Delivery tab.'}
    </p>
  );
}
