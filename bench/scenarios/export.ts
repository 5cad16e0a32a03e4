/**
 * export: audience exports (issue 10: "The export job streams rows, so memory does not grow with
 * the audience"). The job itself, runExport (lib/audiences/exports/run-export.ts), on segment
 * all_customers of a seeded synthetic shop loaded through the intake code (lib/data/synthetic.ts;
 * default 10,000 items, 200,000 events), for two audience sizes (default 50,000 and 500,000
 * customers: the shop is loaded with the first, measured, topped up to the second with the same
 * generator and measured again), CSV and XLSX, extended false and true, on PGlite (a fresh
 * temporary data directory) and PostgreSQL (a scratch database on BENCH_DATABASE_URL, else the
 * local server, dropped at the end).
 *
 * The export row is created as requestExport creates it and runExport is called in this process
 * (no queue worker). No model build runs, so product_1..product_10 come from the best-seller
 * fallback list (stored once, as a touchpoint calculation stores it; --fallback computed leaves it
 * out, and every batch then ranks the best sellers from the events itself).
 *
 * Measured per export: wall time, rows/s, file bytes (from the export row) and peak memory while
 * it runs: process.memoryUsage() (rss, heapUsed, arrayBuffers) sampled every --sample ms, reported
 * as peak minus the value just before (heap after a full GC), and the heap still in use after a
 * full GC once it is done. PGlite runs each query synchronously on this thread, so the sampler only
 * sees the moments between queries. With both databases, each is measured in a process of its own
 * (memory one leaves behind would hide the other's growth). Checked: rows_done equals the
 * customers; a CSV file's CRLF-terminated lines (chunks read back) equal the customers plus the
 * header; the chunks add up to file_bytes.
 *
 * Baseline, in the same run on the same database: the same customers read the same way (keyset by
 * customer_id, batches of 1,000, SELECT c.*) written through csv-stringify into a writable that
 * only counts the bytes. Ratio = export time / baseline time.
 */

import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { stringify } from "csv-stringify";
import { z } from "zod";
import { runExport } from "@/lib/audiences/exports/run-export";
import { ingestBatch } from "@/lib/data/ingest-batch";
import type { IntakeKind } from "@/lib/data/schemas";
import { ALL_CUSTOMERS } from "@/lib/data/segments";
import { BUILT_IN_FIT, type ShopSize, syntheticCustomers, syntheticEvents, syntheticItems } from "@/lib/data/synthetic";
import { type Database, openPglite, openPostgres, setDatabase } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { env, setEnv } from "@/lib/env";
import { newId } from "@/lib/http/ids";
import { getBoss, stopBoss } from "@/lib/jobs/boss";
import { FALLBACK_LIST, fallbackCandidates } from "@/lib/recommend/rule-candidates";
import { benchSettings, heapUsed, mb, parseOptions, type Scenario, type ScenarioReport, scratchPostgres } from "../lib";

const ZOptions = z.object({
  items: z.coerce.number().int().min(100).default(10_000),
  events: z.coerce.number().int().min(1000).default(200_000),
  /** Audience sizes (customers of all_customers), ascending, comma-separated. */
  sizes: z
    .string()
    .default("50000,500000")
    .transform((s) => s.split(",").map((x) => Number(x.trim())))
    .pipe(z.array(z.number().int().min(100)).min(1)),
  formats: z
    .string()
    .default("csv,xlsx")
    .transform((s) => s.split(",").map((x) => x.trim()))
    .pipe(z.array(z.enum(["csv", "xlsx"])).min(1)),
  extended: z
    .string()
    .default("false,true")
    .transform((s) => s.split(",").map((x) => x.trim() === "true"))
    .pipe(z.array(z.boolean()).min(1)),
  databases: z.enum(["both", "pglite", "postgres"]).default("both"),
  batch: z.coerce.number().int().min(100).max(10_000).default(10_000),
  /** Memory sampling interval in ms. */
  sample: z.coerce.number().int().min(5).max(1000).default(50),
  /** stored: the best-seller list is computed once and stored; computed: every batch ranks them. */
  fallback: z.enum(["stored", "computed"]).default("stored"),
  /** An untimed CSV export at the first size first (JIT, caches, pg-boss started). */
  warmup: z.enum(["true", "false"]).default("true"),
  /** Internal: set on the process of one database (see run), which writes its part here. */
  out: z.string().optional(),
});
type Options = z.infer<typeof ZOptions>;
type Kind = "pglite" | "postgres";

const LOCAL_POSTGRES = "postgres://postgres@127.0.0.1:5432/postgres";
const BASELINE_BATCH = 1000;
const BASELINE_SQL = `SELECT c.* FROM customers c WHERE c.customer_id > $1 ORDER BY c.customer_id LIMIT ${BASELINE_BATCH}`;

interface Target {
  kind: Kind;
  database: Database;
  drop: () => Promise<void>;
}

async function open(kind: Kind, say: (l: string) => void): Promise<Target | undefined> {
  if (kind === "pglite") {
    const dir = join(tmpdir(), `lumen-bench-export-${randomBytes(4).toString("hex")}`);
    say(`PGlite: ${dir}`);
    return {
      kind,
      database: await openPglite(dir),
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const server = benchSettings().databaseUrl ?? LOCAL_POSTGRES;
  try {
    const scratch = await scratchPostgres(server);
    say(`PostgreSQL: database ${new URL(scratch.url).pathname.slice(1)} on ${new URL(server).host}`);
    return { kind, database: await openPostgres(scratch.url), drop: scratch.drop };
  } catch (error) {
    say(`PostgreSQL at ${new URL(server).host} not usable (${(error as Error).message}): skipped`);
    return undefined;
  }
}

/** Records into one database through the intake code, a batch at a time, with progress every 30 s. */
async function write(
  target: Target,
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
    const result = await ingestBatch({ kind, records: batch, synthetic: true, database: target.database });
    if (result.errors.length > 0) throw new Error(`${kind}: ${result.errors[0]!.detail}`);
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

/** Skips the first `n` records of a generator (customer n is a pure function of seed and n). */
function* skip<T>(n: number, records: Iterable<T>): Generator<T> {
  let i = 0;
  for (const r of records) if (i++ >= n) yield r;
}

function shopSize(options: Options, customers: number): ShopSize {
  const now = new Date();
  return {
    items: options.items,
    customers,
    events: options.events,
    seed: 42,
    end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())),
  };
}

async function counts(database: Database) {
  const r = (
    await database.sql.query<Record<string, string>>(
      `SELECT (SELECT count(*) FROM items) AS items, (SELECT count(*) FROM customers) AS customers,
              (SELECT count(*) FROM events) AS events,
              (SELECT count(*) FROM events WHERE event_type = 'purchase') AS purchases,
              pg_total_relation_size('customers') AS customers_bytes`,
    )
  )[0]!;
  return {
    items: Number(r.items),
    customers: Number(r.customers),
    events: Number(r.events),
    purchase_events: Number(r.purchases),
    customers_table_mb: mb(Number(r.customers_bytes)),
  };
}

/** Peak rss and heapUsed while something runs, against the values just before (heap after a GC). */
class PeakSampler {
  private rss0 = 0;
  private heap0 = 0;
  private buffers0 = 0;
  private peakRss = 0;
  private peakHeap = 0;
  private peakBuffers = 0;
  private timer: NodeJS.Timeout | undefined;

  start(intervalMs: number): this {
    this.heap0 = heapUsed();
    const m = process.memoryUsage();
    this.rss0 = m.rss;
    this.buffers0 = m.arrayBuffers;
    this.peakRss = this.rss0;
    this.peakHeap = this.heap0;
    this.peakBuffers = this.buffers0;
    this.timer = setInterval(() => this.sample(), intervalMs);
    this.timer.unref();
    return this;
  }

  sample(): void {
    const m = process.memoryUsage();
    if (m.rss > this.peakRss) this.peakRss = m.rss;
    if (m.heapUsed > this.peakHeap) this.peakHeap = m.heapUsed;
    if (m.arrayBuffers > this.peakBuffers) this.peakBuffers = m.arrayBuffers;
  }

  stop() {
    this.sample();
    clearInterval(this.timer);
    return {
      rss_before_mb: mb(this.rss0),
      rss_peak_mb: mb(this.peakRss),
      rss_growth_mb: mb(this.peakRss - this.rss0),
      heap_before_mb: mb(this.heap0),
      heap_peak_mb: mb(this.peakHeap),
      heap_growth_mb: mb(this.peakHeap - this.heap0),
      /** Buffers and other ArrayBuffers (outside the JS heap, inside rss); PGlite's own memory is not one of them. */
      array_buffers_growth_mb: mb(this.peakBuffers - this.buffers0),
      /** Heap still in use after the run and a full GC, against before: what it kept. */
      heap_retained_mb: mb(heapUsed() - this.heap0),
    };
  }
}
type Memory = ReturnType<PeakSampler["stop"]>;

const rate = (rows: number, ms: number) => Math.round(rows / Math.max(ms / 1000, 1e-6));

/** The same customers read the same way as the export, written as CSV into a byte counter. */
async function baseline(target: Target, customers: number, options: Options) {
  let bytes = 0;
  const counter = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done();
    },
  });
  const sampler = new PeakSampler().start(options.sample);
  const started = performance.now();
  const csv = stringify({ header: true, record_delimiter: "\r\n" });
  const piped = pipeline(csv, counter);
  let after = "";
  let rows = 0;
  for (;;) {
    const batch = await target.database.sql.query<Record<string, unknown>>(BASELINE_SQL, [after]);
    if (batch.length === 0) break;
    after = batch[batch.length - 1]!.customer_id as string;
    for (const row of batch) {
      if (!csv.write(row)) await Promise.race([once(csv, "drain"), piped]);
    }
    rows += batch.length;
    if (batch.length < BASELINE_BATCH) break;
  }
  csv.end();
  await piped;
  const ms = performance.now() - started;
  const memory = sampler.stop();
  if (rows !== customers) throw new Error(`baseline read ${rows} customers, expected ${customers}`);
  return {
    rows,
    seconds: Math.round(ms) / 1000,
    rows_per_s: rate(rows, ms),
    csv_bytes: bytes,
    memory,
  };
}

/** Reads the export's chunks back one at a time: bytes, and CRLF-terminated lines of a CSV. */
async function readBack(target: Target, exportId: string, attempt: number) {
  let seq = -1;
  let bytes = 0;
  let lines = 0;
  let chunks = 0;
  let pendingCr = false;
  let head = "";
  for (;;) {
    const rows = await target.database.sql.query<{ seq: number; data: Uint8Array }>(
      "SELECT seq, data FROM audience_export_chunks WHERE export_id = $1 AND attempt = $2 AND seq > $3 ORDER BY seq LIMIT 1",
      [exportId, attempt, seq],
    );
    const row = rows[0];
    if (!row) break;
    seq = row.seq;
    chunks++;
    const data = Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength);
    if (chunks === 1) head = data.subarray(0, 2).toString("latin1");
    bytes += data.length;
    if (pendingCr && data[0] === 0x0a) lines++;
    for (let i = data.indexOf("\r\n"); i !== -1; i = data.indexOf("\r\n", i + 2)) lines++;
    pendingCr = data[data.length - 1] === 0x0d;
  }
  return { chunks, bytes, lines, head };
}

interface Variant {
  format: "csv" | "xlsx";
  extended: boolean;
}
const label = (v: Variant) => `${v.format}${v.extended ? "_extended" : ""}`;

async function exportOnce(target: Target, v: Variant, customers: number, options: Options, say: (l: string) => void) {
  const prisma = target.database.prisma;
  // As requestExport records it (without queueing: runExport is called here).
  const row = await prisma.audienceExport.create({
    data: {
      export_id: newId("export"),
      audience_id: ALL_CUSTOMERS,
      audience_name: "All customers",
      file_extension: v.format,
      extended: v.extended,
      requested_by: "user:bench",
      recipient_email: "bench@example.com",
    },
  });
  // rows_done once a second: progress every 20 s, and when every row was handed to the writer.
  let allRowsAt: number | undefined;
  let lastSaid = performance.now();
  const progress = setInterval(() => {
    void prisma.audienceExport
      .findUnique({ where: { export_id: row.export_id }, select: { rows_done: true } })
      .then((r) => {
        const n = r?.rows_done ?? 0;
        if (n >= customers) allRowsAt ??= performance.now();
        if (performance.now() - lastSaid >= 20_000) {
          lastSaid = performance.now();
          say(`  ${label(v)}: ${n.toLocaleString("en")}/${customers.toLocaleString("en")} rows added`);
        }
      })
      .catch(() => {});
  }, 1000);
  const sampler = new PeakSampler().start(options.sample);
  const started = performance.now();
  try {
    await runExport(row.export_id);
  } finally {
    clearInterval(progress);
  }
  const ms = performance.now() - started;
  const memory = sampler.stop();
  const done = await prisma.audienceExport.findUniqueOrThrow({ where: { export_id: row.export_id } });
  if (done.status !== "done") throw new Error(`export ${label(v)}: status ${done.status} (${done.error})`);
  const back = await readBack(target, done.export_id, done.attempt);
  const fileBytes = Number(done.file_bytes);
  const check = {
    rows_done: done.rows_done,
    rows_total: done.rows_total,
    chunks: back.chunks,
    chunk_bytes: back.bytes,
    ...(v.format === "csv" ? { crlf_lines: back.lines, data_rows: back.lines - 1 } : { zip_signature: back.head }),
  };
  const problems = [
    done.rows_done !== customers && `rows_done ${done.rows_done}`,
    done.rows_total !== customers && `rows_total ${done.rows_total}`,
    back.bytes !== fileBytes && `chunks hold ${back.bytes} bytes, file_bytes ${fileBytes}`,
    v.format === "csv" && back.lines - 1 !== customers && `${back.lines - 1} CSV data lines`,
    v.format === "xlsx" && back.head !== "PK" && "not a zip file",
  ].filter(Boolean);
  if (problems.length > 0) throw new Error(`export ${label(v)} of ${customers} customers: ${problems.join("; ")}`);
  // The file is not needed any more (its chunks go with it).
  await prisma.audienceExport.delete({ where: { export_id: row.export_id } });
  return {
    format: v.format,
    extended: v.extended,
    rows: done.rows_done,
    seconds: Math.round(ms) / 1000,
    rows_per_s: rate(done.rows_done, ms),
    /** From the last row handed to the writer (rows_done = customers, polled once a second) to the end: finishing the file. */
    finish_s_approx:
      allRowsAt === undefined || allRowsAt > started + ms ? null : Math.round(started + ms - allRowsAt) / 1000,
    file_bytes: fileBytes,
    file_mb: mb(fileBytes),
    memory,
    check: { ...check, ok: true },
  };
}

async function measureSize(
  target: Target,
  customers: number,
  variants: Variant[],
  options: Options,
  say: (l: string) => void,
) {
  say(
    `baseline (keyset SELECT c.* by 1,000 -> csv-stringify -> byte counter), ${customers.toLocaleString("en")} customers`,
  );
  const base = await baseline(target, customers, options);
  say(
    `  baseline: ${base.seconds} s, ${base.rows_per_s} rows/s, ${mb(base.csv_bytes)} MB of CSV, rss +${base.memory.rss_growth_mb} MB, heap +${base.memory.heap_growth_mb} MB, buffers +${base.memory.array_buffers_growth_mb} MB`,
  );
  const exports: Record<string, Awaited<ReturnType<typeof exportOnce>> & { ratio: number }> = {};
  for (const v of variants) {
    say(`export ${label(v)}, ${customers.toLocaleString("en")} customers`);
    const result = await exportOnce(target, v, customers, options, say);
    const ratio = Math.round((result.seconds / Math.max(base.seconds, 0.001)) * 100) / 100;
    exports[label(v)] = { ...result, ratio };
    say(
      `  ${label(v)}: ${result.seconds} s, ${result.rows_per_s} rows/s, ${result.file_mb} MB, rss +${result.memory.rss_growth_mb} MB (peak ${result.memory.rss_peak_mb}), heap +${result.memory.heap_growth_mb} MB (peak ${result.memory.heap_peak_mb}), buffers +${result.memory.array_buffers_growth_mb} MB, heap kept ${result.memory.heap_retained_mb} MB, finishing ~${result.finish_s_approx ?? "?"} s, ${ratio}x baseline; checked`,
    );
  }
  return { customers, baseline: base, exports };
}

async function storeFallback(target: Target, options: Options, say: (l: string) => void) {
  const started = performance.now();
  const list = await fallbackCandidates(target.database.sql);
  const ms = Math.round(performance.now() - started);
  if (options.fallback === "stored") {
    await target.database.prisma.fallbackList.upsert({
      where: { list_name: FALLBACK_LIST },
      create: { list_name: FALLBACK_LIST, item_ids: list },
      update: { item_ids: list, date_computed: new Date() },
    });
  }
  say(
    `best-seller fallback: ${list.length} items, ranked in ${ms} ms${options.fallback === "stored" ? ", stored in fallback_lists" : ", not stored (every batch ranks them)"}`,
  );
  return { items: list.length, rank_ms: ms, stored: options.fallback === "stored" };
}

async function measureTarget(target: Target, options: Options, say: (l: string) => void) {
  const variants: Variant[] = options.formats.flatMap((format) =>
    options.extended.map((extended) => ({ format, extended })),
  );
  const sizes = [...options.sizes].sort((a, b) => a - b);
  await migrate(target.database);
  const load: Record<string, unknown> = {};
  const first = sizes[0]!;
  say(
    `loading ${options.items.toLocaleString("en")} items, ${first.toLocaleString("en")} customers, ${options.events.toLocaleString("en")} events`,
  );
  const size = shopSize(options, first);
  load.items = await write(target, "items", size.items, syntheticItems(BUILT_IN_FIT, size), options.batch, say);
  load[`customers_${first}`] = await write(
    target,
    "customers",
    first,
    syntheticCustomers(BUILT_IN_FIT, size),
    options.batch,
    say,
  );
  load.events = await write(target, "events", size.events, syntheticEvents(BUILT_IN_FIT, size), options.batch, say);
  await target.database.sql.exec("ANALYZE");
  const fallback = await storeFallback(target, options, say);

  setDatabase(target.database);
  try {
    // pg-boss is started by the first recommendedItems call (it queues a model build that no
    // worker runs): started here so that no export pays for it.
    await getBoss();
    if (options.warmup === "true") {
      say("warm-up: untimed CSV export");
      await exportOnce(target, { format: "csv", extended: false }, first, options, say);
    }
    const bySize: Record<string, Awaited<ReturnType<typeof measureSize>> & { data: unknown }> = {};
    let loaded = first;
    for (const customers of sizes) {
      if (customers > loaded) {
        say(`topping up to ${customers.toLocaleString("en")} customers`);
        load[`customers_${loaded}_to_${customers}`] = await write(
          target,
          "customers",
          customers - loaded,
          skip(loaded, syntheticCustomers(BUILT_IN_FIT, shopSize(options, customers))),
          options.batch,
          say,
        );
        await target.database.sql.exec("ANALYZE");
        loaded = customers;
      }
      const data = await counts(target.database);
      if (data.customers !== customers) throw new Error(`${data.customers} customers loaded, expected ${customers}`);
      say(`data: ${JSON.stringify(data)}`);
      bySize[String(customers)] = { data, ...(await measureSize(target, customers, variants, options, say)) };
    }
    return { load, fallback, by_size: bySize };
  } finally {
    await stopBoss();
    setDatabase(undefined);
  }
}

interface Part {
  results: Record<string, unknown>;
  baseline: Record<string, unknown>;
  ratio: Record<string, unknown>;
}

/** Runs this scenario for one database in a new process (same loader flags) and reads its part. */
async function inChild(kind: Kind, args: string[]): Promise<Part> {
  const out = join(tmpdir(), `lumen-bench-export-${kind}-${randomBytes(4).toString("hex")}.json`);
  const child = spawn(
    process.execPath,
    [...process.execArgv, process.argv[1]!, "export", ...args, "--databases", kind, "--out", out],
    { stdio: "inherit" },
  );
  const [code] = (await once(child, "exit")) as [number | null];
  if (code !== 0) throw new Error(`the ${kind} process exited with ${code}`);
  try {
    return JSON.parse(readFileSync(out, "utf8")) as Part;
  } finally {
    rmSync(out, { force: true });
  }
}

/** Per variant, memory growth and speed at each size side by side. */
function sideBySide(bySize: Record<string, Awaited<ReturnType<typeof measureSize>>>) {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [customers, m] of Object.entries(bySize)) {
    const entries = [["baseline", m.baseline] as const, ...Object.entries(m.exports)];
    for (const [name, r] of entries) {
      out[name] ??= {};
      out[name][customers] = {
        seconds: r.seconds,
        rows_per_s: r.rows_per_s,
        rss_growth_mb: (r.memory as Memory).rss_growth_mb,
        heap_growth_mb: (r.memory as Memory).heap_growth_mb,
        array_buffers_growth_mb: (r.memory as Memory).array_buffers_growth_mb,
      };
    }
  }
  return out;
}

export const exportScenario: Scenario = {
  name: "export",
  description:
    "audience export job (runExport, all_customers, CSV/XLSX, extended or not) at two audience sizes: time, rows/s, file size, peak memory vs a keyset read + csv-stringify baseline (--sizes 50000,500000)",
  async run(args): Promise<ScenarioReport> {
    const options = parseOptions(args, ZOptions);
    const say = (l: string) => console.log(`  ${l}`);
    // The job e-mails a signed link when done (to the outbox: no SMTP_URL here); signing needs a secret.
    if (!env().AUTH_SECRET) setEnv("AUTH_SECRET", randomBytes(32).toString("hex"));
    const kinds: Kind[] = options.databases === "both" ? ["pglite", "postgres"] : [options.databases];
    const part: Part = { results: {}, baseline: {}, ratio: {} };
    if (kinds.length > 1) {
      // Each database in a process of its own: memory freed by one (PGlite's WebAssembly memory,
      // malloc's free lists) would otherwise hide the other's growth in rss.
      for (const kind of kinds) {
        const child = await inChild(kind, args);
        Object.assign(part.results, child.results);
        Object.assign(part.baseline, child.baseline);
        Object.assign(part.ratio, child.ratio);
      }
    } else {
      const kind = kinds[0]!;
      const target = await open(kind, say);
      if (target) {
        const tsay = (l: string) => say(`[${kind}] ${l}`);
        const started = performance.now();
        try {
          const measured = await measureTarget(target, options, tsay);
          part.results[kind] = {
            ...measured,
            side_by_side: sideBySide(measured.by_size),
            seconds: Math.round(performance.now() - started) / 1000,
          };
          part.baseline[kind] = Object.fromEntries(Object.entries(measured.by_size).map(([n, m]) => [n, m.baseline]));
          part.ratio[kind] = Object.fromEntries(
            Object.entries(measured.by_size).map(([n, m]) => [
              n,
              Object.fromEntries(Object.entries(m.exports).map(([name, r]) => [name, r.ratio])),
            ]),
          );
        } finally {
          await target.database.close().catch(() => {});
          await target.drop();
        }
      }
      if (options.out) writeFileSync(options.out, JSON.stringify(part));
    }
    const { results, ratio } = part;
    const baselines = part.baseline;
    return {
      parameters: {
        audience: `segment ${ALL_CUSTOMERS} (every customer)`,
        sizes: options.sizes,
        items: options.items,
        events: options.events,
        formats: options.formats,
        extended: options.extended,
        databases: Object.keys(results),
        processes:
          kinds.length > 1 ? "each database measured in a fresh process of its own, PGlite first" : "one process",
        load_batch: options.batch,
        memory_sample_ms: options.sample,
        warm_up: options.warmup === "true" ? "one untimed CSV export at the first size per database" : "none",
        shop: "seeded synthetic shop (lib/data/synthetic.ts, built-in fit of Online Retail, seed 42) loaded through the intake code (ingestBatch) with the first size's customers, then topped up with the same generator's further customers; ANALYZE after each load",
        recommendations:
          options.fallback === "stored"
            ? "no model build runs (recommendedItems queues one that no worker takes), so product_1..product_10 are the best-seller fallback list, ranked once from the events and stored in fallback_lists as a touchpoint calculation stores it"
            : "no model build runs, so product_1..product_10 are the best sellers, ranked from the events by every batch (no stored fallback list)",
        measured:
          "runExport(exportId) on an export row created as requestExport creates it (no queue): wall time, rows_done / time, file_bytes; memory = peak of process.memoryUsage() rss and heapUsed sampled every memory_sample_ms ms during the export, minus the value just before it (heap after a full GC). Checked: rows_done = customers, chunks add up to file_bytes, CSV CRLF lines = customers + header, XLSX starts with PK",
      },
      results,
      baseline: {
        what: `the same customers read the same way (${BASELINE_SQL}, keyset by customer_id) written through csv-stringify (header, CRLF) into a Writable that counts and discards the bytes; memory measured the same way`,
        ...baselines,
      },
      ratio,
    };
  },
};
