/**
 * A job sent wakes its queue's workers at once (pg-boss's LISTEN/NOTIFY; on the embedded database
 * the host passes the shared session's notifications on to the listening connections), and a
 * worker that took a job looks again at once. The workers' own look for jobs comes only every
 * 2 minutes here, so jobs that run within the test's time came by notification or by that
 * looking again, never by polling.
 */
import { PgBoss } from "pg-boss";
import { afterAll, describe, expect, it } from "vitest";
import { getDatabase } from "@/lib/db/client";
import { getBoss, workQueue } from "@/lib/jobs/boss";
import { until } from "./support/until";

const POLL_SECONDS = 120;
const WITHIN_MS = 20_000;

/** A second pg-boss on its own connections, as another process (or thread) sends with. */
async function sender(): Promise<PgBoss> {
  const database = await getDatabase();
  const boss = new PgBoss({ connectionString: database.url, schema: "pgboss", max: 1 });
  boss.on("error", () => {});
  await boss.start();
  return boss;
}

const others: PgBoss[] = [];
afterAll(async () => {
  for (const b of others) await b.stop({ graceful: false, close: true });
});

describe("job workers woken by notification", () => {
  it("a job sent on another connection runs at once, though its workers look only every 2 minutes", async () => {
    const boss = await getBoss();
    await boss.createQueue("test.wakeup", { notify: true });
    const ran: string[] = [];
    await workQueue(boss, "test.wakeup", { concurrency: 2, pollSeconds: POLL_SECONDS }, async (data) => {
      ran.push(String(data.label));
    });
    // The workers' first look (at start) finds nothing; from then on they wait.
    await new Promise((r) => setTimeout(r, 1500));
    const other = await sender();
    others.push(other);
    const sentAt = Date.now();
    await other.send("test.wakeup", { label: "first" });
    await until(
      async () => ran.length,
      (n) => n === 1,
      WITHIN_MS,
      "the job run",
    );
    expect(ran).toEqual(["first"]);
    expect(Date.now() - sentAt).toBeLessThan(WITHIN_MS);
    await boss.offWork("test.wakeup");
  });

  it("jobs sent together all run, one worker taking them one after another", async () => {
    const boss = await getBoss();
    await boss.createQueue("test.drain", { notify: true });
    const ran: number[] = [];
    await workQueue(boss, "test.drain", { concurrency: 1, pollSeconds: POLL_SECONDS }, async (data) => {
      ran.push(Number(data.n));
    });
    await new Promise((r) => setTimeout(r, 1500));
    const other = await sender();
    others.push(other);
    // One statement, one notification: the worker is woken once and must look again after each job.
    await other.insert(
      "test.drain",
      [1, 2, 3, 4].map((n) => ({ data: { n } })),
    );
    await until(
      async () => ran.length,
      (n) => n === 4,
      WITHIN_MS,
      "the four jobs run",
    );
    expect(ran.sort()).toEqual([1, 2, 3, 4]);
    await boss.offWork("test.drain");
  });
});
