import type { MigrationInterface, QueryRunner } from 'typeorm';

interface Statements {
  up: string[];
  down: string[];
}

/** A migration with its SQL written once per dialect (SQLite and PostgreSQL differ in DDL). */
export function dialectMigration(name: string, sql: { sqlite: Statements; postgres: Statements }) {
  return class implements MigrationInterface {
    name = name;
    async up(q: QueryRunner) {
      for (const s of pick(q, sql).up) await q.query(s);
    }
    async down(q: QueryRunner) {
      for (const s of pick(q, sql).down) await q.query(s);
    }
  };
}

function pick(q: QueryRunner, sql: { sqlite: Statements; postgres: Statements }) {
  return q.connection.options.type === 'postgres' ? sql.postgres : sql.sqlite;
}
