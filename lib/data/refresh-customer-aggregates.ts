/**
 * Per-customer aggregates kept current as events arrive: clv_value (sum of quantity x price of
 * purchases), purchases_180d (distinct orders in the 180 days before `now`; a purchase without
 * order_id counts as one order) and last_purchase_at. Recomputed from the events of the given
 * customers, so re-running it is always safe. A daily job runs it for everyone whose 180-day
 * count may have dropped as the window moves (lib/jobs). Events that retention dropped count
 * through clv_expired (./drop-expired-events.ts); events are removed by nothing else, so a
 * customer with no purchase events left keeps its last_purchase_at.
 *
 * The customers' rows are locked in key order (the UPDATE's own order would follow its join), so
 * writers of overlapping customers wait for each other instead of deadlocking. In a transaction
 * (intake) the lock is a statement of its own first: the UPDATE's snapshot is then taken once the
 * lock is granted and sees the events of every writer that held it before (within one statement,
 * a writer that waited for the lock would sum events without the other's and overwrite its total).
 */
import type { SqlRunner } from "@/lib/db/client";

export const PURCHASE_WINDOW_DAYS = 180;

export async function refreshCustomerAggregates(options: {
  sql: SqlRunner;
  customerIds: string[];
  now?: Date;
}): Promise<number> {
  const { sql, customerIds } = options;
  if (customerIds.length === 0) return 0;
  const since = new Date((options.now ?? new Date()).getTime() - PURCHASE_WINDOW_DAYS * 86_400_000);
  await sql.query("SELECT 1 FROM customers WHERE customer_id = ANY($1::text[]) ORDER BY customer_id FOR UPDATE", [
    customerIds,
  ]);
  const rows = await sql.query(
    `WITH ids AS MATERIALIZED (
       SELECT customer_id FROM customers WHERE customer_id = ANY($1::text[]) ORDER BY customer_id FOR UPDATE
     )
     UPDATE customers c SET
        clv_value = c.clv_expired + a.clv,
        purchases_180d = a.recent,
        last_purchase_at = COALESCE(a.last, c.last_purchase_at)
     FROM (
       SELECT ids.customer_id,
              COALESCE(SUM(e.quantity * e.price), 0) AS clv,
              COUNT(DISTINCT COALESCE(e.order_id, 'event:' || e.id::text)) FILTER (WHERE e."timestamp" >= $2) AS recent,
              MAX(e."timestamp") AS last
       FROM ids
       LEFT JOIN events e ON e.customer_id = ids.customer_id AND e.event_type = 'purchase'
       GROUP BY ids.customer_id
     ) a
     WHERE c.customer_id = a.customer_id
     RETURNING c.customer_id`,
    [customerIds, since.toISOString()],
  );
  return rows.length;
}

/** The customers whose 180-day count may be stale: anyone with a purchase in the window. */
export async function refreshMovingWindow(options: { sql: SqlRunner; now?: Date }): Promise<number> {
  const ids = await options.sql.query<{ customer_id: string }>(
    "SELECT customer_id FROM customers WHERE purchases_180d > 0 ORDER BY customer_id",
  );
  let total = 0;
  for (let i = 0; i < ids.length; i += 5000) {
    total += await refreshCustomerAggregates({
      sql: options.sql,
      customerIds: ids.slice(i, i + 5000).map((r) => r.customer_id),
      now: options.now,
    });
  }
  return total;
}
