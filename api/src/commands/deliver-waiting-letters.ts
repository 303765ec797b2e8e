import type { EntityManager } from 'typeorm';
import type { Database } from '../db/data-source';
import { anyOverdueWait, takeOverdueWaits, takeWait, type TakenWait } from '../deliveries/letter-waits';
import { representativesOf } from '../services/set-districts';
import { CAMPAIGN_FOR_DELIVERY, sendLetter } from './deliver-letter';

/** How many overdue letters one sweep sends, in one transaction. */
const SWEEP_LIMIT = 50;

/**
 * A letter that waited for its district (deliveries/letter-waits.ts) now has one: sent to its
 * representative, in the caller's transaction (the geocoding worker's, which just wrote the
 * district). Nothing happens if it was not waiting, or if another process took it first.
 */
export async function deliverPlacedLetter(m: EntityManager, db: Database, letterId: number): Promise<void> {
  const wait = await takeWait(m, db.dialect, letterId);
  if (wait) await deliverTaken(m, db, wait, true);
}

/**
 * Letters that waited their ten minutes for a district that never came (a geocoder behind or
 * down): sent to the campaign's recipients alone. Every process sweeps; each letter goes once.
 * Returns how many were sent.
 */
export async function deliverOverdueLetters(db: Database): Promise<number> {
  if (!(await anyOverdueWait(db))) return 0;
  return db.transaction(async (m) => {
    const waits = await takeOverdueWaits(m, db.dialect, SWEEP_LIMIT);
    for (const wait of waits) await deliverTaken(m, db, wait, false);
    return waits.length;
  });
}

async function deliverTaken(m: EntityManager, db: Database, wait: TakenWait, toRepresentative: boolean): Promise<void> {
  const letter = await m.getRepository(db.entities.Letter).findOneBy({ id: wait.letterId });
  // Quarantined since it waited: its release delivers it (floods/quarantine.ts), as it does any other.
  if (!letter || letter.quarantine_id !== null) return;
  const campaign = await m.getRepository(db.entities.Campaign).findOneOrFail({ select: CAMPAIGN_FOR_DELIVERY, where: { id: letter.campaign_id } });
  // The campaign may have stopped e-mailing each letter while this one waited: then it goes as the campaign now says.
  if (campaign.delivery_mode !== 'each' || campaign.delivery_recipients.length === 0) return;
  const representative = toRepresentative
    ? ((await representativesOf(db, campaign.boundary_set_id, m)).find((r) => r.district_id === letter.district_id) ?? null)
    : null;
  await sendLetter(m, db, campaign, letter, wait.enteredAt, representative);
}
