import { dialectMigration } from './dialect-migration';

/**
 * Issue 25: boundary sets. A set is a jurisdiction's districts as uploaded (districts/), each
 * district its name, representative, GeoJSON outline and the box around it; deleting a set takes
 * its districts. A campaign may use one (campaigns.boundary_set_id); a set in use is not deleted.
 * Signatures and letters gain where their writer lives (district, residency, how it was learnt),
 * null until later work fills them; no foreign key there, so deleting a set rewrites no history,
 * and the district's name is kept as a copy.
 *
 * Written by hand from api/scripts/generate-migration.ts's output: columns are added in place
 * (ALTER TABLE ... ADD COLUMN) rather than by the table rebuild TypeORM writes for SQLite, which
 * would drop the tallies' triggers on supporters and letters with the old tables. SQLite cannot
 * add a foreign key to an existing table without that rebuild, so there campaigns.boundary_set_id
 * is held by triggers that refuse what the foreign key would (an unknown set; deleting one in
 * use), failing as SQLite's own constraint does; PostgreSQL has the foreign key itself.
 */
const BOUNDARY_SETS = {
  sqlite: `CREATE TABLE "boundary_sets" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(120) NOT NULL, "created_at" datetime NOT NULL DEFAULT (datetime('now')))`,
  postgres: `CREATE TABLE "boundary_sets" ("id" SERIAL NOT NULL, "name" character varying(120) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_22af1b15ba611b4380c679d95a4" PRIMARY KEY ("id"))`,
};
const DISTRICTS_FK = 'FK_8e33561e2bce16fc40de887075c';
const CAMPAIGNS_FK = 'FK_0f83e29b870c35882e1c5022268';
const DISTRICTS = {
  sqlite:
    `CREATE TABLE "districts" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "boundary_set_id" integer NOT NULL, "position" integer NOT NULL, "name" varchar(120) NOT NULL, ` +
    `"representative_name" varchar(200), "representative_title" varchar(200), "representative_email" varchar(254), "geometry" text NOT NULL, ` +
    `"min_lon" real NOT NULL, "min_lat" real NOT NULL, "max_lon" real NOT NULL, "max_lat" real NOT NULL, ` +
    `CONSTRAINT "${DISTRICTS_FK}" FOREIGN KEY ("boundary_set_id") REFERENCES "boundary_sets" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
  postgres:
    `CREATE TABLE "districts" ("id" SERIAL NOT NULL, "boundary_set_id" integer NOT NULL, "position" integer NOT NULL, "name" character varying(120) NOT NULL, ` +
    `"representative_name" character varying(200), "representative_title" character varying(200), "representative_email" character varying(254), "geometry" text NOT NULL, ` +
    `"min_lon" double precision NOT NULL, "min_lat" double precision NOT NULL, "max_lon" double precision NOT NULL, "max_lat" double precision NOT NULL, ` +
    `CONSTRAINT "PK_972a72ff4e3bea5c7f43a2b98af" PRIMARY KEY ("id"))`,
};
const DISTRICTS_INDEX = `CREATE UNIQUE INDEX "uq_districts_set_position" ON "districts" ("boundary_set_id", "position")`;
const CAMPAIGNS_INDEX = `CREATE INDEX "idx_campaigns_boundary_set" ON "campaigns" ("boundary_set_id")`;

const TABLES = ['supporters', 'letters'] as const;
const RESIDENCE = { district_id: 'integer', district_name: 'varchar(120)', residency: 'varchar(12)', district_source: 'varchar(13)' };
const pgType = (t: string) => t.replace('varchar', 'character varying');
const residenceAdded = (dialect: 'sqlite' | 'postgres') =>
  TABLES.flatMap((t) =>
    Object.entries(RESIDENCE).map(([column, type]) =>
      dialect === 'sqlite' ? `ALTER TABLE "${t}" ADD COLUMN "${column}" ${type}` : `ALTER TABLE "${t}" ADD "${column}" ${pgType(type)}`,
    ),
  );
const residenceDropped = TABLES.flatMap((t) => Object.keys(RESIDENCE).reverse().map((column) => `ALTER TABLE "${t}" DROP COLUMN "${column}"`));

// SQLite's stand-ins for the foreign key campaigns.boundary_set_id -> boundary_sets ON DELETE RESTRICT.
// UPDATE OF the one column: a signature's counter bump on campaigns does not fire it.
const FOREIGN_KEY_FAILED = `SELECT RAISE(ABORT, 'FOREIGN KEY constraint failed')`;
const unknownSet = `NEW."boundary_set_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "boundary_sets" WHERE "id" = NEW."boundary_set_id")`;
const sqliteTriggers = [
  `CREATE TRIGGER "campaigns_boundary_set_insert" BEFORE INSERT ON "campaigns" WHEN ${unknownSet} BEGIN ${FOREIGN_KEY_FAILED}; END`,
  `CREATE TRIGGER "campaigns_boundary_set_update" BEFORE UPDATE OF "boundary_set_id" ON "campaigns" WHEN ${unknownSet} BEGIN ${FOREIGN_KEY_FAILED}; END`,
  `CREATE TRIGGER "boundary_sets_in_use" BEFORE DELETE ON "boundary_sets" WHEN EXISTS (SELECT 1 FROM "campaigns" WHERE "boundary_set_id" = OLD."id") BEGIN ${FOREIGN_KEY_FAILED}; END`,
];
const sqliteTriggerNames = ['campaigns_boundary_set_insert', 'campaigns_boundary_set_update', 'boundary_sets_in_use'];

export const Districts1795810000001 = dialectMigration('Districts1795810000001', {
  sqlite: {
    up: [
      BOUNDARY_SETS.sqlite,
      DISTRICTS.sqlite,
      DISTRICTS_INDEX,
      `ALTER TABLE "campaigns" ADD COLUMN "boundary_set_id" integer`,
      CAMPAIGNS_INDEX,
      ...residenceAdded('sqlite'),
      ...sqliteTriggers,
    ],
    down: [
      ...sqliteTriggerNames.map((name) => `DROP TRIGGER "${name}"`),
      ...residenceDropped,
      'DROP INDEX "idx_campaigns_boundary_set"',
      'ALTER TABLE "campaigns" DROP COLUMN "boundary_set_id"',
      'DROP INDEX "uq_districts_set_position"',
      'DROP TABLE "districts"',
      'DROP TABLE "boundary_sets"',
    ],
  },
  postgres: {
    up: [
      BOUNDARY_SETS.postgres,
      DISTRICTS.postgres,
      DISTRICTS_INDEX,
      `ALTER TABLE "campaigns" ADD "boundary_set_id" integer`,
      CAMPAIGNS_INDEX,
      ...residenceAdded('postgres'),
      `ALTER TABLE "campaigns" ADD CONSTRAINT "${CAMPAIGNS_FK}" FOREIGN KEY ("boundary_set_id") REFERENCES "boundary_sets"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
      `ALTER TABLE "districts" ADD CONSTRAINT "${DISTRICTS_FK}" FOREIGN KEY ("boundary_set_id") REFERENCES "boundary_sets"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    ],
    down: [
      `ALTER TABLE "districts" DROP CONSTRAINT "${DISTRICTS_FK}"`,
      `ALTER TABLE "campaigns" DROP CONSTRAINT "${CAMPAIGNS_FK}"`,
      'DROP INDEX "public"."idx_campaigns_boundary_set"',
      ...residenceDropped,
      'ALTER TABLE "campaigns" DROP COLUMN "boundary_set_id"',
      'DROP INDEX "public"."uq_districts_set_position"',
      'DROP TABLE "districts"',
      'DROP TABLE "boundary_sets"',
    ],
  },
});
