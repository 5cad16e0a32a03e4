/**
 * Applies prisma/migrations/<timestamp>_<name>/migration.sql in order and records each in a table
 * compatible with Prisma's `_prisma_migrations`, so `prisma migrate deploy` can take over wherever
 * Prisma's native engine is available. Schema migrations only: nothing here seeds data.
 */
import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Database } from "./client";

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export const MIGRATIONS_DIR = join(process.cwd(), "prisma", "migrations");

export function readMigrations(dir = MIGRATIONS_DIR): MigrationFile[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && /^\d{14}_/.test(d.name))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id" VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum" VARCHAR(64) NOT NULL,
    "finished_at" TIMESTAMPTZ,
    "migration_name" VARCHAR(255) NOT NULL,
    "logs" TEXT,
    "rolled_back_at" TIMESTAMPTZ,
    "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

// Any number stays the same across processes: it serialises concurrent start-ups on PostgreSQL.
const LOCK_ID = 72_616_263;

export interface MigrateResult {
  applied: string[];
  total: number;
}

export async function migrate(
  database: Pick<Database, "sql" | "transaction">,
  dir = MIGRATIONS_DIR,
): Promise<MigrateResult> {
  const files = readMigrations(dir);
  await database.sql.exec(CREATE_TABLE);
  const applied: string[] = [];
  await database.transaction(async (sql) => {
    await sql.query("SELECT pg_advisory_xact_lock($1)", [LOCK_ID]);
    const rows = await sql.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "_prisma_migrations"
       WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const done = new Map(rows.map((r) => [r.migration_name, r.checksum]));
    for (const file of files) {
      const seen = done.get(file.name);
      if (seen !== undefined) {
        if (seen !== file.checksum) {
          throw new Error(`Migration ${file.name} was changed after it was applied`);
        }
        continue;
      }
      await sql.exec(file.sql);
      await sql.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count)
         VALUES ($1, $2, now(), $3, 1)`,
        [randomUUID(), file.checksum, file.name],
      );
      applied.push(file.name);
    }
  });
  return { applied, total: files.length };
}
