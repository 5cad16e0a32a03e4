/**
 * funnel: the audience funnel exactly as POST /customer-studio/audiences/estimate runs it
 * (estimateAudience -> lib/audiences/funnel.ts, one statement) with five
 * filters, the last one product-focused, on a seeded synthetic shop loaded through the intake code
 * (lib/data/synthetic.ts; default 100,000 items, 1,000,000 customers, 10,000,000 events), on PGlite
 * (a fresh temporary data directory) and PostgreSQL (a scratch database on BENCH_DATABASE_URL, else
 * the local server, dropped at the end).
 *
 * Baseline, in the same run and on the same database: a plain `SELECT COUNT(*) FROM customers c
 * WHERE <the funnel's final WHERE>` with the same parameters. After a warm-up, each is run `runs`
 * times, alternating (funnel first on even runs, count first on odd ones); median and p95 (nearest
 * rank) of each. Measured twice: as loaded (PGlite never analyses on its own; PostgreSQL's
 * autovacuum may have), then after ANALYZE. Targets (issue 10): the funnel under 2 s on PGlite and
 * under 500 ms on PostgreSQL, at most 1.5x the plain count.
 *
 * Both databases are loaded at once from one pass of the generator (the PostgreSQL server works on
 * its own core while this process writes to PGlite), so the load times are those of the pair.
 */
import { randomBytes } from "node:crypto";
import { existsSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { z } from "zod";
import { estimateAudience } from "@/lib/audiences/audiences";
import { compileFunnel, stepCondition } from "@/lib/audiences/compile";
import { chainStatement } from "@/lib/audiences/funnel";
import { type TFilterGroupInput, ZFilterGroupInput } from "@/lib/audiences/schemas";
import { ingestBatch } from "@/lib/data/ingest-batch";
import type { IntakeKind } from "@/lib/data/schemas";
import { BUILT_IN_FIT, type ShopSize, syntheticCustomers, syntheticEvents, syntheticItems } from "@/lib/data/synthetic";
import { type Database, openPglite, openPostgres, setDatabase } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { benchSettings, mb, parseOptions, type Scenario, type ScenarioReport } from "../lib";

const ZOptions = z.object({
  items: z.coerce.number().int().min(100).default(100_000),
  customers: z.coerce.number().int().min(100).default(1_000_000),
  events: z.coerce.number().int().min(0).default(10_000_000),
  runs: z.coerce.number().int().min(1).max(100).default(7),
  warmup: z.coerce.number().int().min(0).max(20).default(2),
  batch: z.coerce.number().int().min(100).max(10_000).default(10_000),
  databases: z.enum(["both", "pglite", "postgres"]).default("both"),
  /** Prints EXPLAIN ANALYZE of the funnel and the plain count after ANALYZE. */
  explain: z.enum(["true", "false"]).default("false"),
  /** Leaves the loaded databases in place for a later --reuse run. */
  keep: z.enum(["true", "false"]).default("false"),
  /** Measures the databases a --keep run left, without loading (migrations still run). */
  reuse: z.enum(["true", "false"]).default("false"),
});
type Options = z.infer<typeof ZOptions>;
type Kind = "pglite" | "postgres";

const LOCAL_POSTGRES = "postgres://postgres@127.0.0.1:5432/postgres";
const TARGET_MS: Record<Kind, number> = { pglite: 2000, postgres: 500 };
const TARGET_RATIO = 1.5;

/** Five filters as the builder sends them: four on the customer, then a product-focused one. */
export const FUNNEL_FILTERS: TFilterGroupInput[] = z.array(ZFilterGroupInput).parse([
  {
    filter_group: "customer-filters",
    filter_group_order: 0,
    next_group_connector: "AND",
    values: [
      {
        filter_name: "country",
        filter_type: "IN",
        filter_order: 0,
        filter_values: ["United Kingdom", "Germany", "France"],
      },
      {
        filter_name: "age",
        filter_type: "BETWEEN",
        filter_order: 1,
        filter_values: { value_name: "age", min_value: 25, max_value: 55 },
      },
      { filter_name: "email_consent", filter_type: "IN", filter_order: 2, filter_values: ["True"] },
      { filter_name: "purchases-180-days", filter_type: "GTE", filter_order: 3, filter_values: 1 },
    ],
  },
  {
    filter_group: "product-focused-filters",
    filter_group_order: 1,
    values: [
      {
        filter_name: "purchased",
        filter_entity: "category",
        filter_type: "IN",
        filter_order: 0,
        filter_values: ["Kitchen", "Candles & lights"],
        period_days: 90,
      },
    ],
  },
]);

interface Target {
  kind: Kind;
  database: Database;
  drop: () => Promise<void>;
}

const KEPT_NAME = "lumen_bench_funnel";

async function onServer(server: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A fresh database (PGlite in a temporary directory, a PostgreSQL database of its own), dropped at
 * the end; with --keep, <tmp>/lumen-bench-funnel and database lumen_bench_funnel, left in place for
 * a later --reuse run.
 */
async function open(kind: Kind, options: Options, say: (l: string) => void): Promise<Target | undefined> {
  const reuse = options.reuse === "true";
  const keep = options.keep === "true";
  // Fixed names only for --keep and --reuse, so that other runs never touch a kept database.
  const name = keep || reuse ? KEPT_NAME : `${KEPT_NAME}_${randomBytes(4).toString("hex")}`;
  if (kind === "pglite") {
    const dir = join(tmpdir(), name.replaceAll("_", "-"));
    if (reuse && !existsSync(dir)) throw new Error(`--reuse: no PGlite data in ${dir}`);
    if (!reuse) rmSync(dir, { recursive: true, force: true });
    say(`PGlite: ${dir}${reuse ? " (reused)" : ""}`);
    return {
      kind,
      database: await openPglite(dir),
      drop: async () => {
        if (keep) say(`PGlite data kept in ${dir}`);
        else rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const server = benchSettings().databaseUrl ?? LOCAL_POSTGRES;
  const url = new URL(server);
  url.pathname = `/${name}`;
  try {
    if (!reuse) {
      await onServer(server, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await onServer(server, `CREATE DATABASE "${name}"`);
    }
    say(`PostgreSQL: database ${name} on ${url.host}${reuse ? " (reused)" : ""}`);
    return {
      kind,
      database: await openPostgres(url.toString()),
      drop: async () => {
        if (keep) say(`PostgreSQL database ${name} kept`);
        else await onServer(server, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      },
    };
  } catch (error) {
    say(`PostgreSQL at ${url.host} not usable (${(error as Error).message}): skipped`);
    return undefined;
  }
}

/** One pass of the generator into every target, a batch at a time, with progress every 30 s. */
async function write(
  targets: Target[],
  kind: IntakeKind,
  total: number,
  records: Iterable<Record<string, unknown>>,
  batchSize: number,
  say: (l: string) => void,
) {
  const started = performance.now();
  let batch: Record<string, unknown>[] = [];
  let done = 0;
  let lastSaid = started;
  const flush = async () => {
    // PostgreSQL first: its statements go out between PGlite's, which run on this thread.
    const results = await Promise.all(
      targets.map((t) => ingestBatch({ kind, records: batch, synthetic: true, database: t.database })),
    );
    for (const result of results) {
      if (result.errors.length > 0) throw new Error(`${kind}: ${result.errors[0]!.detail}`);
    }
    done += batch.length;
    batch = [];
    if (performance.now() - lastSaid > 30_000 || done === total) {
      lastSaid = performance.now();
      const s = (performance.now() - started) / 1000;
      say(
        `${kind}: ${done.toLocaleString("en")}/${total.toLocaleString("en")} in ${s.toFixed(0)} s (${Math.round(done / s)} records/s, rss ${mb(process.memoryUsage().rss)} MB)`,
      );
    }
  };
  for (const record of records) {
    batch.push(record);
    if (batch.length >= batchSize) await flush();
  }
  if (batch.length > 0) await flush();
  return { records: done, seconds: Math.round(performance.now() - started) / 1000 };
}

async function loadShop(targets: Target[], options: Options, say: (l: string) => void) {
  const now = new Date();
  const size: ShopSize = {
    items: options.items,
    customers: options.customers,
    events: options.events,
    seed: 42,
    end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())),
  };
  const b = options.batch;
  return {
    items: await write(targets, "items", size.items, syntheticItems(BUILT_IN_FIT, size), b, say),
    customers: await write(targets, "customers", size.customers, syntheticCustomers(BUILT_IN_FIT, size), b, say),
    events: await write(targets, "events", size.events, syntheticEvents(BUILT_IN_FIT, size), b, say),
  };
}

const round1 = (x: number) => Math.round(x * 10) / 10;

function summary(ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
  return {
    median_ms: round1(at(0.5)),
    p95_ms: round1(at(0.95)),
    min_ms: round1(sorted[0]!),
    max_ms: round1(sorted.at(-1)!),
    runs_ms: ms.map(round1),
  };
}

/** Every step's whole condition counted on its own: the funnel's statement for any connectors. */
function perStepStatement(compiled: ReturnType<typeof compileFunnel>): string {
  const columns = compiled.conditions.map(
    (_, k) => `COUNT(*) FILTER (WHERE ${stepCondition(compiled, k)})::int AS s${k}`,
  );
  return `SELECT ${["COUNT(*)::int AS total", ...columns].join(", ")} FROM customers c`;
}

/** The funnel (the estimate route's operation) and the plain count, alternating. */
async function measure(target: Target, options: Options, say: (l: string) => void) {
  const compiled = compileFunnel(FUNNEL_FILTERS);
  const plainSql = `SELECT COUNT(*)::int AS n FROM customers c WHERE ${compiled.where}`;
  setDatabase(target.database);
  try {
    let steps: { count_before: number | null; count_now: number | null }[] = [];
    let funnelSize = -1;
    let plainSize = -1;
    const funnelOnce = async () => {
      const started = performance.now();
      const estimate = await estimateAudience(FUNNEL_FILTERS);
      const ms = performance.now() - started;
      funnelSize = estimate.audience_size;
      steps = estimate.filters.flatMap((g) =>
        g.values.map((f) => ({ filter: f.filter_name, count_before: f.count_before, count_now: f.count_now })),
      );
      return ms;
    };
    const plainOnce = async () => {
      const started = performance.now();
      const rows = await target.database.sql.query<{ n: number }>(plainSql, compiled.params);
      const ms = performance.now() - started;
      plainSize = Number(rows[0]!.n);
      return ms;
    };
    for (let i = 0; i < options.warmup; i++) {
      await funnelOnce();
      await plainOnce();
    }
    const funnelMs: number[] = [];
    const plainMs: number[] = [];
    for (let i = 0; i < options.runs; i++) {
      if (i % 2 === 0) {
        funnelMs.push(await funnelOnce());
        plainMs.push(await plainOnce());
      } else {
        plainMs.push(await plainOnce());
        funnelMs.push(await funnelOnce());
      }
    }
    if (funnelSize !== plainSize) throw new Error(`funnel size ${funnelSize} != plain count ${plainSize}`);
    // Every step checked against its whole condition counted on its own (once, also timed).
    const checkStarted = performance.now();
    const check = (
      await target.database.sql.query<Record<string, number>>(perStepStatement(compiled), compiled.params)
    )[0]!;
    const perStepMs = round1(performance.now() - checkStarted);
    steps.forEach((step, k) => {
      if (Number(check[`s${k}`]) !== step.count_now) {
        throw new Error(`step ${k}: funnel ${step.count_now} != its condition counted alone ${check[`s${k}`]}`);
      }
    });
    const funnel = summary(funnelMs);
    const plain = summary(plainMs);
    const ratio = Math.round((funnel.median_ms / Math.max(plain.median_ms, 0.1)) * 100) / 100;
    say(
      `funnel median ${funnel.median_ms} ms p95 ${funnel.p95_ms} ms | plain count median ${plain.median_ms} ms p95 ${plain.p95_ms} ms | ratio ${ratio}x | audience ${funnelSize.toLocaleString("en")} | steps checked (COUNT(*) FILTER per step: ${perStepMs} ms, once)`,
    );
    return {
      funnel,
      plain_count: plain,
      ratio,
      audience_size: funnelSize,
      steps,
      count_filter_per_step_once_ms: perStepMs,
    };
  } finally {
    setDatabase(undefined);
  }
}

async function explain(target: Target, say: (l: string) => void) {
  const compiled = compileFunnel(FUNNEL_FILTERS);
  const statements = {
    funnel: chainStatement(compiled),
    per_step: perStepStatement(compiled),
    plain: `SELECT COUNT(*)::int AS n FROM customers c WHERE ${compiled.where}`,
  };
  for (const [name, sql] of Object.entries(statements)) {
    const rows = await target.database.transaction(async (tx) => {
      // As funnel() runs it; the others with the server's settings.
      if (name === "funnel" && target.kind === "postgres") await tx.query("SET LOCAL jit = off");
      return tx.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, compiled.params);
    });
    say(`EXPLAIN ANALYZE ${name}:\n${rows.map((r) => `      ${Object.values(r)[0]}`).join("\n")}`);
  }
}

async function sizes(target: Target) {
  const rows = await target.database.sql.query<Record<string, string>>(
    `SELECT (SELECT count(*) FROM items) AS items, (SELECT count(*) FROM customers) AS customers, (SELECT count(*) FROM events) AS events,
            (SELECT count(*) FROM events WHERE event_type = 'purchase') AS purchases,
            (SELECT count(*) FROM customers WHERE purchases_180d > 0) AS buyers_180d,
            pg_total_relation_size('customers') AS customers_bytes, pg_total_relation_size('events') AS events_bytes`,
  );
  const r = rows[0]!;
  return {
    items: Number(r.items),
    customers: Number(r.customers),
    events: Number(r.events),
    purchase_events: Number(r.purchases),
    customers_with_purchases_in_180_days: Number(r.buyers_180d),
    customers_table_mb: mb(Number(r.customers_bytes)),
    events_table_mb: mb(Number(r.events_bytes)),
  };
}

export const funnel: Scenario = {
  name: "funnel",
  description:
    "five-filter audience funnel (estimate route, product-focused last) vs a plain COUNT(*) with the same WHERE (--customers 1000000 --events 10000000)",
  async run(args): Promise<ScenarioReport> {
    const options = parseOptions(args, ZOptions);
    const say = (l: string) => console.log(`  ${l}`);
    const kinds: Kind[] = options.databases === "both" ? ["pglite", "postgres"] : [options.databases];
    const targets: Target[] = [];
    try {
      for (const kind of kinds) {
        const target = await open(kind, options, say);
        if (target) targets.push(target);
      }
      for (const t of targets) await migrate(t.database);
      // PostgreSQL first, see write().
      targets.sort((a, b) => (a.kind === "postgres" ? -1 : 0) - (b.kind === "postgres" ? -1 : 0));
      if (options.reuse === "true") say("loading skipped: databases of an earlier --keep run");
      else
        say(
          `loading ${options.items.toLocaleString("en")} items, ${options.customers.toLocaleString("en")} customers, ${options.events.toLocaleString("en")} events into ${targets.map((t) => t.kind).join(" and ")} at once`,
        );
      const started = performance.now();
      const load =
        options.reuse === "true"
          ? "reused from an earlier --keep run (already analysed by it: as_loaded is then after ANALYZE too)"
          : { ...(await loadShop(targets, options, say)), seconds: Math.round(performance.now() - started) / 1000 };
      if (typeof load === "object") say(`loaded in ${load.seconds.toFixed(0)} s`);

      const results: Record<string, unknown> = {};
      const ratio: Record<string, unknown> = {};
      let measuredSize: Awaited<ReturnType<typeof sizes>> | undefined;
      for (const t of targets) {
        const tsay = (l: string) => say(`[${t.kind}] ${l}`);
        const data = await sizes(t);
        tsay(`data: ${JSON.stringify(data)}`);
        measuredSize ??= data;
        tsay("as loaded:");
        const asLoaded = await measure(t, options, tsay);
        const analyzeStarted = performance.now();
        await t.database.sql.exec("ANALYZE");
        const analyzeS = Math.round(performance.now() - analyzeStarted) / 1000;
        tsay(`after ANALYZE (${analyzeS} s):`);
        const analyzed = await measure(t, options, tsay);
        if (options.explain === "true") await explain(t, tsay);
        results[t.kind] = { data, as_loaded: asLoaded, analyzed, analyze_s: analyzeS };
        ratio[t.kind] = {
          as_loaded: asLoaded.ratio,
          analyzed: analyzed.ratio,
          targets: {
            [`funnel_under_${TARGET_MS[t.kind]}_ms`]: analyzed.funnel.median_ms < TARGET_MS[t.kind],
            [`at_most_${TARGET_RATIO}x_plain_count`]: analyzed.ratio <= TARGET_RATIO,
            [`as_loaded_funnel_under_${TARGET_MS[t.kind]}_ms`]: asLoaded.funnel.median_ms < TARGET_MS[t.kind],
            [`as_loaded_at_most_${TARGET_RATIO}x_plain_count`]: asLoaded.ratio <= TARGET_RATIO,
          },
        };
      }
      return {
        parameters: {
          // As counted in the database, not as asked.
          items: measuredSize?.items,
          customers: measuredSize?.customers,
          events: measuredSize?.events,
          runs: options.runs,
          warm_up_runs: options.warmup,
          batch: options.batch,
          databases: targets.map((t) => t.kind),
          shop: "seeded synthetic shop (lib/data/synthetic.ts, built-in fit of Online Retail, seed 42) loaded through the intake code (ingestBatch), into every database at once",
          load,
          filters: FUNNEL_FILTERS,
          measured:
            "estimateAudience (what POST /customer-studio/audiences/estimate runs) timed in process, median and p95 (nearest rank) of the runs after the warm-up; as loaded, then after ANALYZE",
        },
        results,
        baseline:
          "in results: plain_count = SELECT COUNT(*) FROM customers c WHERE <the funnel's final WHERE>, same parameters, same runs, alternating with the funnel",
        ratio,
      };
    } finally {
      for (const t of targets) {
        await t.database.close().catch(() => {});
        await t.drop();
      }
    }
  },
};
