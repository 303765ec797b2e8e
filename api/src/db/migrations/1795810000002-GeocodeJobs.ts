import { dialectMigration } from './dialect-migration';

/**
 * Issue 25: geocoding, never on the request path. A signature or letter stored with residency
 * 'pending' (a campaign with a boundary set, and a geocoder configured) gets a job in
 * `geocode_jobs`, made by a trigger in the transaction that stores the row: the signature batch's
 * one INSERT and a letter's submission stay as they were, and no path that stores a row (the demo
 * seed included) can forget its job. Every API process runs the worker (geocoding/worker.ts); a
 * job is claimed like an outbox message (FOR UPDATE SKIP LOCKED on PostgreSQL, a lease, retries
 * with backoff) and deleted in the transaction that writes its result.
 *
 * `geocoder_pacing` holds, per provider, when its next request may go: each worker reserves the next
 * slot with one statement, so the providers' limits (Nominatim: one request a second) hold across
 * every process on PostgreSQL.
 *
 * A job holds ids only: the address is read from its row when the job runs, so an erasure leaves
 * nothing here to scrub (the worker drops a job whose row is gone). Written by hand: these tables
 * belong to the worker's SQL (geocoding/jobs.ts), not to entities.
 */
const SUBJECTS = ['supporters', 'letters'] as const;

const sqliteTriggers = SUBJECTS.map(
  (t) =>
    `CREATE TRIGGER "geocode_${t}_insert" AFTER INSERT ON "${t}" WHEN NEW."residency" = 'pending' ` +
    `BEGIN INSERT INTO "geocode_jobs" ("subject", "subject_id") VALUES ('${t}', NEW."id") ON CONFLICT DO NOTHING; END`,
);

export const GeocodeJobs1795810000002 = dialectMigration('GeocodeJobs1795810000002', {
  sqlite: {
    up: [
      `CREATE TABLE "geocode_jobs" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "subject" varchar(10) NOT NULL, "subject_id" integer NOT NULL, ` +
        `"status" varchar(8) NOT NULL DEFAULT ('queued'), "attempts" integer NOT NULL DEFAULT (0), ` +
        `"next_attempt_at" datetime NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%f', 'now')), "lease_until" datetime, "claimed_by" varchar(120), ` +
        `"last_error" text, "created_at" datetime NOT NULL DEFAULT (datetime('now')))`,
      `CREATE UNIQUE INDEX "uq_geocode_jobs_subject" ON "geocode_jobs" ("subject", "subject_id")`,
      `CREATE INDEX "idx_geocode_jobs_due" ON "geocode_jobs" ("status", "next_attempt_at")`,
      `CREATE TABLE "geocoder_pacing" ("provider" varchar(16) PRIMARY KEY NOT NULL, "next_at" datetime NOT NULL)`,
      ...sqliteTriggers,
    ],
    down: [...SUBJECTS.map((t) => `DROP TRIGGER "geocode_${t}_insert"`), 'DROP TABLE "geocoder_pacing"', 'DROP TABLE "geocode_jobs"'],
  },
  postgres: {
    up: [
      `CREATE TABLE "geocode_jobs" ("id" SERIAL NOT NULL, "subject" character varying(10) NOT NULL, "subject_id" integer NOT NULL, ` +
        `"status" character varying(8) NOT NULL DEFAULT 'queued', "attempts" integer NOT NULL DEFAULT 0, ` +
        `"next_attempt_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "lease_until" TIMESTAMP WITH TIME ZONE, "claimed_by" character varying(120), ` +
        `"last_error" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_geocode_jobs" PRIMARY KEY ("id"))`,
      `CREATE UNIQUE INDEX "uq_geocode_jobs_subject" ON "geocode_jobs" ("subject", "subject_id")`,
      `CREATE INDEX "idx_geocode_jobs_due" ON "geocode_jobs" ("status", "next_attempt_at")`,
      `CREATE TABLE "geocoder_pacing" ("provider" character varying(16) NOT NULL, "next_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_geocoder_pacing" PRIMARY KEY ("provider"))`,
      // A row trigger with a WHEN: rows that need no geocoding (every campaign without a boundary
      // set) never call the function, so the signature batch's INSERT costs what it did.
      `CREATE FUNCTION "geocode_job_for_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "geocode_jobs" ("subject", "subject_id") VALUES (TG_TABLE_NAME, NEW."id") ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$`,
      ...SUBJECTS.map(
        (t) =>
          `CREATE TRIGGER "geocode_${t}_insert" AFTER INSERT ON "${t}" FOR EACH ROW WHEN (NEW."residency" = 'pending') EXECUTE FUNCTION "geocode_job_for_row"()`,
      ),
    ],
    down: [
      ...SUBJECTS.map((t) => `DROP TRIGGER "geocode_${t}_insert" ON "${t}"`),
      'DROP FUNCTION "geocode_job_for_row"()',
      'DROP TABLE "geocoder_pacing"',
      'DROP TABLE "geocode_jobs"',
    ],
  },
});
