/**
 * Worker pools per queue (issue 23, lib/jobs/pools.ts): a worker started for some queues takes
 * their jobs and leaves the others queued for the worker that runs them.
 * - PostgreSQL: two `npm run worker` processes at once, one with `--queues sends`, one with
 *   `--queues exports`.
 * - Embedded database: one process at a time hosts the data directory (a copy of this file's
 *   database), its worker threads limited by WORKER_QUEUES (./support/crash-worker.ts, hosting it
 *   as `npm start` does).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as exportRoute from "@/app/api/latest/customer-studio/audiences/[audience_id]/export/route";
import * as audiences from "@/app/api/latest/customer-studio/audiences/route";
import { ingestBatch } from "@/lib/data/ingest-batch";
import { embeddedUrl, getDatabase, openPglite } from "@/lib/db/client";
import { socketDirFor } from "@/lib/db/embedded/host";
import { getBoss, stopBoss } from "@/lib/jobs/boss";
import { JOBS } from "@/lib/jobs/names";
import { call, tokenFor } from "./http";
import { spawnScript, type TestChild } from "./support/children";
import { until } from "./support/until";

const onPglite = !process.env.TEST_DATABASE_URL;
let dir: string | undefined;
let url: string;

/** A query over a connection of its own: the database as the children see it. */
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

function childEnv(extra: Record<string, string> = {}): { env: Record<string, string | undefined> } {
  const where = dir ? { DATA_DIR: dir, DATABASE_URL: undefined } : { DATABASE_URL: url, DATA_DIR: undefined };
  return { env: { ...process.env, LOG_LEVEL: "error", JOB_SUPERVISE_SECONDS: "1", ...where, ...extra } };
}

/** A worker for these pools: `npm run worker -- --queues ...` (PostgreSQL), or a host whose threads take them. */
async function startWorker(queues: string): Promise<TestChild> {
  if (dir) {
    const child = spawnScript("tests/integration/support/crash-worker.ts", [], childEnv({ WORKER_QUEUES: queues }));
    await child.waitForLine((line) => line === "started", 90_000);
    return child;
  }
  const child = spawnScript("scripts/worker.ts", ["--queues", queues], childEnv());
  await child.waitForLine((line) => line.startsWith("Worker ready"), 90_000);
  return child;
}

const jobState = async (name: string, id: string) =>
  (
    await peek<{ state: string }>("SELECT state::text AS state FROM pgboss.job WHERE name = $1 AND id = $2", [name, id])
  )[0]?.state;

let exportId: string;
let startDueJob: string;

beforeAll(async () => {
  const token = await tokenFor("advanced");
  const customers = Array.from({ length: 50 }, (_, i) => ({ customer_id: `pool-c${i}`, email_consent: true }));
  expect((await ingestBatch({ kind: "customers", records: customers, synthetic: true })).errors).toEqual([]);
  const created = await call(audiences.POST, {
    path: "/customer-studio/audiences",
    token,
    body: { audience_name: "Pools", status: "draft", is_dynamic: true, filters: [] },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const res = await call(exportRoute.GET, {
    params: { audience_id: created.body.audience_id },
    query: { file_extension: "csv" },
    token,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  exportId = String(res.body.export.export_id);
  // A job of the sending pool: done by the sends worker, which shows it is taking jobs.
  startDueJob = String(await (await getBoss()).send(JOBS.startDueCampaigns, {}));
  await stopBoss();
  const home = await getDatabase();
  if (onPglite) {
    dir = mkdtempSync(join(tmpdir(), "lumen-pools-"));
    const tar = join(dir, "..", `${dir.split("/").at(-1)}.tar`);
    await home.embedded!.dump(tar);
    const copy = await openPglite(dir, { loadFrom: tar });
    await copy.close();
    rmSync(tar, { force: true });
    url = embeddedUrl(socketDirFor(dir));
  } else {
    url = home.url;
  }
}, 120_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe(`worker pools (${onPglite ? "embedded database: the host's worker threads" : "PostgreSQL: worker processes"})`, () => {
  it("a worker for sends leaves an export queued; a worker for exports takes it", async () => {
    const sends = await startWorker("sends");
    // Read through the worker (on the embedded database it hosts the data directory).
    const exportJob = (
      await peek<{ id: string }>("SELECT id::text FROM pgboss.job WHERE name = $1 AND data->>'exportId' = $2", [
        JOBS.exportAudience,
        exportId,
      ])
    )[0]!.id;
    await until(
      () => jobState(JOBS.startDueCampaigns, startDueJob),
      (s) => s === "completed",
      60_000,
      "start-due done",
    );
    // The sends worker polls every 2 s: give it a few rounds at the export.
    await new Promise((r) => setTimeout(r, 5000));
    expect(await jobState(JOBS.exportAudience, exportJob)).toBe("created");
    const status = async () =>
      (await peek<{ status: string }>("SELECT status FROM audience_exports WHERE export_id = $1", [exportId]))[0]
        ?.status;
    expect(await status()).toBe("queued");

    // One host at a time on the embedded database; on PostgreSQL both workers run together.
    if (dir) await sends.kill();
    const exportsWorker = await startWorker("exports");
    await until(status, (s) => s === "done", 60_000, "the export done");
    expect(
      await until(
        () => jobState(JOBS.exportAudience, exportJob),
        (s) => s === "completed",
        10_000,
        "job",
      ),
    ).toBe("completed");
    if (!dir) expect(sends.process.exitCode).toBeNull(); // still running beside the exports worker
    await exportsWorker.kill();
    await sends.kill();
  }, 180_000);

  it.skipIf(onPglite)(
    "a worker taking builds with other queues runs builds in a thread of its own, which takes their jobs",
    async () => {
      const both = spawnScript("scripts/worker.ts", ["--queues", "builds,sends"], childEnv());
      expect(await both.waitForLine((line) => line.startsWith("Worker ready"), 90_000)).toBe(
        "Worker ready (queues: sends,builds; builds in a thread of their own)",
      );
      // A job of the builds pool, taken by the thread's own pg-boss.
      const boss = await getBoss();
      const job = String(await boss.send(JOBS.checkModelEvents, {}));
      await stopBoss();
      await until(
        () => jobState(JOBS.checkModelEvents, job),
        (s) => s === "completed",
        60_000,
        "the builds thread's job",
      );
      await both.kill();
      // Only builds: nothing else to keep apart, so no thread.
      const alone = spawnScript("scripts/worker.ts", ["--queues", "builds"], childEnv());
      expect(await alone.waitForLine((line) => line.startsWith("Worker ready"), 90_000)).toBe(
        "Worker ready (queues: builds)",
      );
      await alone.kill();
    },
    180_000,
  );

  it("refuses an unknown queue name at start", async () => {
    // PostgreSQL: `npm run worker -- --queues`; embedded: the host's threads, from WORKER_QUEUES.
    const child = dir
      ? spawnScript("tests/integration/support/crash-worker.ts", [], childEnv({ WORKER_QUEUES: "sends,newsletters" }))
      : spawnScript("scripts/worker.ts", ["--queues", "sends,newsletters"], childEnv());
    const code = await new Promise<number | null>((resolve) =>
      child.process.exitCode !== null ? resolve(child.process.exitCode) : child.process.once("exit", resolve),
    );
    expect(code).toBe(dir ? 1 : 2);
    expect(child.lines).toEqual([]); // never started
  }, 60_000);
});
