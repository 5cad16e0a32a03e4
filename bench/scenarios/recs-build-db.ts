/**
 * recs-build-db: the model build as the job runs it, database included (issue 21: "Recs build at
 * 100k items / 1M customers / 10M events including the database read and store: under 5 minutes
 * and 2 GB peak"). The seeded generator's shop (lib/data/synthetic.ts, seed 1) is loaded into a
 * scratch PostgreSQL database (BENCH_DATABASE_URL, default the local server): the catalog through
 * the intake code, the events in bulk (multi-row INSERT ... SELECT FROM unnest, 10,000 a statement,
 * into the monthly partitions made first, the secondary indexes made again after it; cookie-to-
 * customer links where an event has both: not what is measured, and faster than the intake at
 * 10M events). Then, each in a process of
 * its own (../support/build-models.ts):
 * - the baseline: the events read with the build's own query and paging, collected as it does;
 * - the build: buildAndStoreModels, read, every model, store; its true peak is that process's
 *   maxRSS (process.resourceUsage()).
 * `--keep true` keeps the loaded database (named by the sizes) and reuses it on the next run.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import pg from "pg";
import { z } from "zod";
import { createEventPartitions, monthStart } from "@/lib/data/event-partitions";
import { ingestBatch } from "@/lib/data/ingest-batch";
import { BUILT_IN_FIT, type ShopSize, syntheticEvents, syntheticItems } from "@/lib/data/synthetic";
import { openPostgres } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { benchSettings, parseOptions, type Scenario, scratchPostgres } from "../lib";

const TARGET_SECONDS = 5 * 60;
const TARGET_MB = 2048;
const BATCH = 10_000;
const LOCAL_POSTGRES = "postgres://postgres@127.0.0.1:5432/postgres";

const Options = z.object({
  items: z.coerce.number().int().min(10).default(100_000),
  customers: z.coerce.number().int().min(10).default(1_000_000),
  events: z.coerce.number().int().min(100).default(10_000_000),
  seed: z.coerce.number().int().default(1),
  keep: z.enum(["true", "false"]).default("false"),
});
type Options = z.infer<typeof Options>;

const COLUMNS = [
  ["dedupe_key", "text"],
  ["event_id", "text"],
  ["event_type", "text"],
  ["customer_id", "text"],
  ["cookie_id", "text"],
  ["item_id", "text"],
  ["quantity", "int"],
  ["price", "float8"],
  ["timestamp", "timestamptz"],
  ["order_id", "text"],
] as const;
const INSERT_EVENTS = `INSERT INTO events (${COLUMNS.map(([c]) => `"${c}"`).join(", ")})
  SELECT * FROM unnest(${COLUMNS.map(([, t], i) => `$${i + 1}::${t}[]`).join(", ")})`;

async function load(url: string, size: ShopSize, say: (line: string) => void): Promise<void> {
  const database = await openPostgres(url);
  try {
    await migrate(database);
    // A kept database is reused only when a load finished in it (the marker below).
    await database.sql.exec("CREATE TABLE IF NOT EXISTS lumen_bench_loaded (events bigint NOT NULL)");
    const [loaded] = await database.sql.query<{ events: string }>("SELECT events::text FROM lumen_bench_loaded");
    if (loaded) {
      say(`reusing the loaded database (${loaded.events} events)`);
      return;
    }
    const [partial] = await database.sql.query<{ n: string }>("SELECT count(*)::text AS n FROM events");
    if (Number(partial?.n)) throw new Error("a load was interrupted in this kept database: drop it and run again");
    let batch: Record<string, unknown>[] = [];
    for (const item of syntheticItems(BUILT_IN_FIT, size)) {
      batch.push(item);
      if (batch.length === 5000) {
        await ingestBatch({ kind: "items", records: batch, synthetic: true, database });
        batch = [];
      }
    }
    if (batch.length) await ingestBatch({ kind: "items", records: batch, synthetic: true, database });
    // Every month the generator spans (it ends at size.end and goes back at most a few years).
    const months: Date[] = [];
    for (let m = monthStart(size.end, -36); m <= size.end; m = monthStart(m, 1)) months.push(m);
    await createEventPartitions({ database, months });
    // The events' secondary indexes are made again after the load (faster than kept up row by
    // row); the database ends as the intake leaves it.
    const indexes = await database.sql.query<{ name: string; def: string }>(
      `SELECT indexname AS name, indexdef AS def FROM pg_indexes
        WHERE schemaname = 'public' AND tablename = 'events' AND indexname <> 'events_pkey'`,
    );
    for (const index of indexes) await database.sql.exec(`DROP INDEX "${index.name}"`);
    const started = performance.now();
    const columns: unknown[][] = COLUMNS.map(() => []);
    const links = new Map<string, string>();
    let n = 0;
    const flush = async () => {
      await database.sql.query(INSERT_EVENTS, columns);
      for (const c of columns) c.length = 0;
    };
    for (const e of syntheticEvents(BUILT_IN_FIT, size)) {
      n++;
      const row = [
        `bench:${n}`,
        e.event_id ?? null,
        e.event_type,
        e.customer_id ?? null,
        e.cookie_id ?? null,
        e.item_id ?? null,
        e.quantity ?? 1,
        e.price ?? 0,
        `${String(e.timestamp)}Z`,
        e.order_id ?? null,
      ];
      for (let c = 0; c < row.length; c++) columns[c]!.push(row[c]);
      if (e.cookie_id && e.customer_id) links.set(String(e.cookie_id), String(e.customer_id));
      if (columns[0]!.length === BATCH) await flush();
      if (n % 1_000_000 === 0)
        say(`${n.toLocaleString("en")} events loaded (${Math.round((performance.now() - started) / 1000)} s)`);
    }
    if (columns[0]!.length) await flush();
    const cookies = [...links.keys()];
    for (let at = 0; at < cookies.length; at += BATCH) {
      const part = cookies.slice(at, at + BATCH);
      await database.sql.query(
        `INSERT INTO customer_cookies (cookie_id, customer_id) SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT DO NOTHING`,
        [part, part.map((c) => links.get(c)!)],
      );
    }
    for (const index of indexes) await database.sql.exec(index.def);
    await database.sql.exec("ANALYZE");
    await database.sql.query("INSERT INTO lumen_bench_loaded (events) VALUES ($1)", [n]);
    say(
      `loaded ${size.items} items, ${n.toLocaleString("en")} events, ${cookies.length} cookie links in ${Math.round((performance.now() - started) / 1000)} s`,
    );
  } finally {
    await database.close();
  }
}

/** ../support/build-models.ts in a process of its own; its JSON line. */
function child(url: string, args: string[], say: (line: string) => void): Promise<Record<string, unknown>> {
  const { RECS_BUILD_WINDOW_DAYS: _window, ...everyEvent } = process.env;
  return new Promise((resolve, reject) => {
    const p = spawn(
      process.execPath,
      ["--import", "tsx", join(process.cwd(), "bench", "support", "build-models.ts"), ...args],
      {
        env: { ...everyEvent, DATABASE_URL: url, LOG_LEVEL: "warn" },
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    let out = "";
    p.stdout.on("data", (d) => {
      out += d;
    });
    p.on("close", (code) => {
      const line = out.trim().split("\n").at(-1) ?? "";
      if (code !== 0) reject(new Error(`build-models ${args.join(" ")} exited with ${code}: ${out}`));
      else {
        say(line);
        resolve(JSON.parse(line));
      }
    });
  });
}

async function database(o: Options): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = benchSettings().databaseUrl ?? LOCAL_POSTGRES;
  if (o.keep !== "true") return scratchPostgres(base);
  const name = `lumen_bench_build_${o.items}_${o.customers}_${o.events}_${o.seed}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (!found.rowCount) await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: async () => {} };
}

export const recsBuildDb: Scenario = {
  name: "recs-build-db",
  description:
    "the model build as the job runs it on PostgreSQL (read, build, store) at --items 100000 --customers 1000000 --events 10000000: time and true peak memory, against reading the events alone",
  async run(args) {
    const say = (line: string) => console.log(`  ${line}`);
    const o = parseOptions(args, Options);
    const now = new Date();
    const size: ShopSize = {
      items: o.items,
      customers: o.customers,
      events: o.events,
      seed: o.seed,
      end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())),
    };
    const scratch = await database(o);
    try {
      await load(scratch.url, size, say);
      say("reading the events as the build does (baseline)");
      const read = await child(scratch.url, ["--read-only", "true"], say);
      say("building and storing the models");
      const build = await child(scratch.url, [], say);
      const seconds = Number(build.seconds);
      const peak = Number(build.max_rss_mb);
      return {
        parameters: {
          ...o,
          setup:
            "scratch PostgreSQL database on the same machine; each measured step in a node process of its own (bench/support/build-models.ts); RECS_BUILD_WINDOW_DAYS unset (every event read)",
        },
        results: { build: build, read_only: read },
        baseline: { read_seconds: read.seconds, read_max_rss_mb: read.max_rss_mb },
        ratio: {
          build_seconds_over_target: Math.round((seconds / TARGET_SECONDS) * 1000) / 1000,
          peak_over_target: Math.round((peak / TARGET_MB) * 1000) / 1000,
          build_over_read: Math.round((seconds / Number(read.seconds)) * 100) / 100,
          meets_target: seconds <= TARGET_SECONDS && peak <= TARGET_MB,
        },
      };
    } finally {
      await scratch.drop();
    }
  },
};
