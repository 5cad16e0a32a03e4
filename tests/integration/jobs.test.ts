import { fromPrisma } from "pg-boss";
import { describe, expect, it } from "vitest";
import { db, getDatabase } from "@/lib/db/client";
import { getBoss } from "@/lib/jobs/boss";
import { JOBS } from "@/lib/jobs/names";
import { startWorkers } from "@/lib/jobs/registry";
import { INTERRUPTED } from "@/lib/recommend/build-lease";

const QUEUE = "test.rollback";

describe("job queue (pg-boss on the same database)", () => {
  it("a job enqueued in a transaction that rolls back never runs; a committed one does", async () => {
    const boss = await getBoss();
    await boss.createQueue(QUEUE);
    const prisma = await db();
    const ran: string[] = [];
    await boss.work<{ label: string }>(QUEUE, { pollingIntervalSeconds: 0.5 }, async (jobs) => {
      for (const job of jobs) ran.push(job.data.label);
    });

    await expect(
      prisma.$transaction(async (tx) => {
        await tx.systemState.create({ data: { key: "rolled-back", value: {} } });
        await boss.send(QUEUE, { label: "rolled back" }, { db: fromPrisma(tx) });
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");

    await prisma.$transaction(async (tx) => {
      await tx.systemState.create({ data: { key: "committed", value: {} } });
      await boss.send(QUEUE, { label: "committed" }, { db: fromPrisma(tx) });
    });

    const deadline = Date.now() + 20_000;
    while (!ran.includes("committed") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    // Give a wrongly enqueued job the same chance to show up before asserting it never ran.
    await new Promise((r) => setTimeout(r, 1500));
    expect(ran).toEqual(["committed"]);
    expect(await prisma.systemState.findUnique({ where: { key: "rolled-back" } })).toBeNull();
    await boss.offWork(QUEUE);
  });
});

describe("the only worker of the database, as it starts (the embedded database's host)", () => {
  it("marks a model build left building by a dead process interrupted at once and queues it again; never on PostgreSQL", async () => {
    const database = await getDatabase();
    // Beating a moment ago: the heartbeat alone would take 2 minutes to call it dead.
    await database.sql.query(
      `INSERT INTO rec_models (model_id, reason, status, date_started, date_heartbeat)
       VALUES ('orphan-build', 'test', 'building', now(), now())`,
    );
    // No queues: only what a sole worker does before it takes jobs.
    await startWorkers({ concurrency: 1, soleWorker: true, queues: new Map() });
    const [row] = await database.sql.query<{ status: string; error: string | null }>(
      "SELECT status, error FROM rec_models WHERE model_id = 'orphan-build'",
    );
    const [queued] = await database.sql.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state = 'created'",
      [JOBS.buildModels],
    );
    if (database.kind === "pglite") {
      expect(row).toEqual({ status: "failed", error: INTERRUPTED });
      expect(queued?.n).toBe(1);
    } else {
      // Other processes may be building: the build's advisory lock decides (lib/recommend/build-lease.ts).
      expect(row).toEqual({ status: "building", error: null });
      expect(queued?.n).toBe(0);
    }
  });
});
