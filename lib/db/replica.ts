/**
 * Heavy reads on a read replica (DATABASE_REPLICA_URL, a PostgreSQL streaming standby): audience
 * funnels and counts, customer lists and exports, campaign audience estimates, the delivery report
 * and the model build's reads of the catalog and events. Everything that writes, and every other
 * read, stays on the primary (getDatabase).
 *
 * Read-your-writes: before a heavy read goes to the replica, the primary's flushed WAL position
 * (pg_current_wal_flush_lsn(): every committed transaction's commit record is at or before it) is
 * taken and the replica is asked until it has replayed that far (pg_last_wal_replay_lsn()), at
 * most DATABASE_REPLICA_WAIT_MS. So whatever was committed before the read began (the caller's
 * own write, an import that queued the export job) is visible on the replica too. When the replica
 * is further behind than that, or does not answer, or is not a standby at all, the read goes to
 * the primary, once logged, and the next REPLICA_RETRY_MS skip the replica without asking (a
 * lagging replica must not cost every request the whole wait). /api/health shows where heavy reads
 * go and why (replicaHealth).
 *
 * The embedded database has no replicas: DATABASE_REPLICA_URL is ignored there with a warning.
 * A replica that fails in the middle of a long read (an export's batches) fails that read; the
 * job's retry then picks again (the primary, while the replica is marked unreachable).
 */
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { processWide } from "@/lib/process-wide";
import { connectTo, type Database, getDatabase, openDatabase } from "./client";

export type ReplicaStatus = "unknown" | "ok" | "lagging" | "unreachable" | "not_a_replica";

export interface ReplicaHealth {
  status: ReplicaStatus;
  /** Where heavy reads go now. */
  reads: "replica" | "primary";
  /** Why they go to the primary, in our words (never the driver's message: it can name hosts). */
  reason: string | null;
  /** When the status last changed. */
  since: string;
}

export interface ReplicaOptions {
  /** How long a heavy read waits for the replica to catch up before it reads the primary. */
  waitMs: number;
  /** How long reads skip a lagging or unreachable replica before it is asked again. */
  retryMs: number;
}

/** Once the replica failed to keep up or to answer, this long passes before it is asked again. */
export const REPLICA_RETRY_MS = 10_000;
/** Between two questions to a replica that has not caught up yet. */
const POLL_MS = 20;
/** Connections of the replica pool: heavy reads are few at a time. */
const POOL_SIZE = 5;
/** Shown by the replica's pg_stat_activity, so its operators can tell Lumen's heavy reads apart. */
export const REPLICA_APPLICATION_NAME = "lumen-replica-reads";

const REASONS: Record<Exclude<ReplicaStatus, "ok">, string> = {
  unknown: "it has not been asked yet (the first heavy read or health check asks)",
  lagging: "it had not replayed the primary's latest writes within DATABASE_REPLICA_WAIT_MS",
  unreachable: "it did not answer (the service's log has the error)",
  not_a_replica: "it is not a streaming standby (pg_last_wal_replay_lsn() is null)",
};

class Timeout extends Error {}

export class ReplicaRoute {
  private status: ReplicaStatus = "unknown";
  private since = new Date();
  private retryAt = 0;
  private checking: Promise<unknown> | undefined;

  constructor(
    readonly primary: Database,
    readonly replica: Database,
    readonly options: ReplicaOptions,
  ) {}

  /** The database a heavy read should use now (see the file's comment). label names it in logs. */
  async pick(label: string): Promise<Database> {
    if (this.status !== "ok" && this.status !== "unknown" && Date.now() < this.retryAt) return this.primary;
    const rows = await this.primary.sql.query<{ lsn: string }>("SELECT pg_current_wal_flush_lsn()::text AS lsn");
    const lsn = rows[0]!.lsn;
    const started = Date.now();
    const deadline = started + this.options.waitMs;
    try {
      for (;;) {
        const replayed = await this.replayedUpTo(lsn, Math.max(deadline - Date.now(), 1000));
        if (replayed === null) return this.toPrimary("not_a_replica", label);
        if (replayed) {
          this.mark("ok");
          return this.replica;
        }
        if (Date.now() >= deadline) {
          return this.toPrimary("lagging", label, { lsn, waitedMs: Date.now() - started });
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    } catch (error) {
      return this.toPrimary("unreachable", label, {
        error: error instanceof Timeout ? "no answer in time" : error instanceof Error ? error.message : String(error),
      });
    }
  }

  health(): ReplicaHealth {
    return {
      status: this.status,
      reads: this.status === "ok" ? "replica" : "primary",
      reason: this.status === "ok" ? null : REASONS[this.status],
      since: this.since.toISOString(),
    };
  }

  /**
   * Asks the replica in the background when nobody did for a while (health shows a fresh answer
   * without a heavy read; no wait for replay: a quiet primary has nothing to wait for).
   */
  refresh(): void {
    if (this.checking || (this.status !== "unknown" && Date.now() < this.retryAt)) return;
    this.checking = this.pick("health check")
      .catch(() => {})
      .finally(() => {
        this.checking = undefined;
        this.retryAt = Math.max(this.retryAt, Date.now() + this.options.retryMs);
      });
  }

  async close(): Promise<void> {
    await this.checking;
    await this.replica.close();
  }

  /** true: replayed that far; false: not yet; null: not a standby. Bounded by ms. */
  private async replayedUpTo(lsn: string, ms: number): Promise<boolean | null> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Timeout()), ms);
    });
    try {
      const rows = await Promise.race([
        this.replica.sql.query<{ replayed: boolean | null }>(
          "SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS replayed",
          [lsn],
        ),
        late,
      ]);
      return rows[0]?.replayed ?? null;
    } finally {
      clearTimeout(timer);
    }
  }

  private toPrimary(status: Exclude<ReplicaStatus, "ok" | "unknown">, label: string, details: object = {}): Database {
    if (this.status !== status) {
      log.warn("heavy reads go to the primary: the read replica is not usable", {
        read: label,
        status,
        reason: REASONS[status],
        retryInMs: this.options.retryMs,
        ...details,
      });
    }
    this.mark(status);
    this.retryAt = Date.now() + this.options.retryMs;
    return this.primary;
  }

  private mark(status: ReplicaStatus): void {
    if (status === this.status) return;
    if (status === "ok" && this.status !== "unknown") log.info("heavy reads go to the read replica again");
    this.status = status;
    this.since = new Date();
  }
}

/** Per primary handle: its replica route, or null (none configured, or the embedded database). */
const routes = processWide("db.replica.routes", () => new WeakMap<Database, ReplicaRoute | null>());
const warned = processWide("db.replica.warned", () => ({ embedded: undefined as Date | undefined }));

function withApplicationName(url: string): string {
  const u = new URL(url);
  if (!u.searchParams.has("application_name")) u.searchParams.set("application_name", REPLICA_APPLICATION_NAME);
  return u.toString();
}

function routeFromEnv(primary: Database): ReplicaRoute | null {
  const { DATABASE_REPLICA_URL: url, DATABASE_REPLICA_WAIT_MS: waitMs } = env();
  if (!url) return null;
  if (primary.kind !== "postgres") {
    if (!warned.embedded) {
      warned.embedded = new Date();
      log.warn("DATABASE_REPLICA_URL is ignored: the embedded database has no replicas (set DATABASE_URL)");
    }
    return null;
  }
  return new ReplicaRoute(primary, connectTo("postgres", withApplicationName(url), POOL_SIZE), {
    waitMs,
    retryMs: REPLICA_RETRY_MS,
  });
}

function routeOf(primary: Database): ReplicaRoute | null {
  let route = routes.get(primary);
  if (route === undefined) {
    route = routeFromEnv(primary);
    routes.set(primary, route);
  }
  return route;
}

/**
 * The database for a heavy read: the replica when one is configured and has caught up with the
 * primary, else the primary (given, or the process's). label names the read in log lines.
 */
export async function readDatabase(label: string, primary?: Database): Promise<Database> {
  const database = primary ?? (await getDatabase());
  const route = routeOf(database);
  return route ? route.pick(label) : database;
}

/**
 * A replica for a primary handle opened elsewhere (tests, which swap databases; the process's own
 * comes from DATABASE_REPLICA_URL). Replaces (and closes) one attached before.
 */
export async function attachReplica(
  primary: Database,
  url: string,
  options: Partial<ReplicaOptions> = {},
): Promise<ReplicaRoute> {
  await detachReplica(primary);
  const route = new ReplicaRoute(primary, connectTo("postgres", withApplicationName(url), POOL_SIZE), {
    waitMs: options.waitMs ?? env().DATABASE_REPLICA_WAIT_MS,
    retryMs: options.retryMs ?? REPLICA_RETRY_MS,
  });
  routes.set(primary, route);
  return route;
}

/** Closes a primary handle's replica pool, if it has one (closeDatabase calls it). */
export async function detachReplica(primary: Database): Promise<void> {
  const route = routes.get(primary);
  routes.delete(primary);
  await route?.close();
}

/**
 * Where the process's heavy reads go, for /api/health; undefined when no replica is configured or
 * the database is not open yet. Never waits: a stale answer starts a check in the background.
 */
export function replicaHealth(): ReplicaHealth | undefined {
  const database = openDatabase();
  if (!database) return undefined;
  const route = routeOf(database);
  if (!route) {
    return env().DATABASE_REPLICA_URL
      ? {
          status: "unknown",
          reads: "primary",
          reason: "DATABASE_REPLICA_URL is ignored on the embedded database",
          since: (warned.embedded ?? new Date()).toISOString(),
        }
      : undefined;
  }
  route.refresh();
  return route.health();
}
