import { dialectMigration } from './dialect-migration';

/**
 * Issue 26 point 5: an organiser can leave each writer's e-mail, street address and phone out of
 * the hearing packet's CSV (contract/delivery.ts packet_csv_contacts). On by default, so every
 * campaign's CSV stays as it was until its organiser chooses.
 *
 * Written by hand: the column is added in place (ALTER TABLE ... ADD COLUMN) rather than by the
 * table rebuild TypeORM writes for SQLite, which would drop the triggers on "campaigns" (the
 * boundary set's, migrations/1795810000001-Districts.ts) with the old table.
 */
export const PacketCsvContacts1795820000001 = dialectMigration('PacketCsvContacts1795820000001', {
  sqlite: {
    up: ['ALTER TABLE "campaigns" ADD COLUMN "packet_csv_contacts" boolean NOT NULL DEFAULT (1)'],
    down: ['ALTER TABLE "campaigns" DROP COLUMN "packet_csv_contacts"'],
  },
  postgres: {
    up: ['ALTER TABLE "campaigns" ADD "packet_csv_contacts" boolean NOT NULL DEFAULT true'],
    down: ['ALTER TABLE "campaigns" DROP COLUMN "packet_csv_contacts"'],
  },
});
