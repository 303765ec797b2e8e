import type { SignatureCreateInput } from '../contract';
import type { DistrictColumns } from '../districts/residency';

/** What a signature stores: the signer's body and where they live (districts/residency.ts). */
export type SignatureToStore = SignatureCreateInput & DistrictColumns;
import type { Database } from '../db/data-source';
import { signatureBatcher } from './signature-batcher';
import type { Origin } from '../floods/sources';
import type { VerifiedSolution } from '../bot-check/proof-of-work';

/**
 * Records one signature and keeps the campaign's supporter_count exact. A repeat signature (same
 * campaign, same e-mail once folded: case, plus-tags, Gmail dots; floods/sources.ts) inserts nothing
 * and counts nothing; the caller cannot tell it apart from a first one, by design: the promise
 * settles the same way, after the same kind of transaction.
 *
 * On a campaign that asks for confirmation the signature is stored `pending` and counts nothing
 * until its writer confirms by e-mail; the e-mail is queued right after the COMMIT, not before the
 * reply (confirmations/mail-soon.ts).
 *
 * The bot check's verified `solution` is spent in the same transaction as the row; a spent one
 * rejects with the bot check's 400 and stores nothing.
 *
 * Concurrent signatures share one transaction (see ./signature-batcher.ts); the promise settles
 * only after the COMMIT that stored this one, with the count as of that commit (for the caller's
 * own use: no reply carries it).
 */
export function signPetition(
  db: Database,
  campaign: { id: number; require_confirmation: boolean },
  input: SignatureToStore,
  origin: Origin,
  solution: VerifiedSolution | null = null,
): Promise<{ supporter_count: number }> {
  return signatureBatcher(db).sign(campaign.id, campaign.require_confirmation, input, origin, solution);
}

/**
 * A filled honeypot: stores nothing, but is answered as a first signature is, when a first
 * signature would be: after a batch's COMMIT, its solution (if it carried a good one) spent.
 */
export function pretendToSign(db: Database, campaign: { id: number; require_confirmation: boolean }, input: SignatureToStore, origin: Origin, solution: VerifiedSolution | null): Promise<{ supporter_count: number }> {
  return signatureBatcher(db).sign(campaign.id, campaign.require_confirmation, input, origin, solution, true);
}
