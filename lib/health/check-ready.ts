/**
 * Readiness: the database answers and the job queue's tables are there (pg-boss, same database),
 * each within READY_TIMEOUT_MS. A load balancer sends traffic only to a ready process; liveness
 * (GET /api/health) only says the process answers.
 *
 * Anyone may ask, so a failure names the check that failed and why in our words (no answer in
 * time, tables missing, an error) and never the driver's message, which can carry host names,
 * user names or SQL: that goes to the log with the request id.
 */
import { getDatabase } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import { log } from "@/lib/log";

export const READY_TIMEOUT_MS = 2000;

type Check = "database" | "job_queue";
const NAMES: Record<Check, string> = { database: "the database", job_queue: "the job queue" };

/** A failed check, with a reason safe to show. */
class CheckFailed extends Error {
  constructor(
    readonly check: Check,
    readonly reason: string,
  ) {
    super(reason);
  }
}

async function within<T>(check: Check, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new CheckFailed(check, `no answer within ${READY_TIMEOUT_MS} ms`)),
      READY_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([work(), late]);
  } catch (error) {
    if (error instanceof CheckFailed) throw error;
    log.warn("readiness check failed", { check, error: error instanceof Error ? error.message : String(error) });
    throw new CheckFailed(check, "it answered with an error (the service's log has it)");
  } finally {
    clearTimeout(timer);
  }
}

export async function checkReady(): Promise<{ status: "ready"; database: string; job_queue: string }> {
  let kind = "";
  try {
    const database = await within("database", async () => {
      const opened = await getDatabase();
      await opened.sql.query("SELECT 1");
      return opened;
    });
    kind = database.kind;
    const rows = await within("job_queue", () =>
      database.sql.query<{ ok: boolean }>("SELECT to_regclass('pgboss.job') IS NOT NULL AS ok"),
    );
    if (!rows[0]?.ok) throw new CheckFailed("job_queue", "its tables (schema pgboss) are not there yet");
  } catch (error) {
    const failed = error instanceof CheckFailed ? error : new CheckFailed("database", "an unexpected failure");
    throw new ApiError(
      503,
      "not_ready",
      `Not ready: check ${failed.check} (${NAMES[failed.check]}) failed: ${failed.reason}.`,
      [{ loc: ["checks", failed.check], msg: `${NAMES[failed.check]}: ${failed.reason}` }],
    );
  }
  return { status: "ready", database: kind, job_queue: "pg-boss" };
}
