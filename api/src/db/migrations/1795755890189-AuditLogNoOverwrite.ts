import { dialectMigration } from './dialect-migration';

/**
 * By hand: the audit log refuses an insert that would overwrite an entry. On SQLite, INSERT OR
 * REPLACE (and REPLACE) removes the existing row without firing its DELETE triggers unless the
 * connection has recursive_triggers on, so the append-only triggers of PrivacyAndAudit let it
 * rewrite an entry; a BEFORE INSERT trigger refuses any insert whose id is already there (an upsert's
 * DO UPDATE meets the UPDATE trigger, but this one answers first). PostgreSQL has no REPLACE, and its
 * INSERT ... ON CONFLICT DO UPDATE fires the BEFORE UPDATE trigger that already refuses it: nothing
 * to add there (audit/append-only.test.ts holds both).
 */
export const AuditLogNoOverwrite1795755890189 = dialectMigration('AuditLogNoOverwrite1795755890189', {
  sqlite: {
    up: [
      "CREATE TRIGGER \"audit_log_no_overwrite\" BEFORE INSERT ON \"audit_log\" WHEN EXISTS (SELECT 1 FROM \"audit_log\" WHERE \"id\" = NEW.\"id\") BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END",
    ],
    down: ['DROP TRIGGER "audit_log_no_overwrite"'],
  },
  postgres: { up: [], down: [] },
});
