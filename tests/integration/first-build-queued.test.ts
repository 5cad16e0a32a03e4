/**
 * The first model build, asked by a touchpoint calculation (lib/recommend/model-build.ts
 * ensureModelsBuilt): a job worker thread that does not take the builds queue (the calculations'
 * thread, which also runs sends and exports) queues the build for the builds pool and waits for it,
 * instead of building on its own thread; a failed build ends the wait with its error. Here this
 * test's thread plays the calculations' thread (recordTaken), and the builds worker is played by
 * fetching the queued job and running it as the handler does.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { ingestBatch } from "@/lib/data/ingest-batch";
import { getDatabase } from "@/lib/db/client";
import { getBoss } from "@/lib/jobs/boss";
import { JOBS } from "@/lib/jobs/names";
import { recordTaken, runsHere } from "@/lib/jobs/taken";
import { newestReady } from "@/lib/recommend/model-build";
import { buildAndStoreModels, ensureModelsBuilt } from "@/lib/recommend/model-store";

const day = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 19);

beforeAll(async () => {
  const items = ["fq-a", "fq-b", "fq-c"].map((item_id) => ({ item_id, item_name: item_id, price: 3, stock: 5 }));
  expect((await ingestBatch({ kind: "items", records: items, synthetic: true })).errors).toEqual([]);
  const events = [1, 2, 3].flatMap((c) =>
    ["fq-a", "fq-b"].map((item_id) => ({
      event_type: "purchase",
      customer_id: `fq-c${c}`,
      item_id,
      quantity: 1,
      price: 3,
      timestamp: day(c),
      order_id: `fq-o${c}`,
    })),
  );
  expect((await ingestBatch({ kind: "events", records: events, synthetic: true })).errors).toEqual([]);
  recordTaken([JOBS.calculateTouchpoint, JOBS.prepareSend]);
});

/** The queued build job, as a builds worker would take it. */
async function takeBuildJob(): Promise<{ id: string; data: { reason?: string } }> {
  const boss = await getBoss();
  for (let i = 0; i < 200; i++) {
    const [job] = await boss.fetch<{ reason?: string }>(JOBS.buildModels);
    if (job) return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("no build job was queued");
}

describe("the first build asked by a calculation", () => {
  it("is queued for the builds pool and waited for, not built on the calculations' thread", async () => {
    expect(runsHere(JOBS.buildModels)).toBe(false);
    const database = await getDatabase();
    let settled = false;
    const waiting = ensureModelsBuilt(database).finally(() => {
      settled = true;
    });
    const job = await takeBuildJob();
    expect(job.data.reason).toBe("a touchpoint with learned rules went live");
    await new Promise((r) => setTimeout(r, 1500));
    // Nothing was built meanwhile, and the calculation still waits.
    expect(await newestReady(database)).toBeUndefined();
    expect(settled).toBe(false);
    const modelId = await buildAndStoreModels({ reason: String(job.data.reason), database });
    await (await getBoss()).complete(JOBS.buildModels, job.id);
    await waiting;
    expect(await newestReady(database)).toBe(modelId);
    // With a build ready, nothing more is queued.
    await ensureModelsBuilt(database);
    expect(await (await getBoss()).fetch(JOBS.buildModels)).toEqual([]);
  }, 60_000);

  it("ends the wait with the error of a build that failed", async () => {
    const database = await getDatabase();
    await database.sql.exec("DELETE FROM rec_models");
    const waiting = ensureModelsBuilt(database);
    const failure = expect(waiting).rejects.toThrow(/failed: .*rec_model_chunks/);
    const job = await takeBuildJob();
    await database.sql.exec("ALTER TABLE rec_model_chunks RENAME TO rec_model_chunks_away");
    try {
      await expect(buildAndStoreModels({ reason: String(job.data.reason), database })).rejects.toThrow();
    } finally {
      await database.sql.exec("ALTER TABLE rec_model_chunks_away RENAME TO rec_model_chunks");
    }
    await (await getBoss()).fail(JOBS.buildModels, job.id);
    await failure;
    expect(await newestReady(database)).toBeUndefined();
  }, 60_000);
});
