import type { Database } from '../db/data-source';
import { perDatabase } from '../db/per-database';
import { mailAddresses, type Address } from './send';
import { confirmationSettings } from './setup';

/** Addresses per transaction: as many as a signature batch holds. */
const MOST_AT_ONCE = 500;
/**
 * How long after the COMMIT the e-mails wait. Queued on the next turn of the event loop, their CPU
 * (about half a millisecond for one address) ran while the replies were still being read: a client
 * on a machine that shares cores with the server (the timing suite's, a proxy's) received a new
 * address's reply about 0.4 ms later than a repeat's, in 64-77% of rounds on SQLite. A few
 * milliseconds later they are past it, and on SQLite a busy minute's next batch takes them more often.
 */
const AFTER_REPLIES_MS = 5;

/**
 * The confirmation e-mails of pending records just stored, queued right after the COMMIT that stored
 * them rather than inside it. Inside, a new address made its own reply wait for its e-mail (the
 * daily slot, the marks, the text, four inserts) while a repeat's did not: about 2.6 ms that told
 * anyone timing the reply whether the address had signed before. Now every reply waits for the same
 * thing, the COMMIT of its row, and the e-mails follow, set-based as send.ts is: in one transaction
 * of their own for whatever arrived meanwhile, or, on SQLite, in the next signature batch's
 * transaction when one comes first (take()). SQLite has one writer and writes each changed page
 * once per COMMIT: a transaction of their own made it write the new rows' pages twice, and cost
 * about a tenth more CPU a signature under load. The next batch's replies then wait for these
 * e-mails, whoever their own writers are.
 *
 * Nothing acknowledged goes unmailed (unless an organiser quarantines it meanwhile: the upkeep
 * mails no record in a quarantine): a record whose e-mail was not queued here (the process
 * stopped first, the database refused) has confirm_mails = 0 and no daily slot taken, which is what
 * the upkeep's next tick mails (./upkeep.ts). Both go through the same daily slot, so an address is
 * never mailed twice by the two racing.
 */
class MailSoon {
  private waiting: Address[] = [];
  private draining: Promise<void> | null = null;

  constructor(private readonly db: Database) {}

  /** After the COMMIT that stored pending records of these addresses. Never throws, never waits. */
  mail(addresses: Address[]): void {
    if (addresses.length === 0) return;
    this.waiting.push(...addresses);
    this.draining ??= new Promise<void>((resolve) => setTimeout(resolve, AFTER_REPLIES_MS)).then(() => this.drain());
  }

  /**
   * What is waiting, taken to be mailed in the caller's transaction (the next signature batch's);
   * handed back with mail() if that transaction does not commit.
   */
  take(): Address[] {
    return this.waiting.splice(0, MOST_AT_ONCE);
  }

  /** Resolves when everything handed over so far is queued, or left to the upkeep (stopping, tests). */
  async settled(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, MOST_AT_ONCE);
        try {
          await this.db.transaction((m) => mailAddresses(m, this.db, batch, 'confirm'));
        } catch (error) {
          confirmationSettings(this.db.ds).logger.error('confirmation e-mails could not be queued now; the confirmation upkeep sends them', {
            addresses: batch.length,
            error,
          });
        }
      }
    } finally {
      this.draining = null;
    }
  }
}

/** This database's queue of confirmation e-mails to send after a commit. */
export const mailSoon = perDatabase((db) => new MailSoon(db));
