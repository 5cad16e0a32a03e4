/**
 * One model build at a time across every process and thread (issue 21), and builds whose builder
 * died detected as such. The build's rec_models row (status `building`) is the lease:
 * - PostgreSQL: the builder first takes a session advisory lock on a connection of its own and
 *   keeps it for the whole build. Only the lock holder inserts a `building` row, so a `building`
 *   row whose lock nobody holds belongs to a builder that is gone (killed, crashed, connection
 *   lost): the database releases the lock with the session, so the death is seen at once.
 * - The embedded database: its connections share one session (lib/db/embedded/pglite-host.mjs),
 *   so an advisory lock excludes nobody and would outlive a killed client. Instead the row is
 *   inserted only if no other row is `building`, in one statement (the one backend runs one
 *   statement at a time, so that test-and-insert is atomic), and the builder beats every
 *   HEARTBEAT_MS: a `building` row silent for STALE_MS is a dead build.
 * A dead build is marked failed with INTERRUPTED; whoever finds it (the next asker, a waiter, the
 * periodic check in lib/jobs/registry.ts) builds or queues a build again.
 */
import pg from "pg";
import type { Database } from "@/lib/db/client";
import { log } from "@/lib/log";

/** pg_advisory_lock(LOCK_SPACE, LOCK_MODELS): the two-key form, so other locks can use other spaces. */
const LOCK_SPACE = 0x4c756d; // "Lum"
const LOCK_MODELS = 1;
export const HEARTBEAT_MS = 5000;
/**
 * Generous: a build's CPU-bound steps can hold its thread for tens of seconds between yields
 * (issue 21 measured 26 s), and a heartbeat missed then must not look like a death.
 */
export const STALE_MS = 120_000;
export const INTERRUPTED = "interrupted: the process building it ended before it finished";

export interface BuildLease {
  modelId: string;
  /** Why the lease was lost (the lock's connection dropped, the row was marked interrupted), else undefined. */
  lost(): string | undefined;
  /** Ends the heartbeat and lets the lock go. */
  release(): Promise<void>;
}

/**
 * The lease; or the build under way (`running` undefined: another session holds the lock but its
 * row is not there yet; `askedAt`, the database's time then); or, when asked with `joinSince`,
 * a build that started since then and is ready now (the one that was under way).
 */
export type Acquired = { lease: BuildLease } | { running: string | undefined; askedAt: Date } | { joined: string };

/** Takes the lease for a build with this id (inserting its row), unless another build holds it. */
export async function acquireBuild(
  database: Database,
  modelId: string,
  reason: string,
  options: { joinSince?: Date } = {},
): Promise<Acquired> {
  const lock = database.kind === "postgres" ? await takeLock(database) : undefined;
  if (lock === null) {
    const [now] = await database.sql.query<{ at: Date }>("SELECT now() AS at");
    return { running: await runningBuild(database), askedAt: new Date(now!.at) };
  }
  try {
    // An asker that found the lock taken before its holder's row showed: that build, if it ended
    // ready meanwhile, is the answer (holding the lock, no other build can end under us).
    if (options.joinSince) {
      const [ended] = await database.sql.query<{ model_id: string }>(
        `SELECT model_id FROM rec_models WHERE status = 'ready' AND date_started >= $1::timestamptz - interval '1 second'
         ORDER BY date_started DESC LIMIT 1`,
        [options.joinSince],
      );
      if (ended) {
        await lock?.end().catch(() => {});
        return { joined: ended.model_id };
      }
    }
    // Holding the lock, every `building` row is a dead builder's; without it, the stale ones are.
    await sweepInterrupted(database, { holdingLock: !!lock });
    const inserted = await database.sql.query<{ model_id: string }>(
      `INSERT INTO rec_models (model_id, reason, status, date_started, date_heartbeat)
       SELECT $1, $2, 'building', now(), now()
       WHERE NOT EXISTS (SELECT 1 FROM rec_models WHERE status = 'building')
       RETURNING model_id`,
      [modelId, reason],
    );
    if (inserted.length === 0) {
      await lock?.end().catch(() => {});
      const [now] = await database.sql.query<{ at: Date }>("SELECT now() AS at");
      return { running: await runningBuild(database), askedAt: new Date(now!.at) };
    }
  } catch (error) {
    await lock?.end().catch(() => {});
    throw error;
  }
  return { lease: holdLease(database, modelId, lock) };
}

/** Marks dead builds failed (INTERRUPTED); returns their ids. */
export async function sweepInterrupted(database: Database, options: { holdingLock?: boolean } = {}): Promise<string[]> {
  const dead =
    database.kind !== "postgres"
      ? `date_heartbeat < now() - make_interval(secs => ${STALE_MS / 1000})`
      : options.holdingLock
        ? "true"
        : // pg_locks is read live, after the statement's snapshot: a row whose builder finished and
          // let the lock go in between is re-checked against its new status before the update.
          `NOT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted AND objsubid = 2
             AND classid = ${LOCK_SPACE}::oid AND objid = ${LOCK_MODELS}::oid
             AND database = (SELECT oid FROM pg_database WHERE datname = current_database()))`;
  const rows = await database.sql.query<{ model_id: string }>(
    `UPDATE rec_models SET status = 'failed', error = $1 WHERE status = 'building' AND ${dead} RETURNING model_id`,
    [INTERRUPTED],
  );
  const ids = rows.map((r) => r.model_id);
  if (ids.length) log.warn("recommendation model builds interrupted (their builder is gone)", { models: ids });
  return ids;
}

/**
 * The process hosting the embedded database, as its first job worker starts: every `building` row
 * is a dead process's (only that process builds, and it has not started building yet), so it is
 * marked interrupted at once, not after STALE_MS of silence. Never on PostgreSQL, where other
 * processes may be building: the advisory lock tells. Returns the ids marked.
 */
export async function interruptOrphanedBuilds(database: Database): Promise<string[]> {
  if (database.kind === "postgres") return [];
  const rows = await database.sql.query<{ model_id: string }>(
    "UPDATE rec_models SET status = 'failed', error = $1 WHERE status = 'building' RETURNING model_id",
    [INTERRUPTED],
  );
  const ids = rows.map((r) => r.model_id);
  if (ids.length) log.warn("recommendation model builds of a process that ended marked interrupted", { models: ids });
  return ids;
}

export type BuildOutcome = { status: "ready" } | { status: "failed"; error: string } | { status: "gone" };

/** Waits until the build ends (or is found dead, which ends it as INTERRUPTED). */
export async function waitForBuild(
  database: Database,
  modelId: string,
  options: { pollMs?: number } = {},
): Promise<BuildOutcome> {
  const pollMs = options.pollMs ?? 250;
  for (let round = 0; ; round++) {
    const rows = await database.sql.query<{ status: string; error: string | null }>(
      "SELECT status, error FROM rec_models WHERE model_id = $1",
      [modelId],
    );
    const row = rows[0];
    if (!row) return { status: "gone" };
    if (row.status === "ready") return { status: "ready" };
    if (row.status !== "building") return { status: "failed", error: row.error ?? "failed" };
    // About once a second, ask whether its builder is still there (the next round sees the verdict).
    if (round % Math.max(1, Math.round(1000 / pollMs)) === 0) await sweepInterrupted(database);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

async function runningBuild(database: Database): Promise<string | undefined> {
  const rows = await database.sql.query<{ model_id: string }>(
    "SELECT model_id FROM rec_models WHERE status = 'building' ORDER BY date_started DESC LIMIT 1",
  );
  return rows[0]?.model_id;
}

/**
 * PostgreSQL: the builds' lock, for an incremental update (./model-update.ts), so that an update
 * and a build (or two updates) never run at once; null when another session holds it.
 */
export function tryModelsLock(database: Database): Promise<pg.Client | null> {
  return takeLock(database);
}

/** A connection holding the lock; null when another session holds it. */
async function takeLock(database: Database): Promise<pg.Client | null> {
  const client = new pg.Client({ connectionString: database.url });
  // Errors after connecting are seen as a lost lease (holdLease); none may end the process.
  client.on("error", () => {});
  await client.connect();
  try {
    const rows = await client.query<{ ok: boolean }>("SELECT pg_try_advisory_lock($1, $2) AS ok", [
      LOCK_SPACE,
      LOCK_MODELS,
    ]);
    if (rows.rows[0]?.ok) return client;
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  await client.end().catch(() => {});
  return null;
}

function holdLease(database: Database, modelId: string, lock: pg.Client | undefined): BuildLease {
  let lost: string | undefined;
  let released = false;
  const lose = (why: string) => {
    if (!released && !lost) {
      lost = why;
      log.warn("a recommendation model build lost its lease", { modelId, why });
    }
  };
  lock?.on("error", (error) => lose(`the lock's connection failed: ${error.message}`));
  lock?.on("end", () => lose("the lock's connection ended"));
  const beat = setInterval(() => {
    void database.sql
      .query("UPDATE rec_models SET date_heartbeat = now() WHERE model_id = $1 AND status = 'building' RETURNING 1", [
        modelId,
      ])
      .then((rows) => {
        if (rows.length === 0) lose("the build was marked failed while it ran");
      })
      .catch(() => {}); // a missed beat is only a late one
  }, HEARTBEAT_MS);
  beat.unref?.();
  return {
    modelId,
    lost: () => lost,
    release: async () => {
      released = true;
      clearInterval(beat);
      await lock?.end().catch(() => {});
    },
  };
}
