import { dialectMigration } from './dialect-migration';

/**
 * Issue 26: the hearing packet prints each personal letter's own words, the sentences its writer
 * wrote rather than Dais (contract/personal-letter.ts ownWords), so submit-letter stores them with
 * the letter: '' for a letter with none. Letters stored before this keep null, "not known": the
 * text Dais generated for them was never kept to compare with.
 *
 * Written by hand: the column is added in place (ALTER TABLE ... ADD COLUMN) rather than by the
 * table rebuild TypeORM writes for SQLite, which would drop the triggers on "letters" (the tallies',
 * the geocoding queue's) with the old table.
 */
export const OwnWords1795830000001 = dialectMigration('OwnWords1795830000001', {
  sqlite: {
    up: ['ALTER TABLE "letters" ADD COLUMN "own_words" text'],
    down: ['ALTER TABLE "letters" DROP COLUMN "own_words"'],
  },
  postgres: {
    up: ['ALTER TABLE "letters" ADD "own_words" text'],
    down: ['ALTER TABLE "letters" DROP COLUMN "own_words"'],
  },
});
