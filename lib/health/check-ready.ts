/**
 * Readiness: the database answers and the job queue's tables are there (pg-boss, same database),
 * each within READY_TIMEOUT_MS. A load balancer sends traffic only to a ready process; liveness
 * (GET /api/health) only says the process answers.
 */
import { getDatabase } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";

export const READY_TIMEOUT_MS = 2000;

async function within<T>(what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not answer within ${READY_TIMEOUT_MS} ms`)),
      READY_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

export async function checkReady(): Promise<{ status: "ready"; database: string; job_queue: string }> {
  let kind = "";
  try {
    const database = await within("the database", getDatabase());
    kind = database.kind;
    await within("the database", database.sql.query("SELECT 1"));
    const rows = await within(
      "the job queue",
      database.sql.query<{ ok: boolean }>("SELECT to_regclass('pgboss.job') IS NOT NULL AS ok"),
    );
    if (!rows[0]?.ok) throw new Error("the job queue's tables (schema pgboss) are not there yet");
  } catch (error) {
    throw new ApiError(503, "not_ready", `Not ready: ${(error as Error).message}.`);
  }
  return { status: "ready", database: kind, job_queue: "pg-boss" };
}
