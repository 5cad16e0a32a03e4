/**
 * Model builds as a service (issue 21, lib/recommend/build-lease.ts, model-build.ts):
 * one build at a time across clients, processes and threads (askers while one runs get its
 * result); a build whose process is killed is marked interrupted and built again; a build
 * finished in another thread is served here within a second. On both databases.
 */
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { beforeAll, describe, expect, it } from "vitest";
import * as events from "@/app/api/latest/data/events/route";
import { connectTo, getDatabase } from "@/lib/db/client";
import { getBoss } from "@/lib/jobs/boss";
import { acquireBuild, INTERRUPTED, STALE_MS } from "@/lib/recommend/build-lease";
import { buildAndStoreModels, buildWithLease, recoverInterruptedBuilds } from "@/lib/recommend/model-build";
import { currentModels, modelsNow } from "@/lib/recommend/model-store";
import { call, tokenFor } from "./http";
import { spawnScript } from "./support/children";

const day = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 19);
const PROCESS = "tests/integration/support/model-process.ts";

async function rows(reasonLike: string) {
  const { sql } = await getDatabase();
  return sql.query<{ model_id: string; status: string; error: string | null }>(
    "SELECT model_id, status, error FROM rec_models WHERE reason LIKE $1 ORDER BY date_started",
    [reasonLike],
  );
}

/** On the embedded database a dead builder is known by its silence: make it older than STALE_MS. */
async function silence(modelId: string) {
  const { sql } = await getDatabase();
  await sql.query(
    `UPDATE rec_models SET date_heartbeat = now() - make_interval(secs => ${STALE_MS / 1000 + 60}) WHERE model_id = $1`,
    [modelId],
  );
}

beforeAll(async () => {
  const token = await tokenFor("advanced");
  // 60 customers, each buying two of 12 items in one order: a build with some work in it.
  const list = Array.from({ length: 60 }, (_, c) =>
    [c % 12, (c * 5 + 1) % 12].map((i) => ({
      event_type: "purchase",
      customer_id: `mb-c${c}`,
      item_id: `mb-i${i}`,
      timestamp: day(10 + (c % 20)),
      order_id: `mb-o${c}`,
    })),
  ).flat();
  const res = await call(events.POST, { path: "/data/events", token, body: { events: list } });
  expect(res.body.errors, JSON.stringify(res.body)).toEqual([]);
});

describe("model builds: one at a time", () => {
  it("two askers at once on two database clients (as two processes): one build, both get its id", async () => {
    const database = await getDatabase();
    const other = connectTo(database.kind, database.url, 4);
    try {
      const [a, b] = await Promise.all([
        buildAndStoreModels({ reason: "asker at once 1", database }),
        buildAndStoreModels({ reason: "asker at once 2", database: other }),
      ]);
      expect(a).toBe(b);
      const built = await rows("asker at once %");
      expect(built).toEqual([{ model_id: a, status: "ready", error: null }]);
    } finally {
      await other.close();
    }
  });

  it("a second process asking while this one builds waits for the same build", async () => {
    const database = await getDatabase();
    const child = spawnScript(PROCESS, [database.kind, database.url, "build"]);
    await child.waitForLine((l) => l.includes('"ready"'));
    const got = await acquireBuild(database, "model_two_processes", "two processes");
    if (!("lease" in got)) throw new Error(`expected the lease: ${JSON.stringify(got)}`);
    let here: string;
    try {
      child.process.stdin!.write("build\n");
      await new Promise((r) => setTimeout(r, 1500));
      expect(child.lines.filter((l) => l.includes('"built"') || l.includes('"failed"'))).toEqual([]);
      here = await buildWithLease(database, got.lease);
    } finally {
      await got.lease.release();
    }
    const there = JSON.parse(await child.waitForLine((l) => l.includes('"built"') || l.includes('"failed"')));
    expect(there).toEqual({ built: here });
    expect(await rows("two processes")).toEqual([{ model_id: here, status: "ready", error: null }]);
    expect(await rows("another process")).toEqual([]);
  });

  it("an asker waits while the lease is held and gets the build's result, not a build of its own", async () => {
    const database = await getDatabase();
    const got = await acquireBuild(database, "model_held_here", "held here");
    if (!("lease" in got)) throw new Error(`expected the lease: ${JSON.stringify(got)}`);
    let settled: string | undefined;
    const waiting = buildAndStoreModels({ reason: "asked while held" }).then((id) => {
      settled = id;
      return id;
    });
    try {
      await new Promise((r) => setTimeout(r, 1500));
      expect(settled).toBeUndefined();
      expect(await rows("asked while held")).toEqual([]);
      // The held build ends (as its builder would mark it): the asker returns it.
      await database.sql.query("UPDATE rec_models SET status = 'ready', date_built = now() WHERE model_id = $1", [
        "model_held_here",
      ]);
      expect(await waiting).toBe("model_held_here");
      expect(await rows("asked while held")).toEqual([]);
    } finally {
      await got.lease.release();
      await database.sql.query("DELETE FROM rec_models WHERE model_id = 'model_held_here'");
    }
  });
});

describe("model builds: a killed build", () => {
  it("whose process is killed is marked interrupted, and the asker waiting on it builds instead", async () => {
    const database = await getDatabase();
    const child = spawnScript(PROCESS, [database.kind, database.url, "hold"]);
    const { held } = JSON.parse(await child.waitForLine((l) => l.includes('"held"'))) as { held: string };
    let settled = false;
    const asked = buildAndStoreModels({ reason: "asked during the killed build" }).finally(() => {
      settled = true;
    });
    await new Promise((r) => setTimeout(r, 1500));
    expect(settled).toBe(false); // the builder is alive: waited for
    await child.kill();
    // PostgreSQL ends the dead session's lock at once; the embedded database waits out the silence.
    if (database.kind !== "postgres") await silence(held);
    const started = Date.now();
    const rebuilt = await asked;
    expect(Date.now() - started).toBeLessThan(5000);
    expect(rebuilt).not.toBe(held);
    const [dead] = await database.sql.query<{ status: string; error: string }>(
      "SELECT status, error FROM rec_models WHERE model_id = $1",
      [held],
    );
    expect(dead).toEqual({ status: "failed", error: INTERRUPTED });
    expect(await rows("asked during the killed build")).toEqual([{ model_id: rebuilt, status: "ready", error: null }]);
  });

  it("found by the periodic check is marked interrupted and a build is queued; a live one is left alone", async () => {
    const database = await getDatabase();
    const { sql } = database;
    await getBoss(); // its schema, where the queued build is looked for
    const got = await acquireBuild(database, "model_alive", "alive");
    if (!("lease" in got)) throw new Error("expected the lease");
    try {
      expect(await recoverInterruptedBuilds()).toEqual([]);
    } finally {
      await got.lease.release();
    }
    // Its lease let go without an end (as a killed process would): dead from now on.
    if (database.kind !== "postgres") await silence("model_alive");
    const before = await sql.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'recommend.build-models' AND state = 'created'",
    );
    expect(await recoverInterruptedBuilds()).toEqual(["model_alive"]);
    const after = await sql.query<{ n: number; reason: string }>(
      `SELECT count(*)::int AS n, max(data->>'reason') AS reason FROM pgboss.job
       WHERE name = 'recommend.build-models' AND state = 'created'`,
    );
    expect(after[0]!.n).toBe(Math.min(1, before[0]!.n + 1)); // one queued build at most (singleton)
    expect(after[0]!.reason).toContain("interrupted");
    expect(await recoverInterruptedBuilds()).toEqual([]);
  });
});

describe("model builds: announced", () => {
  it("a build finished in another thread (the job worker thread) is served here within a second", async () => {
    const database = await getDatabase();
    const first = await buildAndStoreModels({ reason: "served before" });
    expect((await currentModels(database))!.modelId).toBe(first);
    const thread = new Worker(join(process.cwd(), "lib", "threads", "boot.mjs"), {
      workerData: {
        entry: join(process.cwd(), "tests", "integration", "support", "build-thread.ts"),
        kind: database.kind,
        url: database.url,
      },
    });
    try {
      const built = await new Promise<{ modelId?: string; error?: string }>((resolve, reject) => {
        thread.once("message", resolve);
        thread.once("error", reject);
      });
      expect(built.error).toBeUndefined();
      expect(built.modelId).not.toBe(first);
      const at = Date.now();
      while (modelsNow()?.modelId !== built.modelId && Date.now() - at < 1000)
        await new Promise((r) => setTimeout(r, 10));
      expect(modelsNow()?.modelId).toBe(built.modelId);
    } finally {
      await thread.terminate();
    }
  });
});
