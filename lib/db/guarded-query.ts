/**
 * Ad-hoc customer queries (audience funnels and counts, customer lists by filters, a campaign's
 * audience estimate) run under a deadline, QUERY_TIMEOUT_MS: their cost follows what the caller
 * asks for, and on the embedded database's one backend a single long statement holds everyone.
 *
 * - PostgreSQL: `SET LOCAL statement_timeout` in the query's own transaction; the server stops the
 *   statement (SQLSTATE 57014) and the caller gets 503 query_timeout with Retry-After.
 * - PGlite 0.5.16 ignores statement_timeout (tested: pg_sleep(1.5) under a 200 ms timeout ran
 *   1.5 s, a 7.5 s count ran to its end), and its backend runs a statement synchronously in its
 *   thread, so nothing can interrupt it. The guard there is the deadline alone: the request is
 *   answered 503 query_timeout at the deadline and stops waiting, while the statement runs to its
 *   end in the embedded thread (other statements wait behind it meanwhile; the connection is
 *   released when it ends). The cap on filters (AUDIENCE_MAX_FILTERS) bounds how long that is.
 * The deadline also backs PostgreSQL's timeout (time spent waiting for a pooled connection).
 */
import { env } from "@/lib/env";
import { queryTimeout } from "@/lib/http/errors";
import { log } from "@/lib/log";
import { type Database, getDatabase, type SqlRunner } from "./client";

type Probe = (sql: SqlRunner, database: Database) => Promise<void>;
let probe: Probe | undefined;

/**
 * Tests only: runs inside every guarded transaction before its work (a `pg_sleep` there makes a
 * guarded route slow on purpose). undefined removes it.
 */
export function setGuardedQueryProbe(next: Probe | undefined): void {
  probe = next;
}

/** Extra time the application waits on PostgreSQL beyond statement_timeout before it gives up itself. */
const POSTGRES_GRACE_MS = 2000;

export async function guardedQuery<T>(
  work: (sql: SqlRunner) => Promise<T>,
  options: { database?: Database; label: string },
): Promise<T> {
  const database = options.database ?? (await getDatabase());
  const timeoutMs = env().QUERY_TIMEOUT_MS;
  const started = Date.now();
  const running = database.transaction(async (sql) => {
    if (database.kind === "postgres") {
      await sql.query("SELECT set_config('statement_timeout', $1, true)", [String(timeoutMs)]);
    }
    if (probe) await probe(sql, database);
    return work(sql);
  });
  let timer: NodeJS.Timeout | undefined;
  let late = false;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => {
        late = true;
        reject(queryTimeout(timeoutMs));
      },
      database.kind === "postgres" ? timeoutMs + POSTGRES_GRACE_MS : timeoutMs,
    );
  });
  try {
    return await Promise.race([running, deadline]);
  } catch (error) {
    if (late || isStatementTimeout(error)) {
      log.warn("an ad-hoc query ran out of time", { query: options.label, ms: Date.now() - started, timeoutMs });
      // The statement may still run (embedded database): its outcome is not wanted any more.
      running.catch(() => {});
      throw queryTimeout(timeoutMs);
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** PostgreSQL stopped the statement: query_canceled (statement_timeout or a cancel request). */
export function isStatementTimeout(error: unknown): boolean {
  return !!error && typeof error === "object" && "code" in error && error.code === "57014";
}
