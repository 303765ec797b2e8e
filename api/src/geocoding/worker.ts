import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { deliverOverdueLetters } from '../commands/deliver-waiting-letters';
import type { Database } from '../db/data-source';
import type { Logger } from '../http/logger';
import { districtMaps } from './district-maps';
import { GeocoderError, GeocoderRefused, GeocoderUnavailable, type Geocoder } from './geocoder';
import { claimJob, releaseJob, reserveSlot, retryJob, type ClaimedJob } from './jobs';
import { placement, readSubject, settleJob } from './placement';

export interface GeocodeWorkerOptions {
  /** How long a claimed job belongs to this process: past it (the process died), another takes it. */
  leaseMs: number;
  /** How often an idle worker looks for jobs (a signature's job is due at once; a second is soon enough). */
  pollMs: number;
  retry: { baseMs: number; maxMs: number; maxAttempts: number };
}

/**
 * 60 s leases (a request times out long before), a look every 2 s when idle; a provider that does
 * not answer is tried again after 30 s, 1, 2, 4... minutes up to an hour, 10 tries in all (about
 * 8 hours), then the row keeps what its writer said (their chosen district, or unknown).
 */
export const DEFAULT_GEOCODE_OPTIONS: GeocodeWorkerOptions = {
  leaseMs: 60_000,
  pollMs: 2_000,
  retry: { baseMs: 30_000, maxMs: 3_600_000, maxAttempts: 10 },
};

const IDLE_WITHOUT_GEOCODER_MS = 60_000;

export interface GeocodeWorker {
  /** Finishes the job in hand (or gives it back) and stops. */
  stop(): Promise<void>;
}

/**
 * Places signatures and letters in their campaign's districts, off the request path. Every API
 * process runs one; they share the jobs through claims in the database (./jobs.ts), one job at a
 * time each, every request to the provider paced by a slot reserved in the database. With no
 * geocoder configured (GEOCODER=off), jobs left from when one was are settled by what the writer said.
 */
export function startGeocodeWorker(deps: { db: Database; logger: Logger; geocoder: Geocoder | null; options?: Partial<GeocodeWorkerOptions> }): GeocodeWorker {
  const { db, logger, geocoder } = deps;
  const options = { ...DEFAULT_GEOCODE_OPTIONS, ...deps.options };
  // Without a geocoder nothing new is queued: only jobs left from when one was configured, looked for each minute.
  const pollMs = geocoder ? options.pollMs : Math.max(options.pollMs, IDLE_WITHOUT_GEOCODER_MS);
  const worker = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const maps = districtMaps(db);
  const idle = new AbortController();
  let stopping = false;

  const work = async (job: ClaimedJob) => {
    const subject = await readSubject(db, job.subject, job.subjectId);
    if (!subject) return settleJob(db, worker, job, null);
    if (!geocoder) return settleJob(db, worker, job, placement({ kind: 'unplaced' }, subject.selfReported));
    await sleep(await reserveSlot(db, geocoder.provider, geocoder.minIntervalMs));
    try {
      const result = await geocoder.geocode(subject.address);
      const found = result.kind === 'match' ? await maps.find(subject.boundarySetId, result.lon, result.lat) : ({ kind: 'unplaced' } as const);
      return settleJob(db, worker, job, placement(found, subject.selfReported));
    } catch (error) {
      if (!(error instanceof GeocoderError)) throw error;
      // A 400 or 422 is about this address (the Census refuses a street over 100 characters): it
      // does not geocode. Any other refusal (401, 403, 404) is the installation's: said loudly, and
      // tried again at the longest interval, so the rows move once GEOCODER_URL is put right.
      const aboutTheAddress = error instanceof GeocoderRefused && (error.status === 400 || error.status === 422);
      if (aboutTheAddress || job.attempts >= options.retry.maxAttempts) {
        if (!aboutTheAddress) {
          logger.warn(`geocoding: ${geocoder.provider} did not answer in ${job.attempts} tries; the ${job.subject} row keeps what its writer said`, {
            job: job.id,
            reason: error.message,
          });
        }
        return settleJob(db, worker, job, placement({ kind: 'unplaced' }, subject.selfReported));
      }
      if (error instanceof GeocoderRefused) logger.error(`geocoding: ${error.message}; check GEOCODER and GEOCODER_URL`, { job: job.id });
      const backoff = error instanceof GeocoderRefused ? options.retry.maxMs : Math.min(options.retry.baseMs * 2 ** (job.attempts - 1), options.retry.maxMs);
      const retryAfter = error instanceof GeocoderUnavailable ? (error.retryAfterMs ?? 0) : 0;
      await retryJob(db, worker, job.id, Math.max(backoff, retryAfter), error.message);
      return true;
    }
  };

  // Letters that waited their ten minutes for a district go to the recipients alone: looked for
  // between jobs at most once a poll, so a long queue of jobs does not hold them back.
  let nextSweep = 0;
  const sweep = async () => {
    if (Date.now() < nextSweep) return;
    nextSweep = Date.now() + options.pollMs;
    try {
      const sent = await deliverOverdueLetters(db);
      if (sent > 0) logger.warn(`geocoding: ${sent} letters waited ten minutes for their district and went to the campaign's recipients alone`);
    } catch (error) {
      logger.error('geocoding: letters whose wait for a district is over could not be sent; tried again at the next look', { error });
    }
  };

  const running = (async () => {
    while (!stopping) {
      let job: ClaimedJob | null = null;
      await sweep();
      try {
        job = await claimJob(db, worker, options.leaseMs);
        if (job) await work(job);
      } catch (error) {
        if (stopping && job) {
          await releaseJob(db, worker, job.id).catch(() => {});
          break;
        }
        logger.error('geocoding: a job failed; it is tried again when its lease runs out', { error, job: job?.id });
      }
      if (!job) await sleep(pollMs, undefined, { signal: idle.signal }).catch(() => {});
    }
  })();

  return {
    async stop() {
      stopping = true;
      idle.abort();
      await running;
    },
  };
}
