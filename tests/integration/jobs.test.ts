import { fromPrisma } from "pg-boss";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { getBoss } from "@/lib/jobs/boss";

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
