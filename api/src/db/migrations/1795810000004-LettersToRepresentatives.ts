import { dialectMigration } from './dialect-migration';

/**
 * Issue 25 point 7: in `each` mode a letter goes to its writer's district representative, the
 * campaign's recipients in copy (`mail_outbox.cc`, a JSON list like `recipients`; null on every
 * message before it and on every message without copies).
 *
 * `letter_waits`: a letter on the record whose district a geocoder has yet to find waits here, at
 * most until `due_at` (ten minutes), for the representative to be known. The geocoding worker's
 * placement takes the row and sends the letter in the transaction that writes the district; a
 * sweep in every process sends the overdue ones to the recipients alone. Taking a row is a DELETE
 * that returns it, so each waiting letter is sent once however many processes race for it.
 * `entered_at` is when the letter went on the record, which decides whether it is late. Written
 * by hand: the table belongs to deliveries/letter-waits.ts's SQL, not to entities; a letter's
 * erasure takes its row with it (ON DELETE CASCADE).
 */
export const LettersToRepresentatives1795810000004 = dialectMigration('LettersToRepresentatives1795810000004', {
  sqlite: {
    up: [
      'ALTER TABLE "mail_outbox" ADD COLUMN "cc" text',
      `CREATE TABLE "letter_waits" ("letter_id" integer PRIMARY KEY NOT NULL REFERENCES "letters" ("id") ON DELETE CASCADE, ` +
        `"entered_at" datetime NOT NULL, "due_at" datetime NOT NULL)`,
      'CREATE INDEX "idx_letter_waits_due" ON "letter_waits" ("due_at")',
    ],
    down: ['DROP TABLE "letter_waits"', 'ALTER TABLE "mail_outbox" DROP COLUMN "cc"'],
  },
  postgres: {
    up: [
      'ALTER TABLE "mail_outbox" ADD "cc" text',
      `CREATE TABLE "letter_waits" ("letter_id" integer NOT NULL, "entered_at" TIMESTAMP WITH TIME ZONE NOT NULL, "due_at" TIMESTAMP WITH TIME ZONE NOT NULL, ` +
        `CONSTRAINT "PK_letter_waits" PRIMARY KEY ("letter_id"), ` +
        `CONSTRAINT "FK_letter_waits_letter" FOREIGN KEY ("letter_id") REFERENCES "letters" ("id") ON DELETE CASCADE)`,
      'CREATE INDEX "idx_letter_waits_due" ON "letter_waits" ("due_at")',
    ],
    down: ['DROP TABLE "letter_waits"', 'ALTER TABLE "mail_outbox" DROP COLUMN "cc"'],
  },
});
