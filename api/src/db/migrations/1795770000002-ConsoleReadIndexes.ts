import { dialectMigration } from './dialect-migration';

/**
 * Indexes for the console's reads (issue 22), written by hand because TypeORM cannot describe them;
 * the entities declare them (the search ones with `synchronize: false`).
 *
 * The lists' search (services/matching-page.ts): the start of a name or an e-mail address, any
 * case, one campaign's matches in order. Indexes on expressions. PostgreSQL compares them as "C"
 * (code point order), so every string that starts with a prefix lies in one range of the index
 * whatever the database's locale; SQLite's text compares that way already. SQLite's lower() folds
 * A-Z only, PostgreSQL's every letter its locale knows; the query folds the typed text with the
 * same function. Supporters are searched by address through idx_supporters_campaign_email, which
 * the confirmations already keep: a signature pays for one more index here, not two.
 * A migration TypeORM generates later that rebuilds supporters or letters on SQLite (to change a
 * column) reads these back as indexes on a column named "null": write their expressions back in.
 *
 * The quarantine indexes hold only the rows a quarantine holds: a read of the rows outside every
 * quarantine ("quarantine_id IS NULL", nearly all of them) can no longer take them, which SQLite,
 * without statistics, did for the lists, the exports and the packets, then sorted every row it read.
 * (TypeORM does not compare an index's WHERE, so its sync neither writes nor undoes this.)
 */
const SEARCH = [
  ['idx_supporters_name_search', 'supporters', 'name'],
  ['idx_letters_name_search', 'letters', 'supporter_name'],
  ['idx_letters_email_search', 'letters', 'supporter_email'],
] as const;
const QUARANTINE = [
  ['idx_supporters_quarantine', 'supporters'],
  ['idx_letters_quarantine', 'letters'],
] as const;

const quarantine = (prefix: string, partial: boolean) =>
  QUARANTINE.flatMap(([name, table]) => [
    `DROP INDEX ${prefix}"${name}"`,
    `CREATE INDEX "${name}" ON "${table}" ("quarantine_id")${partial ? ' WHERE "quarantine_id" IS NOT NULL' : ''}`,
  ]);

export const ConsoleReadIndexes1795770000002 = dialectMigration('ConsoleReadIndexes1795770000002', {
  sqlite: {
    up: [...SEARCH.map(([name, table, column]) => `CREATE INDEX "${name}" ON "${table}" ("campaign_id", lower("${column}"), "id")`), ...quarantine('', true)],
    down: [...SEARCH.map(([name]) => `DROP INDEX "${name}"`), ...quarantine('', false)],
  },
  postgres: {
    up: [
      ...SEARCH.map(([name, table, column]) => `CREATE INDEX "${name}" ON "${table}" ("campaign_id", (lower("${column}")) COLLATE "C", "id")`),
      ...quarantine('"public".', true),
    ],
    down: [...SEARCH.map(([name]) => `DROP INDEX "public"."${name}"`), ...quarantine('"public".', false)],
  },
});
