/**
 * A database of the test file's own: a clone of the migrated PGlite template, or, when
 * TEST_DATABASE_URL points at a PostgreSQL server, a new database created there (migrated, and
 * dropped at the end).
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { type Database, openPglite, openPostgres } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";

export interface TestDatabase {
  database: Database;
  drop(): Promise<void>;
}

export function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const template = inject("pgliteTemplate" as never) as string | undefined;
    const database = await openPglite(undefined, { loadFrom: template });
    if (!template) await migrate(database);
    return { database, drop: () => database.close() };
  }
  const name = `lumen_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const database = await openPostgres(withDatabaseName(url, name));
  await migrate(database);
  return {
    database,
    drop: async () => {
      await database.close();
      const again = new pg.Client({ connectionString: url });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}
