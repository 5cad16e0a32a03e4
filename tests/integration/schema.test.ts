/**
 * The database built by prisma/migrations matches prisma/schema.prisma: the test database (migrated
 * by our runner) is compared, table by table, column by column, index by index, with a fresh
 * database built from the SQL that Prisma's own schema engine writes for schema.prisma.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { getDatabase, openPglite, type SqlRunner } from "@/lib/db/client";
import { diffSql } from "@/lib/db/schema-engine";
import { withDatabaseName } from "./db";

// Partitions (events' months, lib/data/event-partitions.ts) are not in schema.prisma: Prisma sees
// the partitioned table as a table; its partitions and their copies of its indexes are left out.
const NOT_A_PARTITION = `NOT EXISTS (SELECT 1 FROM pg_class p WHERE p.oid = to_regclass('public.' || quote_ident(%s)) AND p.relispartition)`;

async function snapshot(sql: SqlRunner) {
  const columns = await sql.query(
    `SELECT table_name, column_name, data_type, udt_name, is_nullable, column_default, character_maximum_length, datetime_precision
     FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'
       AND ${NOT_A_PARTITION.replace("%s", "table_name")}
     ORDER BY table_name, column_name`,
  );
  // An index of a partitioned table is made ON ONLY it (its partitions get their own).
  const indexes = await sql.query(
    `SELECT tablename, indexname, replace(indexdef, ' ON ONLY ', ' ON ') AS indexdef FROM pg_indexes
     WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' AND ${NOT_A_PARTITION.replace("%s", "tablename")}
     ORDER BY tablename, indexname`,
  );
  const constraints = await sql.query(
    `SELECT conrelid::regclass::text AS table_name, conname, contype, pg_get_constraintdef(oid) AS def
     FROM pg_constraint WHERE connamespace = 'public'::regnamespace
       AND NOT EXISTS (SELECT 1 FROM pg_class p WHERE p.oid = conrelid AND p.relispartition)
     ORDER BY 1, 2`,
  );
  const enums = await sql.query(
    `SELECT t.typname, array_agg(e.enumlabel ORDER BY e.enumsortorder)::text AS labels
     FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid GROUP BY t.typname ORDER BY 1`,
  );
  return { columns, indexes, constraints: constraints.filter((c) => c.table_name !== "_prisma_migrations"), enums };
}

describe("migrations match schema.prisma", () => {
  it("has the same tables, columns, types, nullability, defaults, indexes and constraints", async () => {
    const expectedSql = await diffSql({ kind: "empty" }, { kind: "schema", path: "prisma/schema.prisma" });
    expect(expectedSql).toContain("CREATE TABLE");
    const migrated = await snapshot((await getDatabase()).sql);

    const url = process.env.TEST_DATABASE_URL;
    let reference: Awaited<ReturnType<typeof snapshot>>;
    if (!url) {
      const fresh = await openPglite();
      try {
        await fresh.sql.exec(expectedSql);
        reference = await snapshot(fresh.sql);
      } finally {
        await fresh.close();
      }
    } else {
      const name = `lumen_schema_${randomBytes(6).toString("hex")}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const client = new pg.Client({ connectionString: withDatabaseName(url, name) });
      try {
        await client.connect();
        await client.query(expectedSql);
        reference = await snapshot({
          exec: async (s) => {
            await client.query(s);
          },
          query: async <T>(s: string) => (await client.query(s)).rows as T[],
          queryBytes: () => Promise.reject(new Error("not used by snapshot")),
        });
      } finally {
        await client.end();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    }
    expect(migrated.columns).toEqual(reference.columns);
    expect(migrated.indexes).toEqual(reference.indexes);
    expect(migrated.constraints).toEqual(reference.constraints);
    expect(migrated.enums).toEqual(reference.enums);
    expect(migrated.columns.length).toBeGreaterThan(50);
  });
});

describe("what the migrations set beyond schema.prisma", () => {
  it("stores a build's chunks and patches uncompressed (STORAGE EXTERNAL: parts read without decompressing the chunk)", async () => {
    const rows = await (await getDatabase()).sql.query<{ table_name: string; attstorage: string }>(
      `SELECT c.relname AS table_name, a.attstorage::text AS attstorage
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
       WHERE c.relname IN ('rec_model_chunks', 'rec_model_patches') AND a.attname = 'data' ORDER BY 1`,
    );
    expect(rows).toEqual([
      { table_name: "rec_model_chunks", attstorage: "e" },
      { table_name: "rec_model_patches", attstorage: "e" },
    ]);
  });
});
