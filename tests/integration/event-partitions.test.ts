/**
 * `events` partitioned by month (lib/data/event-partitions.ts): the migration that converts a
 * filled table, the months made ahead and on demand, the default partition, re-imports across
 * months, retention (lib/data/drop-expired-events.ts), and the plans of time-bounded reads, which
 * scan only the months they need. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { compileFunnel } from "@/lib/audiences/compile";
import { chainStatement } from "@/lib/audiences/funnel";
import type { TFilterGroupInput } from "@/lib/audiences/schemas";
import { dropExpiredEvents } from "@/lib/data/drop-expired-events";
import {
  createEventPartitions,
  DEFAULT_PARTITION,
  listEventPartitions,
  monthStart,
  partitionName,
  prepareEventPartitions,
} from "@/lib/data/event-partitions";
import { ingestBatch } from "@/lib/data/ingest-batch";
import { maintainEventPartitions } from "@/lib/data/maintain-event-partitions";
import { type Database, getDatabase, openPglite, openPostgres, type SqlRunner } from "@/lib/db/client";
import { MIGRATIONS_DIR, migrate, readMigrations } from "@/lib/db/migrate";
import { resetEnvCache, setEnv } from "@/lib/env";
import { formatTimestamp } from "@/lib/http/timestamps";
import { eventPageSql } from "@/lib/recommend/model-build";
import { ruleCandidates } from "@/lib/recommend/rule-candidates";
import { withDatabaseName } from "./db";

const NOW = new Date();
/** Noon on the 15th of the month `add` months from now (UTC: the tests' TIMEZONE). */
const midMonth = (add: number) => {
  const m = monthStart(NOW, add);
  return new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth(), 15, 12));
};
const at = (add: number) => formatTimestamp(midMonth(add));
const part = (add: number) => partitionName(monthStart(NOW, add));

async function placeOf(sql: SqlRunner, where: string, params: unknown[] = []): Promise<string[]> {
  const rows = await sql.query<{ part: string }>(
    `SELECT tableoid::regclass::text AS part FROM events WHERE ${where} ORDER BY "timestamp"`,
    params,
  );
  return rows.map((r) => r.part);
}

async function events(records: Record<string, unknown>[]) {
  const result = await ingestBatch({ kind: "events", records });
  expect(result.errors).toEqual([]);
  return result.upserted;
}

describe("events partitioned by month", () => {
  it("makes the current month and the next two ahead", async () => {
    const database = await getDatabase();
    await prepareEventPartitions({ database, now: NOW });
    const names = (await listEventPartitions(database.sql)).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining([part(0), part(1), part(2)]));
    const [kind] = await database.sql.query<{ relkind: string }>(
      "SELECT relkind::text FROM pg_class WHERE oid = 'public.events'::regclass",
    );
    expect(kind?.relkind).toBe("p");
  });

  it("makes an import's older month on demand and stores its events there", async () => {
    const database = await getDatabase();
    expect((await listEventPartitions(database.sql)).map((p) => p.name)).not.toContain(part(-40));
    const stored = await events([
      { event_type: "purchase", customer_id: "pt-old", item_id: "pt-i", order_id: "pt-o1", timestamp: at(-40) },
      { event_type: "purchase", customer_id: "pt-old", item_id: "pt-i", order_id: "pt-o2", timestamp: at(0) },
    ]);
    expect(stored).toBe(2);
    expect(await placeOf(database.sql, "customer_id = 'pt-old'")).toEqual([part(-40), part(0)]);
  });

  it("keeps a row without a month partition in the default partition, and moves it when its month is made", async () => {
    const database = await getDatabase();
    // Beyond the months made on demand (12 ahead): the default partition takes it.
    const far = formatTimestamp(midMonth(30));
    expect(await events([{ event_type: "view", cookie_id: "pt-far", item_id: "pt-i", timestamp: far }])).toBe(1);
    expect(await placeOf(database.sql, "cookie_id = 'pt-far'")).toEqual([DEFAULT_PARTITION]);
    expect(await createEventPartitions({ database, months: [monthStart(NOW, 30)] })).toEqual([part(30)]);
    expect(await placeOf(database.sql, "cookie_id = 'pt-far'")).toEqual([part(30)]);
  });

  it("stores an event_id once across months, and a content-keyed event once per content", async () => {
    const database = await getDatabase();
    expect(
      await events([{ event_id: "pt-e1", event_type: "view", cookie_id: "pt-c", item_id: "pt-i", timestamp: at(-3) }]),
    ).toBe(1);
    // The same event_id again with another month's timestamp, and twice in one batch: not stored again.
    expect(
      await events([
        { event_id: "pt-e1", event_type: "view", cookie_id: "pt-c", item_id: "pt-i", timestamp: at(0) },
        { event_id: "pt-e2", event_type: "view", cookie_id: "pt-c", item_id: "pt-i", timestamp: at(-2) },
        { event_id: "pt-e2", event_type: "view", cookie_id: "pt-c", item_id: "pt-i", timestamp: at(-1) },
      ]),
    ).toBe(1);
    expect(await placeOf(database.sql, "cookie_id = 'pt-c'")).toEqual([part(-3), part(-2)]);
    const content = [
      { event_type: "view", cookie_id: "pt-h", item_id: "pt-i", timestamp: at(-5) },
      { event_type: "view", cookie_id: "pt-h", item_id: "pt-i", timestamp: at(-1) },
    ];
    expect(await events(content)).toBe(2);
    expect(await events(content)).toBe(0);
    expect(await placeOf(database.sql, "cookie_id = 'pt-h'")).toEqual([part(-5), part(-1)]);
  });

  it("drops the months past the retention window but not the current one, keeping lifetime values", async () => {
    const database = await getDatabase();
    await ingestBatch({ kind: "customers", records: [{ customer_id: "pt-ret" }] });
    await events([
      {
        event_id: "pt-r1",
        event_type: "purchase",
        customer_id: "pt-ret",
        item_id: "pt-i",
        price: 30,
        timestamp: at(-9),
      },
      { event_type: "purchase", customer_id: "pt-ret", item_id: "pt-i", price: 12, timestamp: at(0) },
      { event_type: "view", customer_id: "pt-ret", item_id: "pt-i", timestamp: at(-7) },
      { event_type: "view", customer_id: "pt-ret", item_id: "pt-i", timestamp: at(-6) },
    ]);
    const clv = async () =>
      (
        await database.sql.query<{ clv_value: number; clv_expired: number; last: Date | null }>(
          "SELECT clv_value, clv_expired, last_purchase_at AS last FROM customers WHERE customer_id = 'pt-ret'",
        )
      )[0];
    expect((await clv())?.clv_value).toBe(42);
    const [counted] = await database.sql.query<{ value: string }>(
      "SELECT value #>> '{}' AS value FROM system_state WHERE key = 'events_count'",
    );

    const dropped = await dropExpiredEvents({ database, retentionMonths: 6, now: NOW });
    // Retention 6: the current month and the 6 before it are kept.
    expect(dropped.partitions).toEqual([part(-40), part(-9), part(-7)]);
    const left = (await listEventPartitions(database.sql)).map((p) => p.name);
    expect(left).not.toContain(part(-7));
    expect(left).toEqual(expect.arrayContaining([part(-6), part(-5), part(0), part(1), part(2)]));
    expect(await placeOf(database.sql, "customer_id = 'pt-ret'")).toEqual([part(-6), part(0)]);
    expect(await database.sql.query("SELECT 1 FROM event_keys WHERE dedupe_key = 'id:pt-r1'")).toEqual([]);
    // The customer's value stays, also once the kept purchases are summed again.
    expect(await clv()).toMatchObject({ clv_value: 42, clv_expired: 30 });
    await events([{ event_type: "purchase", customer_id: "pt-ret", item_id: "pt-i", price: 8, timestamp: at(0) }]);
    expect((await clv())?.clv_value).toBe(50);
    const [after] = await database.sql.query<{ value: string }>(
      "SELECT value #>> '{}' AS value FROM system_state WHERE key = 'events_count'",
    );
    expect(Number(after?.value)).toBe(Number(counted?.value) - dropped.events + 1);
    // With the setting on, an event older than the window sent again gets no month of its own: it
    // waits in the default partition, and the next run deletes it.
    // The daily job does it.
    setEnv("EVENT_RETENTION_MONTHS", "6");
    try {
      await events([{ event_type: "view", cookie_id: "pt-late", item_id: "pt-i", timestamp: at(-9) }]);
      expect(await placeOf(database.sql, "cookie_id = 'pt-late'")).toEqual([DEFAULT_PARTITION]);
      await maintainEventPartitions({ database, now: NOW });
    } finally {
      delete process.env.EVENT_RETENTION_MONTHS;
      resetEnvCache();
    }
    expect(await placeOf(database.sql, "cookie_id = 'pt-late'")).toEqual([]);
    // The keys of the events kept stay.
    expect(await database.sql.query("SELECT dedupe_key FROM event_keys WHERE dedupe_key = 'id:pt-e1'")).toHaveLength(1);
  });
});

describe("time-bounded reads scan only their months", () => {
  /** Runs each statement as EXPLAIN and keeps the plans (the caller's rows come back empty). */
  const explaining = (sql: SqlRunner, plans: string[]): SqlRunner => ({
    exec: sql.exec,
    queryBytes: sql.queryBytes,
    query: async <T>(text: string, params?: unknown[]) => {
      const rows = await sql.query<{ "QUERY PLAN": string }>(`EXPLAIN (COSTS OFF) ${text}`, params);
      plans.push(rows.map((r) => r["QUERY PLAN"]).join("\n"));
      return [] as T[];
    },
  });
  const scanned = (plan: string) => [...new Set(plan.match(/\bevents_(\d{4}_\d{2}|default)\b/g) ?? [])].sort();

  it("the audience funnel's purchased filter", async () => {
    const database = await getDatabase();
    await events([
      { event_type: "purchase", customer_id: "pt-f", item_id: "pt-i", timestamp: at(-4) },
      { event_type: "purchase", customer_id: "pt-f", item_id: "pt-i", timestamp: at(0) },
    ]);
    const groups = [
      {
        filter_group: "product-focused-filters",
        filter_group_order: 0,
        next_group_connector: "AND",
        values: [
          {
            filter_name: "purchased",
            filter_entity: "product_id",
            filter_type: "IN",
            filter_order: 0,
            filter_values: ["pt-i"],
            period_days: 20,
          },
        ],
      },
    ] as TFilterGroupInput[];
    const compiled = compileFunnel(groups);
    const rows = await database.sql.query<{ "QUERY PLAN": string }>(
      `EXPLAIN (COSTS OFF) ${chainStatement(compiled)}`,
      compiled.params,
    );
    const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
    const parts = scanned(plan);
    expect(parts, plan).toContain(part(0));
    expect(parts, plan).not.toContain(part(-4));
    expect(parts, plan).not.toContain(part(-3));
    expect(parts.length, plan).toBeLessThanOrEqual(6);
  });

  it("best-sellers over its window", async () => {
    const database = await getDatabase();
    // The window may start in the month before this one (early in a month).
    const start = monthStart(new Date(NOW.getTime() - 20 * 86_400_000));
    await createEventPartitions({ database, months: [start] });
    const plans: string[] = [];
    await ruleCandidates({
      sql: explaining(database.sql, plans),
      rule: {
        rule_type: "best-sellers",
        positions: [0],
        values: [{ column_name: "window_days", comparator: "=", value: 20 }],
      },
      now: NOW,
    });
    const parts = scanned(plans.join("\n"));
    expect(parts, plans.join("\n")).toContain(part(0));
    expect(parts, plans.join("\n")).not.toContain(part(-3));
    // Bounded on both sides by months that have partitions: neither later months nor the default partition.
    expect(parts, plans.join("\n")).toEqual([...new Set([partitionName(start), part(0)])]);
  });

  it("the model build's event pages with RECS_BUILD_WINDOW_DAYS (every month without it)", async () => {
    const database = await getDatabase();
    const plan = async (windowed: boolean) => {
      const since = windowed ? [new Date(NOW.getTime() - 20 * 86_400_000).toISOString()] : [];
      const rows = await database.sql.query<{ "QUERY PLAN": string }>(`EXPLAIN (COSTS OFF) ${eventPageSql(windowed)}`, [
        "0",
        ["purchase", "view"],
        ...since,
      ]);
      return scanned(rows.map((r) => r["QUERY PLAN"]).join("\n"));
    };
    const windowed = await plan(true);
    expect(windowed).toContain(part(0));
    expect(windowed).not.toContain(part(-3));
    expect(await plan(false)).toEqual(expect.arrayContaining([part(-3), part(0)]));
  });
});

describe("the partitioning migration on a filled events table", () => {
  it("moves every row into its month, keeps the keys, and keeps re-imports idempotent", async () => {
    const all = readMigrations();
    const index = all.findIndex((m) => m.name.endsWith("_events_partitioned"));
    expect(index).toBeGreaterThan(0);
    const before = mkdtempSync(join(tmpdir(), "lumen-migrations-"));
    for (const m of all.slice(0, index))
      cpSync(join(MIGRATIONS_DIR, m.name), join(before, m.name), { recursive: true });
    const scratch = await scratchDatabase();
    const { database } = scratch;
    try {
      await migrate(database, before);
      const q = (text: string, params: unknown[] = []) => database.sql.query(text, params);
      await q(
        `INSERT INTO events (dedupe_key, event_id, event_type, cookie_id, item_id, "timestamp") VALUES
           ('id:m1', 'm1', 'view', 'mc', 'mi', $1), ('h2:abc', NULL, 'view', 'mc', 'mi', $2), ('id:m2', 'm2', 'view', 'mc', 'mi', $2)`,
        [midMonth(-2), midMonth(0)],
      );
      const result = await migrate(database);
      expect(result.applied.some((name) => name.endsWith("_events_partitioned"))).toBe(true);
      expect(await placeOf(database.sql, "cookie_id = 'mc'")).toEqual([part(-2), part(0), part(0)]);
      expect(await q("SELECT dedupe_key FROM event_keys ORDER BY 1")).toEqual([
        { dedupe_key: "id:m1" },
        { dedupe_key: "id:m2" },
      ]);
      // Ids go on from the old sequence.
      const ids = await q("SELECT id::int FROM events ORDER BY id");
      const stored = await ingestBatch({
        kind: "events",
        database,
        records: [
          { event_id: "m1", event_type: "view", cookie_id: "mc", item_id: "mi", timestamp: at(-1) },
          { event_id: "m3", event_type: "view", cookie_id: "mc", item_id: "mi", timestamp: at(-1) },
        ],
      });
      expect(stored.upserted).toBe(1);
      const [next] = await q("SELECT max(id)::int AS id FROM events");
      expect(next).toEqual({ id: Number((ids.at(-1) as { id: number }).id) + 1 });
    } finally {
      await scratch.drop();
      rmSync(before, { recursive: true, force: true });
    }
  });
});

/** An empty database of its own (not migrated): PGlite, or one on TEST_DATABASE_URL's server. */
async function scratchDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openPglite();
    return { database, drop: () => database.close() };
  }
  const name = `lumen_partitions_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const database = await openPostgres(withDatabaseName(url, name));
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
