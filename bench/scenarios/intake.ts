/**
 * Intake throughput: synthetic items, customers and events written through ingestBatch (validation,
 * partial upsert, cookies, customer aggregates) in batches of 5,000, on a fresh PGlite database
 * (a temporary data directory, as in production) and, when BENCH_DATABASE_URL is set, on a scratch
 * PostgreSQL database.
 *
 * Baseline, in the same run on the same database: the same rows as a plain parameterised
 * multi-row INSERT ... VALUES into scratch tables made with LIKE <table> INCLUDING ALL (same
 * columns, defaults and indexes). ratio = intake records/s / baseline records/s, per kind.
 * Kinds alternate baseline, intake so both see a database of about the same size.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { ingestBatch } from "@/lib/data/ingest-batch";
import { BUILT_IN_FIT, type ShopSize, syntheticCustomers, syntheticEvents, syntheticItems } from "@/lib/data/synthetic";
import { type Database, openPglite, openPostgres, setDatabase } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { benchSettings, mb, parseOptions, RssSampler, type Scenario, scratchPostgres, type Timed, timed } from "../lib";

const KINDS = ["items", "customers", "events"] as const;
type Kind = (typeof KINDS)[number];
type Row = Record<string, unknown>;

/** Columns of the baseline INSERT: the fields the synthetic records carry. */
const BASELINE_COLUMNS: Record<Kind, string[]> = {
  items: [
    "item_id",
    "item_name",
    "simple_name",
    "is_active",
    "stock",
    "product_url",
    "product_price",
    "original_price",
    "currency",
    "main_image",
    "date_added",
    "attributes",
    "categories",
    "descriptions",
    "is_synthetic",
  ],
  customers: [
    "customer_id",
    "first_name",
    "last_name",
    "vocative_name",
    "email",
    "phone_number",
    "gender",
    "age",
    "city",
    "country",
    "email_consent",
    "sms_consent",
    "viber_consent",
    "is_synthetic",
  ],
  events: [
    "dedupe_key",
    "event_id",
    "event_type",
    "customer_id",
    "cookie_id",
    "item_id",
    "quantity",
    "price",
    "timestamp",
    "order_id",
  ],
};
const JSON_COLUMNS = new Set(["attributes", "categories", "descriptions"]);
const MAX_PARAMS = 65_535;

function baselineValue(kind: Kind, row: Row, column: string): unknown {
  if (column === "is_synthetic") return true;
  if (column === "dedupe_key") return `id:${row.event_id}`;
  if (kind === "events" && column === "quantity") return row.quantity ?? 1;
  if (kind === "events" && column === "price") return row.price ?? 0;
  const value = row[column];
  if (value === undefined) return null;
  return JSON_COLUMNS.has(column) ? JSON.stringify(value) : value;
}

async function baselineInsert(database: Database, kind: Kind, rows: Row[]): Promise<void> {
  const columns = BASELINE_COLUMNS[kind];
  const perStatement = Math.floor(MAX_PARAMS / columns.length);
  await database.transaction(async (sql) => {
    for (let start = 0; start < rows.length; start += perStatement) {
      const chunk = rows.slice(start, start + perStatement);
      const params: unknown[] = [];
      const tuples = chunk.map((row) => {
        const marks = columns.map((column) => {
          params.push(baselineValue(kind, row, column));
          return `$${params.length}`;
        });
        return `(${marks.join(",")})`;
      });
      await sql.query(
        `INSERT INTO "bench_${kind}" (${columns.map((c) => `"${c}"`).join(",")}) VALUES ${tuples.join(",")}`,
        params,
      );
    }
  });
}

interface TargetResult {
  intake: Record<string, Timed | number>;
  baseline: Record<string, Timed>;
  ratio: Record<string, number>;
}

const sum = (parts: Timed[]) =>
  timed(
    parts.reduce((s, p) => s + p.records, 0),
    parts.reduce((s, p) => s + p.seconds * 1000, 0),
    Math.max(...parts.map((p) => p.peak_rss_mb)),
  );

async function runTarget(
  name: string,
  database: Database,
  data: Record<Kind, Row[]>,
  batch: number,
): Promise<TargetResult> {
  await migrate(database);
  setDatabase(database);
  for (const kind of KINDS) await database.sql.exec(`CREATE TABLE "bench_${kind}" (LIKE "${kind}" INCLUDING ALL)`);
  const sampler = new RssSampler().start();
  const rssBefore = sampler.reset();
  const intake: Record<string, Timed> = {};
  const baseline: Record<string, Timed> = {};
  const ratio: Record<string, number> = {};
  try {
    for (const kind of KINDS) {
      const rows = data[kind];
      let started = performance.now();
      for (let i = 0; i < rows.length; i += batch) {
        await baselineInsert(database, kind, rows.slice(i, i + batch));
        sampler.sample();
      }
      baseline[kind] = timed(rows.length, performance.now() - started, sampler.reset());

      started = performance.now();
      for (let i = 0; i < rows.length; i += batch) {
        const result = await ingestBatch({ kind, records: rows.slice(i, i + batch), synthetic: true });
        if (result.errors.length > 0) throw new Error(`${kind} rejected: ${result.errors[0]?.detail}`);
        sampler.sample();
      }
      intake[kind] = timed(rows.length, performance.now() - started, sampler.reset());
      ratio[kind] =
        Math.round(((intake[kind]?.records_per_s ?? 0) / (baseline[kind]?.records_per_s || 1)) * 1000) / 1000;
      console.log(
        `  ${name.padEnd(8)} ${kind.padEnd(9)} intake ${intake[kind]?.records_per_s.toLocaleString("en").padStart(7)} records/s` +
          ` | baseline ${baseline[kind]?.records_per_s.toLocaleString("en").padStart(7)} records/s` +
          ` | ratio ${ratio[kind]?.toFixed(2)} | peak RSS ${intake[kind]?.peak_rss_mb} MB`,
      );
    }
  } finally {
    sampler.stop();
    setDatabase(undefined);
  }
  intake.all = sum(Object.values(intake));
  baseline.all = sum(Object.values(baseline));
  ratio.all = Math.round(((intake.all?.records_per_s ?? 0) / (baseline.all?.records_per_s || 1)) * 1000) / 1000;
  return { intake: { ...intake, rss_before_mb: rssBefore }, baseline, ratio };
}

const count = z.coerce.number().int().min(1).max(10_000_000);
const ZOptions = z.object({
  items: count.default(20_000),
  customers: count.default(10_000),
  events: count.default(100_000),
  batch: count.max(10_000).default(5000),
});

export const intake: Scenario = {
  name: "intake",
  description: "ingestBatch throughput (items, customers, events) against a plain multi-row INSERT",
  async run(args) {
    const options = parseOptions(args, ZOptions);
    const size: ShopSize = { ...options, seed: 1, end: new Date("2026-11-01T00:00:00Z") };
    const generated = performance.now();
    const data: Record<Kind, Row[]> = {
      items: [...syntheticItems(BUILT_IN_FIT, size)],
      customers: [...syntheticCustomers(BUILT_IN_FIT, size)],
      events: [...syntheticEvents(BUILT_IN_FIT, size)],
    };
    console.log(
      `  generated ${options.items} items, ${options.customers} customers, ${options.events} events in ` +
        `${((performance.now() - generated) / 1000).toFixed(1)} s (held in memory: counted in RSS)`,
    );

    const results: Record<string, unknown> = {};
    const baseline: Record<string, unknown> = {};
    const ratio: Record<string, unknown> = {};
    const record = (name: string, r: TargetResult) => {
      results[name] = r.intake;
      baseline[name] = r.baseline;
      ratio[name] = r.ratio;
    };

    const dir = mkdtempSync(join(tmpdir(), "lumen-bench-"));
    const pglite = await openPglite(dir);
    try {
      record("pglite", await runTarget("pglite", pglite, data, options.batch));
    } finally {
      await pglite.close();
      rmSync(dir, { recursive: true, force: true });
    }

    const { databaseUrl } = benchSettings();
    if (databaseUrl) {
      const scratch = await scratchPostgres(databaseUrl);
      try {
        const postgres = await openPostgres(scratch.url);
        try {
          record("postgres", await runTarget("postgres", postgres, data, options.batch));
        } finally {
          await postgres.close();
        }
      } finally {
        await scratch.drop();
      }
    } else {
      console.log("  postgres: skipped (set BENCH_DATABASE_URL to include it)");
    }
    // The process's high-water mark (maxRSS is in KiB): includes the generated records and every database.
    results.process_max_rss_mb = mb(process.resourceUsage().maxRSS * 1024);
    return {
      parameters: options,
      results,
      baseline,
      ratio,
    };
  },
};
