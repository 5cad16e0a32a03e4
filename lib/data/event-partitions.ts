/**
 * The month partitions of `events` (range of "timestamp", UTC months, named events_YYYY_MM; the
 * table and its default partition come from prisma/migrations/..._events_partitioned). Made ahead
 * (the current month and the next ones, at start and daily) and on demand, for the months an
 * import brings, before its rows are written. A row whose month has no partition lands in
 * events_default: nothing is lost, it is only not pruned; making its month later moves such rows
 * out of the default partition.
 */
import type { Database, SqlRunner } from "@/lib/db/client";
import { perDatabase } from "@/lib/db/per-database";
import { log } from "@/lib/log";

export const DEFAULT_PARTITION = "events_default";
/** Months made ahead: the current one and this many after it. */
export const MONTHS_AHEAD = 2;
/** An import's months are made on demand up to this many months after the current one. */
const ON_DEMAND_MONTHS_AHEAD = 12;
/** ... and from this year on: older rows wait in the default partition. */
const ON_DEMAND_FROM_YEAR = 2000;
/** Partition changes wait this long for their locks (a long read of events), then give up till the next try. */
const LOCK_TIMEOUT = "5s";
/** Serialises partition changes across processes (any number that stays the same). */
export const PARTITIONS_LOCK_ID = 72_616_264;

const NAME = /^events_(\d{4})_(\d{2})$/;

/** The first instant of the UTC month of `at`, shifted by `add` months. */
export function monthStart(at: Date, add = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + add, 1));
}

export function partitionName(month: Date): string {
  return `events_${month.getUTCFullYear()}_${String(month.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** The month a partition holds, from its name (undefined for the default partition and strangers). */
export function partitionMonth(name: string): Date | undefined {
  const m = NAME.exec(name);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)) : undefined;
}

/** The partitions of events, month partitions in order, the default partition left out. */
export async function listEventPartitions(sql: SqlRunner): Promise<{ name: string; month: Date }[]> {
  const rows = await sql.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = 'public.events'::regclass`,
  );
  return rows
    .flatMap((r) => {
      const month = partitionMonth(r.name);
      return month ? [{ name: r.name, month }] : [];
    })
    .sort((a, b) => a.month.getTime() - b.month.getTime());
}

/** The months known to have a partition, per database (filled from the catalog at first use). */
const known = perDatabase("events.partitions", () => ({ months: undefined as Set<string> | undefined }));

/** Forgets a dropped month (retention), so a late row of it goes to the default partition, not to a lookup that fails. */
export function forgetPartition(database: Database, name: string): void {
  known(database).months?.delete(name);
}

/**
 * Makes the partitions of the given months where missing. Each in a short transaction of its own:
 * the rows of that month waiting in the default partition move into it, then it is attached.
 * A month that cannot be made now (a lock not granted in time) is logged and left: its rows keep
 * going to the default partition until a later try. Returns the partitions made.
 */
export async function createEventPartitions(options: { database: Database; months: Date[] }): Promise<string[]> {
  const { database } = options;
  const cache = known(database);
  cache.months ??= new Set((await listEventPartitions(database.sql)).map((p) => p.name));
  const made: string[] = [];
  for (const month of options.months) {
    const name = partitionName(month);
    if (cache.months.has(name)) continue;
    try {
      if (await createPartition(database, month)) made.push(name);
      cache.months.add(name);
    } catch (error) {
      log.warn("an events partition could not be made now; its rows go to the default partition", {
        error,
        partition: name,
      });
    }
  }
  if (made.length > 0) log.info("made events partitions", { partitions: made });
  return made;
}

async function createPartition(database: Database, month: Date): Promise<boolean> {
  const name = partitionName(month);
  const from = month.toISOString();
  const to = monthStart(month, 1).toISOString();
  return database.transaction(async (sql) => {
    await sql.query(`SELECT set_config('lock_timeout', '${LOCK_TIMEOUT}', true)`);
    await sql.query("SELECT pg_advisory_xact_lock($1)", [PARTITIONS_LOCK_ID]);
    const [exists] = await sql.query<{ found: boolean }>("SELECT to_regclass($1) IS NOT NULL AS found", [
      `public.${name}`,
    ]);
    if (exists?.found) return false;
    // Made on its own and attached: attaching checks that the default partition holds none of
    // the month's rows, so they move first, in this transaction.
    await sql.exec(`CREATE TABLE "${name}" (LIKE "events" INCLUDING DEFAULTS)`);
    await sql.query(
      `WITH moved AS (
         DELETE FROM "${DEFAULT_PARTITION}" WHERE "timestamp" >= $1::timestamptz AND "timestamp" < $2::timestamptz
         RETURNING *
       )
       INSERT INTO "${name}" SELECT * FROM moved`,
      [from, to],
    );
    await sql.exec(`ALTER TABLE "events" ATTACH PARTITION "${name}" FOR VALUES FROM ('${from}') TO ('${to}')`);
    return true;
  });
}

/** The current month and MONTHS_AHEAD after it: at start and by the daily job (lib/jobs). */
export async function prepareEventPartitions(options: { database: Database; now?: Date }): Promise<string[]> {
  const now = options.now ?? new Date();
  const months = Array.from({ length: MONTHS_AHEAD + 1 }, (_, i) => monthStart(now, i));
  return createEventPartitions({ database: options.database, months });
}

/** The first instant kept with a retention of `months`: the start of the month that many before the current one. */
export function retentionStart(months: number, now = new Date()): Date {
  return monthStart(now, -months);
}

/**
 * The months of a batch's events (ISO instants in UTC, as intake writes them) that may be made on
 * demand: from ON_DEMAND_FROM_YEAR to ON_DEMAND_MONTHS_AHEAD months after now, and not before
 * `keepFrom` (retention: an older event would be dropped at the next run; it waits in the default
 * partition instead).
 */
export function monthsToMake(timestamps: Iterable<string>, options: { now?: Date; keepFrom?: Date } = {}): Date[] {
  const now = options.now ?? new Date();
  const last = monthStart(now, ON_DEMAND_MONTHS_AHEAD).getTime();
  const first = Math.max(Date.UTC(ON_DEMAND_FROM_YEAR, 0, 1), options.keepFrom?.getTime() ?? -Infinity);
  const seen = new Set<string>();
  const months: Date[] = [];
  for (const t of timestamps) {
    const key = t.slice(0, 7);
    if (seen.has(key)) continue;
    seen.add(key);
    const month = monthStart(new Date(t));
    const ms = month.getTime();
    if (!Number.isNaN(ms) && ms <= last && ms >= first) months.push(month);
  }
  return months;
}
