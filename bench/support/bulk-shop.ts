/**
 * A seeded synthetic shop (lib/data/synthetic.ts) loaded into a PostgreSQL database fast enough for
 * 10M events: the catalog (and, when asked, the customers) through the intake code, the events in
 * bulk (multi-row INSERT ... SELECT FROM unnest, 10,000 a statement, into the monthly partitions made
 * first, the events' secondary indexes made again after it; cookie-to-customer links where an event
 * has both). Not what a bench measures, and faster than the intake at that size; the database ends
 * as the intake leaves it. A kept database (keptPostgres) is reused when a load finished in it.
 */
import pg from "pg";
import { createEventPartitions, monthStart } from "@/lib/data/event-partitions";
import { ingestBatch } from "@/lib/data/ingest-batch";
import type { IntakeKind } from "@/lib/data/schemas";
import { BUILT_IN_FIT, type ShopSize, syntheticCustomers, syntheticEvents, syntheticItems } from "@/lib/data/synthetic";
import { type Database, openPostgres } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { benchSettings, scratchPostgres } from "../lib";

const BATCH = 10_000;

/** The generator's shop of these sizes, its events ending at today's midnight (UTC). */
export function shopSizeToday(o: { items: number; customers: number; events: number; seed: number }): ShopSize {
  const now = new Date();
  return {
    items: o.items,
    customers: o.customers,
    events: o.events,
    seed: o.seed,
    end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())),
  };
}
const LOCAL_POSTGRES = "postgres://postgres@127.0.0.1:5432/postgres";

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

/** Records of one kind through the intake code, 5,000 a batch. */
async function intake(
  database: Database,
  kind: IntakeKind,
  records: Iterable<Record<string, unknown>>,
): Promise<number> {
  let batch: Record<string, unknown>[] = [];
  let n = 0;
  const flush = async () => {
    const result = await ingestBatch({ kind, records: batch, synthetic: true, database });
    if (result.errors.length > 0) throw new Error(`${kind}: ${result.errors[0]!.detail}`);
    n += batch.length;
    batch = [];
  };
  for (const record of records) {
    batch.push(record);
    if (batch.length === 5000) await flush();
  }
  if (batch.length) await flush();
  return n;
}

/**
 * Loads the shop of `size` into the database at `url` (migrated first): items, customers when
 * `withCustomers`, events. Nothing happens when an earlier load finished there.
 */
export async function loadBulkShop(
  url: string,
  size: ShopSize,
  say: (line: string) => void,
  options: { withCustomers?: boolean } = {},
): Promise<void> {
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
    await intake(database, "items", syntheticItems(BUILT_IN_FIT, size));
    if (options.withCustomers) {
      const at = performance.now();
      const n = await intake(database, "customers", syntheticCustomers(BUILT_IN_FIT, size));
      say(`${n.toLocaleString("en")} customers through the intake in ${Math.round((performance.now() - at) / 1000)} s`);
    }
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

/**
 * A database for a bulk shop: a scratch one (dropped by `drop`), or with `keepAs` one of that name,
 * made when missing and kept (its `drop` does nothing), so the next run skips the load.
 */
export async function benchPostgres(keepAs?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = benchSettings().databaseUrl ?? LOCAL_POSTGRES;
  if (!keepAs) return scratchPostgres(base);
  const name = keepAs;
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
