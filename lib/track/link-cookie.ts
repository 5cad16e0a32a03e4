/**
 * A visitor identified themselves on the shop's site (lumen.identify): their cookie becomes the
 * customer's, the cookie rule of spec 4.3 (a recognised cookie answers as its customer). The
 * cookie's events stored so far without a customer become the customer's (their history follows
 * them), the customer's aggregates are recomputed, this process's identity index and live overlay
 * learn the link at once.
 *
 * A publishable key is public, so it may add a link but never move one: a cookie already linked
 * (by the shop's customer feed, or an earlier identify) keeps its customer. The snippet starts a
 * new cookie when another customer signs in on the same browser.
 */

import { refreshCustomerAggregates } from "@/lib/data/refresh-customer-aggregates";
import type { Database } from "@/lib/db/client";
import { processWide } from "@/lib/process-wide";
import { identityChanged } from "@/lib/recommend/identity-index";
import { liveVisitor } from "@/lib/recommend/live-overlay";
import { moveLiveShared } from "@/lib/recommend/live-share";

/**
 * Cookies whose link this process has settled (made, or found taken): every batch after identify
 * names the customer, and asking the database each time would cost a transaction per page view.
 */
const settled = processWide("track.settled-cookies", () => new Set<string>());
const SETTLED_KEPT = 100_000;

/** Links the cookie to the customer; true when this call made the link. */
export async function linkCookie(options: {
  database: Database;
  cookieId: string;
  customerId: string;
}): Promise<boolean> {
  const { database, cookieId, customerId } = options;
  if (settled.has(cookieId)) return false;
  const linked = await database.transaction(async (sql) => {
    const made = await sql.query(
      `INSERT INTO customer_cookies (cookie_id, customer_id) VALUES ($1, $2)
       ON CONFLICT (cookie_id) DO NOTHING RETURNING cookie_id`,
      [cookieId, customerId],
    );
    if (made.length === 0) return false;
    await sql.query("UPDATE events SET customer_id = $2 WHERE cookie_id = $1 AND customer_id IS NULL", [
      cookieId,
      customerId,
    ]);
    await refreshCustomerAggregates({ sql, customerIds: [customerId] });
    return true;
  });
  if (settled.size >= SETTLED_KEPT) settled.clear();
  settled.add(cookieId);
  if (linked) {
    moveLiveShared(database, liveVisitor({ cookieId })!, customerId);
    await identityChanged({ database, customerIds: [customerId] });
  }
  return linked;
}
