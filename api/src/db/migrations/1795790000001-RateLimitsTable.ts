import { dialectMigration } from './dialect-migration';

// Written by hand: the table belongs to rate-limiter-flexible (its own CREATE TABLE, same columns),
// not to an entity. Left to the library, every API process created it as it started, and a process
// whose CREATE lost a race it does not forgive (or ran while PostgreSQL blinked) counted in its own
// memory for the rest of its life: the shared limit silently held per process. Created here, once,
// before any server listens; IF NOT EXISTS keeps the table installations already have.
// SQLite counts in memory (one process by nature) and has no such table.
export const RateLimitsTable1795790000001 = dialectMigration('RateLimitsTable1795790000001', {
  sqlite: { up: [], down: [] },
  postgres: {
    up: [
      'CREATE TABLE IF NOT EXISTS "rate_limits" ("key" varchar(255) PRIMARY KEY, "points" integer NOT NULL DEFAULT 0, "expire" bigint)',
    ],
    down: ['DROP TABLE IF EXISTS "rate_limits"'],
  },
});
