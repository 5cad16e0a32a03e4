/**
 * Prints the SQL that takes the database built by prisma/migrations to prisma/schema.prisma:
 * the body of the next migration. Usage: npm run db:diff [-- --name add_things] (with --name it
 * writes prisma/migrations/<timestamp>_<name>/migration.sql).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { MIGRATIONS_DIR, readMigrations } from "@/lib/db/migrate";
import { diffSql } from "@/lib/db/schema-engine";

const { values } = parseArgs({ options: { name: { type: "string" } } });
const sql = await diffSql(
  { kind: "migrations", sqls: readMigrations() },
  { kind: "schema", path: "prisma/schema.prisma" },
);
if (!sql.trim() || /^-- This is an empty migration/.test(sql.trim())) {
  console.log("The migrations already match prisma/schema.prisma.");
} else if (values.name) {
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const dir = join(MIGRATIONS_DIR, `${stamp}_${values.name}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "migration.sql"), sql);
  console.log(`Wrote ${dir}/migration.sql`);
} else {
  process.stdout.write(sql);
}
