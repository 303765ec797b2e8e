import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Database } from '../db/data-source';
import type { OutboxAttachmentRow } from '../db/types';
import type { Logger } from '../http/logger';
import type { AttachmentRenderers, RenderedAttachment } from './attachments';
import {
  claimDue,
  currentClaims,
  expireClaimsOf,
  holdWaiting,
  markFailed,
  markSent,
  releaseClaims,
  renewLeases,
  scheduleRetry,
  type ClaimedMail,
  type SentOutcome,
} from './claims';
import { judge, PermanentMailError, retryDelay } from './failures';
import { NO_SMTP_REASON } from './mail-config';
import { onMailQueued, renderOutboxText, renderOutboxTexts } from './outbox';
import type { Accepted, MailTransport } from './transports';

export interface MailWorkerOptions {
  /**
   * How long a claimed message belongs to this process. Renewed every quarter of it while the
   * send goes on (a packet of thousands of letters can take a while), so it only runs out when
   * the process is gone: then another process, or this one restarted, sends the message.
   */
  leaseMs: number;
  /** How often the outbox is looked at without a wake-up: retries that came due, other processes' mail. */
  pollMs: number;
  /**
   * Messages this process holds at once: claimed together (one statement for as many as are free),
   * handed to the transport, whose pool sends them over its few connections.
   */
  concurrency: number;
  retry: {
    /** The wait after the first temporary failure; it doubles with each failure... */
    baseMs: number;
    /** ...up to this. */
    maxMs: number;
    /** Tries in all (a crashed try counts), then the message fails with the last reason. */
    maxAttempts: number;
  };
}

/**
 * 60 s leases, a poll every 5 s, up to 100 messages in hand; retries after 30 s, 1, 2, 4... minutes
 * up to an hour, 20 tries in all (about 13 hours), so a mail server that is down for a morning loses
 * nothing and a message nobody will ever accept stops being tried. A hundred in hand keeps a burst
 * of confirmation e-mails (thousands a minute under a signing load) to a claim and a write of
 * outcomes per hundred; four, as before, made them a claim and a write each.
 */
export const DEFAULT_WORKER_OPTIONS: MailWorkerOptions = {
  leaseMs: 60_000,
  pollMs: 5_000,
  concurrency: 100,
  retry: { baseMs: 30_000, maxMs: 3_600_000, maxAttempts: 20 },
};

export interface MailWorkerDeps {
  db: Database;
  logger: Logger;
  /** null: no way to send (no SMTP_URL on a public address); messages wait, saying why. */
  transport: MailTransport | null;
  from: string;
  renderers: AttachmentRenderers;
}

interface Sending {
  abort: AbortController;
  done: Promise<void>;
}

/**
 * Sends the outbox. Every API process runs one; they share the work through claims in the database
 * (./claims.ts), so each message is sent by one process at a time, and a message whose process died
 * goes out when its lease runs out. Woken right after a commit that queued mail (./outbox.ts), and
 * by a poll otherwise.
 */
export class MailWorker {
  /** host/pid/random: which process holds a claim, so that a dead one's can be recognised. */
  readonly id = `${os.hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
  private readonly options: MailWorkerOptions;
  private readonly sending = new Map<number, Sending>();
  private running = false;
  private stopping = false;
  private pumping: Promise<void> | null = null;
  private pumpAgain = false;
  /**
   * The last claim found less than it asked for: nothing more is due now, so a message that goes
   * out does not make the worker ask again (a statement that finds nothing); a commit that queued
   * mail, or the poll, does.
   */
  private drained = false;
  /** Woken since the last claim began: mail may have been queued that it did not see. */
  private woken = false;
  private timers: NodeJS.Timeout[] = [];
  private unsubscribe: () => void = () => undefined;
  private lastHoldWarning = 0;
  private readonly outcomes: SentOutcomes;

  constructor(
    private readonly deps: MailWorkerDeps,
    options: Partial<MailWorkerOptions> = {},
  ) {
    this.options = { ...DEFAULT_WORKER_OPTIONS, ...options, retry: { ...DEFAULT_WORKER_OPTIONS.retry, ...options.retry } };
    this.outcomes = new SentOutcomes(deps.db);
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    await this.takeBackFromDeadProcesses().catch((error: unknown) => this.deps.logger.error('mail: could not look for mail left by a stopped process', { error }));
    this.unsubscribe = onMailQueued(this.deps.db, () => this.wake());
    const poll = setInterval(() => this.wake(), this.options.pollMs);
    const heartbeat = setInterval(() => void this.renew(), Math.max(50, Math.floor(this.options.leaseMs / 4)));
    for (const t of [poll, heartbeat]) t.unref();
    this.timers = [poll, heartbeat];
    this.wake();
  }

  /** Look at the outbox now (after a commit that queued mail, or the poll). Never throws. */
  wake(): void {
    this.drained = false;
    this.woken = true;
    this.refill();
  }

  /** Claim more if there may be more to claim. */
  private refill(): void {
    if (!this.running || this.stopping || this.drained) return;
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = this.pump().finally(() => {
      this.pumping = null;
      // Asked again after the pump's last look but before it was done: that ask must not be lost
      // (a refill lost here left the rest of a burst to the next poll).
      if (this.pumpAgain) this.refill();
    });
  }

  /**
   * Takes no more messages, lets those being sent finish for up to `graceMs`, then aborts what is
   * left and gives it back to the queue (sent again by the next process; the server never got the
   * end of it, or if it did, the copy carries the same Message-ID). `cut` says something was.
   */
  async stop(graceMs: number): Promise<{ cut: boolean }> {
    if (!this.running) return { cut: false };
    this.stopping = true;
    this.unsubscribe();
    await this.pumping;
    const inFlight = [...this.sending.values()];
    const finished = await within(Promise.all(inFlight.map((s) => s.done)), graceMs);
    let cut = false;
    if (!finished) {
      cut = true;
      const ids = [...this.sending.keys()];
      for (const s of this.sending.values()) s.abort.abort();
      await within(Promise.all(inFlight.map((s) => s.done)), 2_000);
      await releaseClaims(this.deps.db, this.id, ids).catch((error: unknown) =>
        this.deps.logger.error('mail: could not give back the messages being sent; they go out when their lease runs out', { error }),
      );
      this.deps.logger.info(`mail: stopped while sending ${ids.length} message(s); they are queued again`);
    }
    for (const t of this.timers) clearInterval(t);
    this.deps.transport?.close();
    this.running = false;
    return { cut };
  }

  private async pump(): Promise<void> {
    try {
      do {
        this.pumpAgain = false;
        if (!this.deps.transport) {
          await this.hold();
          continue;
        }
        // Refilled once half of what it holds has gone, not after each message: a claim per message
        // was a statement (on SQLite a commit) for each one.
        while (!this.stopping && this.sending.size <= Math.floor(this.options.concurrency / 2)) {
          const wanted = this.options.concurrency - this.sending.size;
          this.woken = false;
          const claimed = await claimDue(this.deps.db, this.id, wanted, this.options.leaseMs);
          if (this.stopping) {
            await releaseClaims(this.deps.db, this.id, claimed.map((c) => c.id));
            break;
          }
          // The texts of the whole claim in one go (a supporter e-mail's links: one query for all);
          // if that fails, each message renders its own and meets its own failure (retried).
          const texts = await renderOutboxTexts(this.deps.db, claimed).catch(() => null);
          claimed.forEach((mail, i) => this.begin(mail, texts?.[i]));
          if (claimed.length < wanted) {
            this.drained = !this.woken;
            break;
          }
        }
      } while (this.pumpAgain && !this.stopping);
    } catch (error) {
      // The database did not answer: the next wake or poll tries again; nothing was claimed.
      this.deps.logger.error('mail: could not read the outbox', { error });
    }
  }

  private begin(mail: ClaimedMail, text: string | undefined) {
    const abort = new AbortController();
    const done = this.deliver(mail, text, abort.signal)
      .catch((error: unknown) => this.deps.logger.error('mail: could not record the outcome of a send; it is retried when its lease runs out', { outboxId: mail.id, error }))
      .finally(() => {
        this.sending.delete(mail.id);
        this.refill();
      });
    this.sending.set(mail.id, { abort, done });
  }

  private async deliver(mail: ClaimedMail, rendered: string | undefined, signal: AbortSignal): Promise<void> {
    const { db, logger } = this.deps;
    const { maxAttempts } = this.options.retry;
    if (mail.attempts > maxAttempts) {
      // Only a try that never reported back (its process died) gets here.
      const reason = `Gave up after ${maxAttempts} tries: ${mail.last_error ?? 'the process sending it stopped each time'}`;
      await markFailed(db, this.id, mail.id, reason);
      logger.error('mail: failed for good', { outboxId: mail.id, messageId: mail.message_id, reason: withoutAddresses(reason) });
      return;
    }
    let accepted: Accepted;
    let attachments: RenderedAttachment[] = [];
    try {
      // What must never be stored (a supporter e-mail's links) is written into the text now, each try alike.
      const text = rendered ?? (await renderOutboxText(db, mail));
      attachments = await this.render(mail.attachments);
      accepted = await this.deps.transport!.send(
        {
          outboxId: mail.id,
          from: this.deps.from,
          to: mail.recipients,
          cc: mail.cc ?? [],
          subject: mail.subject,
          text,
          storedText: mail.text,
          messageId: mail.message_id,
          date: mail.created_at,
          attachments,
        },
        signal,
      );
    } catch (error) {
      if (signal.aborted) return; // stop() gives it back to the queue.
      const verdict = judge(error);
      if (verdict.permanent || mail.attempts >= maxAttempts) {
        const reason = verdict.permanent ? verdict.reason : `Gave up after ${mail.attempts} tries: ${verdict.reason}`;
        await markFailed(db, this.id, mail.id, reason);
        logger.error('mail: failed for good', { outboxId: mail.id, messageId: mail.message_id, reason: withoutAddresses(reason) });
      } else {
        const delay = retryDelay(mail.attempts, this.options.retry);
        await scheduleRetry(db, this.id, mail.id, delay, verdict.reason);
        logger.info('mail: will try again', { outboxId: mail.id, attempts: mail.attempts, inSeconds: Math.round(delay / 1000), reason: withoutAddresses(verdict.reason) });
      }
      return;
    } finally {
      // A send that failed before reading an attachment must not leave its database cursor open.
      for (const a of attachments) a.content.destroy();
    }
    // The server has it. Until this is written, a crash means a second copy (same Message-ID) from
    // whoever claims it next, so a database that blinks now is asked again a few times.
    await this.outcomes.record({ id: mail.id, response: accepted.response, note: accepted.note });
  }

  private async render(attachments: OutboxAttachmentRow[]): Promise<RenderedAttachment[]> {
    const made: RenderedAttachment[] = [];
    try {
      for (const a of attachments) {
        const renderer = this.deps.renderers[a.kind];
        if (!renderer) throw new PermanentMailError(`This server cannot make ${a.kind} attachments`);
        made.push(await renderer(this.deps.db, a));
      }
      return made;
    } catch (error) {
      for (const a of made) a.content.destroy();
      throw error;
    }
  }

  private async renew() {
    if (this.sending.size === 0) return;
    try {
      await renewLeases(this.deps.db, this.id, [...this.sending.keys()], this.options.leaseMs);
    } catch (error) {
      this.deps.logger.error('mail: could not extend the lease on the messages being sent', { error });
    }
  }

  private async hold() {
    const held = await holdWaiting(this.deps.db, NO_SMTP_REASON);
    const now = Date.now();
    if (held > 0 && now - this.lastHoldWarning > 10 * 60_000) {
      this.lastHoldWarning = now;
      this.deps.logger.warn(`mail: ${held} message(s) waiting and not sent. ${NO_SMTP_REASON}`);
    }
  }

  /**
   * On SQLite the database is on this machine, so a claim made here by a process that no longer
   * exists (killed, crashed, the machine restarted) is given back at once instead of after its lease.
   * Not on PostgreSQL: another machine could carry the same host name, and its live process's claim
   * would be taken; there leases alone decide.
   */
  private async takeBackFromDeadProcesses() {
    if (this.deps.db.dialect !== 'sqlite') return;
    const claimants = new Set((await currentClaims(this.deps.db)).map((c) => c.claimed_by));
    for (const claimant of claimants) {
      if (!isDeadLocalProcess(claimant, this.id)) continue;
      const n = await expireClaimsOf(this.deps.db, claimant);
      if (n > 0) this.deps.logger.info(`mail: ${n} message(s) were being sent by a process that stopped without finishing; sending them again`);
    }
  }
}

/** A claimant `host/pid/random` that is this machine's and whose process is gone (or was an earlier us). */
export function isDeadLocalProcess(claimant: string, self: string): boolean {
  const [host, pidText] = claimant.split('/');
  const pid = Number(pidText);
  if (host !== os.hostname() || !Number.isInteger(pid) || pid <= 0 || claimant === self) return false;
  // Our own pid under another name: an earlier process that had it (a container restarts as pid 1).
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * A server's reason as logged: servers often quote the address they refused, and logs carry no
 * one's e-mail address (the row, which only admins see, keeps the whole reason).
 */
export const withoutAddresses = (text: string) => text.replace(/[^\s<>()"',;:]+@[^\s<>()"',;:]+/g, '[address]');

/** Outcomes per write at most: the JSON parameter of markSent stays small. */
const OUTCOMES_PER_WRITE = 500;
/** How long the first outcome waits for others: a pool's sends finish one by one, milliseconds apart. */
const OUTCOMES_GATHER_MS = 50;

/**
 * The messages the server accepted, recorded together: those that went out within
 * OUTCOMES_GATHER_MS of the first, or while the last write was under way, go in the next one, so a burst costs the
 * database a statement per batch, not per message. Each record() resolves once its own row is
 * written, so stop() still waits for it.
 */
class SentOutcomes {
  private waiting: { outcome: SentOutcome; resolve: () => void; reject: (error: unknown) => void }[] = [];
  private writing = false;

  constructor(private readonly db: Database) {}

  record(outcome: SentOutcome): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ outcome, resolve, reject });
      if (this.writing) return;
      this.writing = true;
      setTimeout(() => void this.write(), OUTCOMES_GATHER_MS);
    });
  }

  private async write() {
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, OUTCOMES_PER_WRITE);
        try {
          await persist(() => markSent(this.db, batch.map((b) => b.outcome)));
          for (const b of batch) b.resolve();
        } catch (error) {
          for (const b of batch) b.reject(error);
        }
      }
    } finally {
      this.writing = false;
    }
  }
}

/** Resolves true if `p` settled within `ms`, false otherwise. */
async function within(p: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([p.then(() => true as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs `write`, asking again after 0.2, 0.4, 0.8 and 1.6 s if the database refuses. */
async function persist(write: () => Promise<void>): Promise<void> {
  for (let wait = 200; ; wait *= 2) {
    try {
      return await write();
    } catch (error) {
      if (wait > 1_600) throw error;
      await new Promise((r) => setTimeout(r, wait));
    }
  }
}
