/**
 * pg-boss over the same database, through its own small pool (on the embedded database, over the
 * socket of the database's thread). Workers run in a thread of the web process on the embedded
 * database and in separate processes (`npm run worker`) on PostgreSQL. Enqueue inside a Prisma transaction with
 * `send(name, data, { db: fromPrisma(tx) })`: a rolled-back transaction never runs its job.
 */
import { PgBoss } from "pg-boss";
import { getDatabase } from "@/lib/db/client";
import { log } from "@/lib/log";
import { processWide } from "@/lib/process-wide";
import { JOBS } from "./names";

const slot = processWide("boss", () => ({ current: undefined as Promise<PgBoss> | undefined }));

async function create(): Promise<PgBoss> {
  const database = await getDatabase();
  const boss = new PgBoss({ connectionString: database.url, max: 4, schema: "pgboss" });
  boss.on("error", (error) => log.error("job queue error", { error }));
  await boss.start();
  await ensureQueues(boss);
  return boss;
}

/**
 * Every queue exists as soon as the process has a pg-boss, so a web process can queue work before
 * any worker has started (one queued job per key where a second would only repeat the first).
 */
async function ensureQueues(boss: PgBoss): Promise<void> {
  for (const name of Object.values(JOBS)) {
    const stately =
      name === JOBS.loadDemo ||
      name === JOBS.calculateTouchpoint ||
      name === JOBS.recalculateAll ||
      name === JOBS.buildModels;
    // A model build on a large shop may take most of an hour (bench: recs-build).
    const expiry = name === JOBS.buildModels ? { expireInSeconds: 3600 } : {};
    await boss.createQueue(name, stately ? { policy: "stately", ...expiry } : expiry);
  }
}

/** The process's pg-boss, started on first use (schema created/migrated by pg-boss itself). */
export function getBoss(): Promise<PgBoss> {
  slot.current ??= create();
  return slot.current;
}

export async function stopBoss(): Promise<void> {
  const current = slot.current;
  slot.current = undefined;
  if (current) await (await current).stop({ graceful: true, timeout: 5000, close: true });
}
