/**
 * Retention (EVENT_RETENTION_MONTHS): the month partitions of `events` wholly older than the window
 * (the current month and the N before it are kept) are detached and dropped, one per transaction,
 * by a daily job (lib/jobs). Rows older than the window in the default partition are deleted. The
 * keys that senders named (event_keys) go with their events: re-sending such an old event stores
 * it again, until the next run drops it.
 *
 * Customers keep their lifetime value: in the transaction that drops a month, its purchases' value
 * is added to customers.clv_expired, which ./refresh-customer-aggregates.ts adds to the kept
 * events' sum; last_purchase_at keeps its value when a customer's purchases are all dropped.
 * The Data page's events counter goes down by the rows dropped.
 */
import type { Database, SqlRunner } from "@/lib/db/client";
import { log } from "@/lib/log";
import {
  DEFAULT_PARTITION,
  forgetPartition,
  listEventPartitions,
  PARTITIONS_LOCK_ID,
  retentionStart,
} from "./event-partitions";
import { countEvents } from "./ingest-batch";

export interface DroppedEvents {
  /** The first instant kept. */
  keepFrom: Date;
  /** Partitions dropped, oldest first. */
  partitions: string[];
  /** Events dropped with them and deleted from the default partition. */
  events: number;
}

export async function dropExpiredEvents(options: {
  database: Database;
  retentionMonths: number;
  now?: Date;
}): Promise<DroppedEvents> {
  const { database } = options;
  const keepFrom = retentionStart(options.retentionMonths, options.now);
  const expired = (await listEventPartitions(database.sql)).filter((p) => p.month < keepFrom);
  const dropped: string[] = [];
  let events = 0;
  for (const { name } of expired) {
    const rows = await inTransaction(database, (sql) =>
      expire(sql, `"${name}"`, "TRUE", [], async () => {
        await sql.exec(`ALTER TABLE "events" DETACH PARTITION "${name}"`);
        await sql.exec(`DROP TABLE "${name}"`);
      }),
    );
    forgetPartition(database, name);
    dropped.push(name);
    events += rows;
    log.info("dropped an events partition past the retention window", { partition: name, events: rows });
  }
  // Rows that waited in the default partition (a month not made in time, or sent after it was dropped).
  const since = [keepFrom.toISOString()];
  const old = `"timestamp" < $1::timestamptz`;
  const [waiting] = await database.sql.query(`SELECT 1 FROM "${DEFAULT_PARTITION}" WHERE ${old} LIMIT 1`, since);
  if (waiting) {
    const late = await inTransaction(database, (sql) =>
      expire(sql, `"${DEFAULT_PARTITION}"`, old, since, async () => {
        await sql.query(`DELETE FROM "${DEFAULT_PARTITION}" WHERE ${old}`, since);
      }),
    );
    log.info("deleted events past the retention window from the default partition", { events: late });
    events += late;
  }
  return { keepFrom, partitions: dropped, events };
}

/**
 * In one transaction, so a crash leaves all of it or none: the purchases' value goes to their
 * customers' clv_expired, the events' claimed keys go, `remove` removes the rows, and the events
 * counter goes down by them. Returns the rows removed.
 */
async function expire(
  sql: SqlRunner,
  table: string,
  where: string,
  params: unknown[],
  remove: () => Promise<void>,
): Promise<number> {
  await lockPartitions(sql);
  await foldPurchases(sql, table, where, params);
  await sql.query(
    `DELETE FROM event_keys k USING (SELECT dedupe_key FROM ${table} WHERE ${where}) e
     WHERE starts_with(e.dedupe_key, 'id:') AND k.dedupe_key = e.dedupe_key`,
    params,
  );
  const [count] = await sql.query<{ n: string }>(`SELECT count(*) AS n FROM ${table} WHERE ${where}`, params);
  await remove();
  const n = Number(count?.n ?? 0);
  if (n > 0) await countEvents(sql, -n);
  return n;
}

async function lockPartitions(sql: SqlRunner): Promise<void> {
  // A long read of events holds back the detach: give up after a while and try again tomorrow,
  // rather than queue every reader and writer of events behind this one.
  await sql.query("SELECT set_config('lock_timeout', '10s', true)");
  await sql.query("SELECT pg_advisory_xact_lock($1)", [PARTITIONS_LOCK_ID]);
}

/** Adds the value of the purchases about to go to their customers' clv_expired. */
async function foldPurchases(sql: SqlRunner, table: string, where: string, params: unknown[]): Promise<void> {
  // The customers' rows are locked in key order first, as every writer of them locks them
  // (refresh-customer-aggregates.ts), so the two wait for each other instead of deadlocking.
  await sql.query(
    `WITH s AS MATERIALIZED (
       SELECT customer_id, SUM(quantity * price) AS value FROM ${table}
       WHERE ${where} AND event_type = 'purchase' AND customer_id IS NOT NULL
       GROUP BY customer_id
     ),
     locked AS MATERIALIZED (
       SELECT c.customer_id FROM customers c WHERE c.customer_id IN (SELECT customer_id FROM s)
       ORDER BY c.customer_id FOR UPDATE
     )
     UPDATE customers c SET clv_expired = c.clv_expired + s.value
     FROM s JOIN locked l ON l.customer_id = s.customer_id
     WHERE c.customer_id = s.customer_id`,
    params,
  );
}

/** Runs fn in a transaction, again (twice at most) when it was chosen as a deadlock victim. */
async function inTransaction<T>(database: Database, fn: (sql: SqlRunner) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await database.transaction(fn);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt >= 2 || (code !== "40P01" && code !== "40001")) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * (attempt + 1)));
    }
  }
}
