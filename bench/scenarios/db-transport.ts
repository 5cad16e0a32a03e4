/**
 * npm run bench -- db-transport: how the app reaches the embedded database, per query and for the
 * thread that answers requests (issue 26). Three ways to one in-memory PGlite:
 * - in-thread: PGlite in the calling thread (how the app reached it before);
 * - message passing: PGlite in a worker thread, each query a postMessage (a Prisma driver adapter
 *   and a pg-boss adapter of our own would be needed on top);
 * - socket: the app's way (lib/db/embedded): PGlite in a worker thread behind the wire-protocol
 *   socket, reached with pg (pool of 10), so Prisma's adapter-pg and pg-boss work unchanged.
 * Per-query cost one at a time and 10 at once; and how long the calling thread is held while a
 * 300 ms statement runs (timer ticks every 5 ms that fire meanwhile).
 */
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { z } from "zod";
import { type Database, openPglite } from "@/lib/db/client";
import { machine, parseOptions, type Scenario } from "../lib";

const ZOptions = z.object({ queries: z.coerce.number().int().min(100).default(3000) });

type Query = (sql: string, params?: unknown[]) => Promise<unknown[]>;

interface Transport {
  name: string;
  query: Query;
  close(): Promise<void>;
}

async function inThread(): Promise<Transport> {
  const db = await PGlite.create();
  return { name: "in-thread", query: async (s, p) => (await db.query(s, p)).rows, close: () => db.close() };
}

async function messagePassing(): Promise<Transport> {
  const worker = new Worker(join(process.cwd(), "bench", "support", "pglite-rpc.mjs"));
  await new Promise((r) => worker.once("message", r));
  const waiting = new Map<number, { done: (rows: unknown[]) => void; fail: (e: Error) => void }>();
  worker.on("message", (m: { id: number; rows?: unknown[]; error?: string }) => {
    const w = waiting.get(m.id);
    waiting.delete(m.id);
    if (m.error) w?.fail(new Error(m.error));
    else w?.done(m.rows ?? []);
  });
  let next = 0;
  return {
    name: "message passing",
    query: (sql, params) =>
      new Promise((done, fail) => {
        const id = next++;
        waiting.set(id, { done, fail });
        worker.postMessage({ id, sql, params });
      }),
    close: async () => {
      await worker.terminate();
    },
  };
}

async function socket(): Promise<Transport> {
  const database: Database = await openPglite();
  return { name: "socket (the app's)", query: (s, p) => database.sql.query(s, p), close: () => database.close() };
}

async function measure(t: Transport, queries: number) {
  await t.query("CREATE TABLE IF NOT EXISTS probe (id int PRIMARY KEY, name text, price numeric)");
  await t.query(
    "INSERT INTO probe SELECT g, 'item ' || g, g * 1.5 FROM generate_series(1, 1000) g ON CONFLICT DO NOTHING",
  );
  const perQuery = async (sql: string, params: (i: number) => unknown[], n: number, concurrency: number) => {
    for (let i = 0; i < 50; i++) await t.query(sql, params(i)); // warm
    const started = performance.now();
    let i = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (i < n) await t.query(sql, params(i++));
      }),
    );
    return Math.round(((performance.now() - started) * 1000) / n);
  };
  const one = (i: number) => [(i % 1000) + 1];
  const result = {
    select_1_us: await perQuery("SELECT 1", () => [], queries, 1),
    row_by_key_us: await perQuery("SELECT * FROM probe WHERE id = $1", one, queries, 1),
    row_by_key_10_at_once_us: await perQuery("SELECT * FROM probe WHERE id = $1", one, queries, 10),
    rows_1000_us: await perQuery("SELECT * FROM probe", () => [], Math.max(50, queries / 20), 1),
    thread_ticks_during_300ms_statement: 0,
  };
  let ticks = 0;
  const timer = setInterval(() => ticks++, 5);
  await t.query("SELECT pg_sleep(0.3)");
  clearInterval(timer);
  result.thread_ticks_during_300ms_statement = ticks;
  return result;
}

export const dbTransport: Scenario = {
  name: "db-transport",
  description:
    "the embedded database: per-query cost and a free request thread, in-thread vs message passing vs socket",
  async run(args) {
    const options = parseOptions(args, ZOptions);
    const results: Record<string, Awaited<ReturnType<typeof measure>>> = {};
    for (const open of [inThread, messagePassing, socket]) {
      const t = await open();
      try {
        results[t.name] = await measure(t, options.queries);
        console.log(`  ${t.name}: ${JSON.stringify(results[t.name])}`);
      } finally {
        await t.close();
      }
    }
    const base = results["in-thread"]!;
    const ratio = Object.fromEntries(
      Object.entries(results).map(([name, r]) => [
        name,
        { select_1: r.select_1_us / base.select_1_us, row_by_key: r.row_by_key_us / base.row_by_key_us },
      ]),
    );
    return {
      parameters: {
        machine: machine(),
        queries: options.queries,
        table_rows: 1000,
        note: "one in-memory PGlite per transport, the bench process as the only client; ticks: a 5 ms timer in the calling thread (about 60 when free)",
      },
      results,
      baseline: { "in-thread": base },
      ratio,
    };
  },
};
