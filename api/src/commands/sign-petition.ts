import type { SignatureCreateInput } from '../contract';
import type { Database } from '../db/data-source';
import { signatureBatcher } from './signature-batcher';

/**
 * Records one signature and keeps the campaign's supporter_count exact. A repeat signature (same
 * campaign, same e-mail after trim and lower-case) inserts nothing and counts nothing; the caller
 * cannot tell it apart from a first one, by design.
 *
 * Concurrent signatures share one transaction (see ./signature-batcher.ts); the promise settles
 * only after the COMMIT that stored this one, with the count as of that commit.
 */
export function signPetition(
  db: Database,
  campaignId: number,
  input: SignatureCreateInput,
): Promise<{ supporter_count: number }> {
  return signatureBatcher(db).sign(campaignId, input);
}
