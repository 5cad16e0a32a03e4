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

const others: PgBoss[] = [];
afterAll(async () => {
  for (const b of others) await b.stop({ graceful: false, close: true });
});

/**
 * Workers on `queue` (notify on) that record each job's data, started and idle; and a second
 * pg-boss on its own connections, as another process (or thread) sends with.
 */
async function idleWorkersAndSender(queue: string, concurrency: number) {
  const boss = await getBoss();
  await boss.createQueue(queue, { notify: true });
  const ran: Record<string, unknown>[] = [];
  await workQueue(boss, queue, { concurrency, pollSeconds: POLL_SECONDS }, async (data) => {
    ran.push(data);
  });
  // The workers' first look (at start) finds nothing; from then on they wait.
  await new Promise((r) => setTimeout(r, 1500));
  const database = await getDatabase();
  const other = new PgBoss({ connectionString: database.url, schema: "pgboss", max: 1 });
  other.on("error", () => {});
  await other.start();
  others.push(other);
  return { ran, other, stop: () => boss.offWork(queue) };
}

const runs = (ran: unknown[], n: number, what: string) =>
  until(
    async () => ran.length,
    (length) => length === n,
    WITHIN_MS,
    what,
  );

describe("job workers woken by notification", () => {
  it("a job sent on another connection runs at once, though its workers look only every 2 minutes", async () => {
    const { ran, other, stop } = await idleWorkersAndSender("test.wakeup", 2);
    await other.send("test.wakeup", { label: "first" });
    await runs(ran, 1, "the job run");
    expect(ran).toEqual([{ label: "first" }]);
    await stop();
  });

  it("jobs sent together all run, one worker taking them one after another", async () => {
    const { ran, other, stop } = await idleWorkersAndSender("test.drain", 1);
    // One statement, one notification: the worker is woken once and must look again after each job.
    await other.insert(
      "test.drain",
      [1, 2, 3, 4].map((n) => ({ data: { n } })),
    );
    await runs(ran, 4, "the four jobs run");
    expect(ran.map((d) => d.n).sort()).toEqual([1, 2, 3, 4]);
    await stop();
  });
});
