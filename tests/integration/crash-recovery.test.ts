/**
 * Lose nothing (issue 23): a process killed with SIGKILL in the middle of a touchpoint
 * calculation, an audience export and a CLI import, then started again.
 * - Embedded database: the killed process is the one hosting the data directory (the workers'
 *   process of ./support/crash-worker.ts, hosting it as `npm start` does; the CLI import hosts it
 *   itself when no service runs), so the database dies mid-write with it. The directory is then
 *   opened again by the next process, which hands the dead process's jobs back at once
 *   (lib/jobs/boss.ts handBackOrphanedJobs).
 * - PostgreSQL: the killed process is the worker (or the import); its jobs stay `active` until
 *   their heartbeat is stale (JOB_HEARTBEAT_SECONDS, 10 s here, the least pg-boss takes), when the
 *   next worker's supervisor fails them into a retry.
 * Each time the work is finished by the next process, once: every rule's list stored once, every
 * customer in the export file once (and one e-mail), every imported event stored once. The test
 * kills only after seeing partial progress in the database, so the kill lands mid-job.
 * Synthetic data made here (customers, items and events named crash-*).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as exportRoute from "@/app/api/latest/customer-studio/audiences/[audience_id]/export/route";
import * as audiences from "@/app/api/latest/customer-studio/audiences/route";
import * as position from "@/app/api/latest/touchpoint-studio/rules/position/route";
import * as strategies from "@/app/api/latest/touchpoint-studio/rules/strategies/route";
import * as touchpoints from "@/app/api/latest/touchpoint-studio/rules/touchpoints/route";
import { ingestBatch } from "@/lib/data/ingest-batch";
import { type Database, embeddedUrl, getDatabase, openPglite, setDatabase } from "@/lib/db/client";
import { socketDirFor } from "@/lib/db/embedded/host";
import { setEnv } from "@/lib/env";
import { stopBoss } from "@/lib/jobs/boss";
import { JOBS } from "@/lib/jobs/names";
import { call, tokenFor } from "./http";
import { spawnScript, type TestChild } from "./support/children";
import { until as pollUntil } from "./support/until";

/** Polled every 10 ms: a kill is timed to land while a job runs, which may take only a moment. */
const until: typeof pollUntil = (read, done, ms, what) => pollUntil(read, done, ms, what, 10);

const onPglite = !process.env.TEST_DATABASE_URL;
const CUSTOMERS = 20_000;
const ITEMS = 2_000;
const RULES = 24;
const IMPORTED = 40_000;
/** The CLI import's batch (scripts/import.ts): each is written in one transaction. */
const IMPORT_BATCH = 2000;
/** pg-boss's least heartbeat; the workers' supervisor looks every second. */
const JOB_SETTINGS = { JOB_HEARTBEAT_SECONDS: "10", JOB_SUPERVISE_SECONDS: "1" };

let home: Database;
let dir: string | undefined;
let url: string;
let token: string;

const day = 86_400_000;
const stamp = (ms: number) => new Date(ms).toISOString().slice(0, 19);

/** Where the children work: the data directory (embedded) or this file's PostgreSQL database. */
function childEnv(extra: Record<string, string> = {}): { env: Record<string, string | undefined> } {
  const where = dir ? { DATA_DIR: dir, DATABASE_URL: undefined } : { DATABASE_URL: url, DATA_DIR: undefined };
  return { env: { ...process.env, LOG_LEVEL: "error", ...JOB_SETTINGS, ...where, ...extra } };
}

/** A query over a connection of its own: the database as the children left it. */
async function peek<T>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => {});
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end().catch(() => {});
  }
}

/** Polls `read` until `done` accepts its value; a read that fails (no host yet) is tried again. */
/**
 * Runs `fn` (requests through the route handlers) on the children's database while no child runs:
 * on the embedded database this process hosts the data directory meanwhile.
 */
async function onChildrensDatabase<T>(fn: () => Promise<T>): Promise<T> {
  if (!dir) return fn();
  const database = await openPglite(dir);
  setDatabase(database);
  try {
    return await fn();
  } finally {
    await stopBoss();
    await database.close();
    setDatabase(home);
  }
}

/** Opens the data directory in this process (hosting it), runs `fn`, closes it again. */
async function openedHere<T>(fn: (database: Database) => Promise<T>): Promise<T> {
  const database = await openPglite(dir!);
  expect(database.embedded).toBeDefined(); // nobody else hosts it
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

/** Starts a worker process and waits until it takes jobs (a loaded machine makes that slow). */
async function startWorker(extra: Record<string, string> = {}): Promise<TestChild> {
  const child = spawnScript("tests/integration/support/crash-worker.ts", [], childEnv(extra));
  await child.waitForLine((line) => line === "started", 90_000);
  return child;
}

async function kill(child: TestChild): Promise<void> {
  await child.kill();
  expect(child.process.signalCode).toBe("SIGKILL");
}

async function jobOf(name: string, where = "true") {
  const rows = await peek<{ state: string; retry_count: number; output: unknown }>(
    `SELECT state::text, retry_count, output FROM pgboss.job WHERE name = $1 AND ${where} ORDER BY created_on DESC LIMIT 1`,
    [name],
  );
  return rows[0];
}

beforeAll(async () => {
  // The jobs queued here carry the heartbeat the children expect.
  setEnv("JOB_HEARTBEAT_SECONDS", JOB_SETTINGS.JOB_HEARTBEAT_SECONDS);
  setEnv("JOB_SUPERVISE_SECONDS", JOB_SETTINGS.JOB_SUPERVISE_SECONDS);
  home = await getDatabase();
  token = await tokenFor("advanced");
  const now = Date.now();
  const customers = Array.from({ length: CUSTOMERS }, (_, i) => ({
    customer_id: `crash-c${String(i).padStart(5, "0")}`,
    first_name: `First${i}`,
    email: `crash-${i}@example.test`,
    email_consent: true,
  }));
  for (let i = 0; i < customers.length; i += 5000) {
    const done = await ingestBatch({ kind: "customers", records: customers.slice(i, i + 5000), synthetic: true });
    expect(done.errors).toEqual([]);
  }
  const items = Array.from({ length: ITEMS }, (_, i) => ({
    item_id: `crash-i${i}`,
    item_name: `Crash item ${i}`,
    stock: 5,
    product_price: 10 + (i % 50),
  }));
  expect((await ingestBatch({ kind: "items", records: items, synthetic: true })).errors).toEqual([]);
  // Purchases and views of the last 20 days: what the calculation's rules rank.
  const events = Array.from({ length: 40_000 }, (_, i) => ({
    event_type: i % 2 ? "purchase" : "view",
    customer_id: `crash-c${String(i % CUSTOMERS).padStart(5, "0")}`,
    item_id: `crash-i${(i * 7919) % ITEMS}`,
    price: 12,
    timestamp: stamp(now - (i % 20) * day - (i % 1000) * 60_000),
  }));
  for (let i = 0; i < events.length; i += 5000) {
    const done = await ingestBatch({ kind: "events", records: events.slice(i, i + 5000), synthetic: true });
    expect(done.errors).toEqual([]);
  }
  if (onPglite) {
    // The children need a data directory (this file's database is in memory): a copy of it.
    dir = mkdtempSync(join(tmpdir(), "lumen-crash-"));
    const tar = join(dir, "..", `${dir.split("/").at(-1)}.tar`);
    await home.embedded!.dump(tar);
    const copy = await openPglite(dir, { loadFrom: tar });
    await copy.close();
    rmSync(tar, { force: true });
    url = embeddedUrl(socketDirFor(dir));
  } else {
    url = home.url;
  }
}, 180_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Asks for a CSV export of every customer (its job queued); the export's id. */
function requestExport(name: string, format: "csv" | "xlsx" = "csv"): Promise<string> {
  return onChildrensDatabase(async () => {
    const created = await call(audiences.POST, {
      path: "/customer-studio/audiences",
      token,
      body: { audience_name: name, status: "draft", is_dynamic: true, filters: [] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const res = await call(exportRoute.GET, {
      params: { audience_id: created.body.audience_id },
      query: { file_extension: format },
      token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return String(res.body.export.export_id);
  });
}

interface ExportState {
  status: string;
  attempt: number;
  rows_done: number;
  rows_total: number;
}

const exportState = (exportId: string) => async () =>
  (
    await peek<ExportState>(
      "SELECT status, attempt, rows_done, rows_total FROM audience_exports WHERE export_id = $1",
      [exportId],
    )
  )[0];

const partial = (s: ExportState | undefined) => !!s && s.rows_done > 0 && s.rows_done < s.rows_total;

describe(`SIGKILL mid-job (${onPglite ? "embedded database: the host process" : "PostgreSQL: the worker process"})`, () => {
  // The retry used to wait a minute unseen: a stately queue's worker skips jobs whose key it last
  // read as active, and it read that once a minute (lib/jobs/boss.ts queueCacheIntervalSeconds).
  it("a touchpoint calculation killed after some of its rules is retried by the next process and stores each list once", async () => {
    const { strategyId, touchpointId } = await onChildrensDatabase(async () => {
      const positionId = (await call(position.GET, { path: "/touchpoint-studio/rules/position", token })).body
        .positions[0].position_id;

      const strategy = await call(strategies.POST, {
        path: "/touchpoint-studio/rules/strategies",
        token,
        body: {
          strategy_name: "Crash",
          strategy_type: "smart-recommender",
          strategy_subtype: "carousel",
          segments: ["all_customers"],
          rules: Array.from({ length: RULES }, (_, i) => ({ rule_type: "best-sellers", positions: [i], values: [] })),
        },
      });
      expect(strategy.status, JSON.stringify(strategy.body)).toBe(201);
      const touchpoint = await call(touchpoints.POST, {
        path: "/touchpoint-studio/rules/touchpoints",
        token,
        body: {
          touchpoint_name: "Crash",
          touchpoint_type: "smart-recommender",
          position: positionId,
          default_strategy: strategy.body.strategy_id,
          number_of_positions: RULES,
          is_active: true,
          is_draft: false,
        },
      });
      expect(touchpoint.status, JSON.stringify(touchpoint.body)).toBe(201);
      return { strategyId: String(strategy.body.strategy_id), touchpointId: String(touchpoint.body.touchpoint_id) };
    });
    const stored = async () =>
      (
        await peek<{ n: number }>("SELECT count(*)::int AS n FROM rule_results WHERE strategy_id = $1", [strategyId])
      )[0]!.n;

    const first = await startWorker();
    const atKill = await until(stored, (n) => n >= 1 && n < RULES, 40_000, "some but not all rules calculated");
    // The job saving the touchpoint queued (the hourly recalculation may queue another meanwhile),
    // read while the first worker still hosts the embedded database.
    const [{ id: jobId } = { id: "" }] = await peek<{ id: string }>(
      "SELECT id::text FROM pgboss.job WHERE name = $1 ORDER BY created_on LIMIT 1",
      [JOBS.calculateTouchpoint],
    );
    const theJob = `id = '${jobId}'`;
    await kill(first);
    expect(atKill).toBeLessThan(RULES);
    if (!onPglite) expect((await jobOf(JOBS.calculateTouchpoint, theJob))?.state).toBe("active"); // left by the dead worker

    const second = await startWorker();
    const done = await until(
      () =>
        peek<{ is_ready: boolean; is_calculating: boolean; calculation_error: string | null }>(
          "SELECT is_ready, is_calculating, calculation_error FROM touchpoints WHERE touchpoint_id = $1",
          [touchpointId],
        ),
      (rows) => rows[0]?.is_calculating === false,
      60_000,
      "the calculation finished",
    ).catch(async (error) => {
      const jobs = await peek(
        "SELECT state, retry_count, output, started_on, created_on FROM pgboss.job WHERE name = $1",
        [JOBS.calculateTouchpoint],
      );
      throw new Error(`${error} ${JSON.stringify(jobs)} rules ${await stored()}`);
    });
    expect(done[0]).toEqual({ is_ready: true, is_calculating: false, calculation_error: null });
    const rows = await peek<{ rule_index: number; n: number }>(
      "SELECT rule_index, count(*)::int AS n FROM rule_results WHERE strategy_id = $1 GROUP BY rule_index ORDER BY rule_index",
      [strategyId],
    );
    expect(rows).toEqual(Array.from({ length: RULES }, (_, i) => ({ rule_index: i, n: 1 })));
    const job = await until(
      () => jobOf(JOBS.calculateTouchpoint, theJob),
      (j) => j?.state === "completed",
      10_000,
      "the job completed",
    );
    expect(job?.retry_count).toBe(1); // the killed run, then the retry that finished
    await second.kill();
  }, 180_000);

  it("an audience export killed mid-file is retried from the first row: every customer once, one e-mail", async () => {
    const exportId = await requestExport("Crash everyone");
    const first = await startWorker();
    const atKill = await until(exportState(exportId), partial, 40_000, "part of the file written");
    await kill(first);
    expect(atKill?.attempt).toBe(1);

    const second = await startWorker();
    const done = await until(exportState(exportId), (s) => s?.status === "done", 60_000, "the export done");
    expect(done).toMatchObject({ attempt: 2, rows_done: CUSTOMERS, rows_total: CUSTOMERS });
    const chunks = await peek<{ attempt: number; data: Buffer }>(
      "SELECT attempt, data FROM audience_export_chunks WHERE export_id = $1 ORDER BY attempt, seq",
      [exportId],
    );
    expect(new Set(chunks.map((c) => c.attempt))).toEqual(new Set([2])); // the killed attempt's chunks are gone
    const records = parse(Buffer.concat(chunks.map((c) => c.data)), { columns: true, bom: true }) as Record<
      string,
      string
    >[];
    const ids = records.map((r) => r.customer_id);
    expect(ids.length).toBe(CUSTOMERS);
    expect(new Set(ids).size).toBe(CUSTOMERS);
    const mails = await until(
      () =>
        peek<{ subject: string }>(
          "SELECT subject FROM outbox_messages WHERE context->>'export_id' = $1 AND channel = 'email'",
          [exportId],
        ),
      (m) => m.length > 0,
      10_000,
      "the export's e-mail",
    );
    expect(mails.map((m) => m.subject)).toEqual(['Your export of "Crash everyone" is ready']);
    await second.kill();
  }, 180_000);

  it("a CLI import killed mid-file loses no committed batch, and running it again stores every event once", async () => {
    const file = join(tmpdir(), `lumen-crash-import-${process.pid}.ndjson`);
    const now = Date.now();
    writeFileSync(
      file,
      Array.from({ length: IMPORTED }, (_, i) =>
        JSON.stringify({
          event_type: "purchase",
          customer_id: `crash-imp${i % 5000}`,
          item_id: `crash-i${i % ITEMS}`,
          order_id: `crash-o${i}`,
          price: 3,
          timestamp: stamp(now - (i % 30) * day),
        }),
      ).join("\n"),
    );
    try {
      const query =
        "SELECT count(*)::int AS n FROM events WHERE customer_id LIKE 'crash-imp%' AND order_id LIKE 'crash-o%'";
      const imported = async () => (await peek<{ n: number }>(query))[0]!.n;
      const importedBy = async (database: Database) => (await database.sql.query<{ n: number }>(query))[0]!.n;
      const first = spawnScript("scripts/import.ts", ["events", file], childEnv());
      await until(imported, (n) => n > 0 && n < IMPORTED, 60_000, "part of the file imported");
      await kill(first);

      // Each batch is one transaction: what is there after the kill is whole batches (on the
      // embedded database, read by this process opening the killed host's data directory).
      const afterKill = dir ? await openedHere(importedBy) : await importedBy(home);
      expect(afterKill % IMPORT_BATCH).toBe(0);
      expect(afterKill).toBeLessThan(IMPORTED);
      const second = spawnScript("scripts/import.ts", ["events", file], childEnv());
      const code = await new Promise<number | null>((resolve) => {
        if (second.process.exitCode !== null) resolve(second.process.exitCode);
        else second.process.once("exit", (c) => resolve(c));
      });
      expect(code).toBe(0);

      // The data directory opens cleanly in this process, and its index agrees with its table.
      const database = dir ? await openPglite(dir) : home;
      try {
        const counted = async (scan: "index" | "table") =>
          database.transaction(async (sql) => {
            await sql.query(scan === "index" ? "SET LOCAL enable_seqscan = off" : "SET LOCAL enable_indexscan = off");
            if (scan === "table") await sql.query("SET LOCAL enable_bitmapscan = off");
            const rows = await sql.query<{ n: number; keys: number }>(
              `SELECT count(*)::int AS n, count(DISTINCT dedupe_key)::int AS keys FROM events
                WHERE customer_id LIKE 'crash-imp%' AND order_id LIKE 'crash-o%'`,
            );
            return rows[0];
          });
        expect(await counted("table")).toEqual({ n: IMPORTED, keys: IMPORTED });
        expect(await counted("index")).toEqual({ n: IMPORTED, keys: IMPORTED });
      } finally {
        if (dir) await database.close();
      }
    } finally {
      rmSync(file, { force: true });
    }
  }, 180_000);
});

describe(`SIGTERM mid-job (${onPglite ? "embedded database: the worker thread of the host process" : "PostgreSQL: the worker process"})`, () => {
  it("hands the running job back to the queue as it stops, and the next process finishes it", async () => {
    // XLSX, the slower format: the export must outlast the stop's grace, which pg-boss makes at
    // least 1 s whatever SHUTDOWN_TIMEOUT_MS says (a CSV of 20,000 customers could end within it
    // on a warm PostgreSQL, and was then completed, not handed back).
    const exportId = await requestExport("Crash stopped", "xlsx");
    // The shortest grace, so the export is still running when it ends.
    const first = await startWorker({ SHUTDOWN_TIMEOUT_MS: "200" });
    await until(exportState(exportId), partial, 40_000, "part of the file written");
    first.process.kill("SIGTERM");
    await first.waitForLine((line) => line === "stopped", 30_000);
    await new Promise<void>((resolve) =>
      first.process.exitCode !== null ? resolve() : first.process.once("exit", () => resolve()),
    );
    expect(first.process.exitCode).toBe(0);
    // Back in the queue at once (a retry), not left active until its heartbeat goes stale.
    const query = "SELECT state::text AS state FROM pgboss.job WHERE name = $1 AND data->>'exportId' = $2";
    const states = dir
      ? await openedHere((database) => database.sql.query<{ state: string }>(query, [JOBS.exportAudience, exportId]))
      : await peek<{ state: string }>(query, [JOBS.exportAudience, exportId]);
    // On the embedded database the export may finish before the stop hands it back: the queue's
    // own stop steps wait their turns on the one backend behind the export's writes. Either way
    // nothing is left active for a heartbeat to find. On PostgreSQL it is handed back.
    expect(states).toEqual([{ state: onPglite ? expect.stringMatching(/^(retry|completed)$/) : "retry" }]);

    const second = await startWorker();
    const done = await until(exportState(exportId), (s) => s?.status === "done", 60_000, "the export done");
    expect(done).toMatchObject({ status: "done", rows_done: CUSTOMERS, rows_total: CUSTOMERS });
    await second.kill();
  }, 180_000);
});
