/**
 * The identity facts of some customers as the database holds them: each customer's segment and
 * each of their cookies, as flat string arrays (cheap to pass between threads). Read by the thread
 * that wrote them (the intake thread) so that the thread which serves (lib/recommend/identity-index.ts)
 * only applies them: parsing 10,000 rows there would hold the event loop that answers requests.
 */
import type { Database } from "@/lib/db/client";

export interface IdentityRows {
  /** customer_id, segment_id, customer_id, segment_id, ... */
  customers: string[];
  /** cookie_id, customer_id, cookie_id, customer_id, ... */
  cookies: string[];
}

/** Ids per query: a bounded parameter, whatever the batch. */
const CHUNK = 5000;

export async function readIdentityRows(database: Database, customerIds: string[]): Promise<IdentityRows> {
  const rows: IdentityRows = { customers: [], cookies: [] };
  for (let from = 0; from < customerIds.length; from += CHUNK) {
    const ids = customerIds.slice(from, from + CHUNK);
    const customers = await database.sql.query<{ customer_id: string; segment_id: string }>(
      "SELECT customer_id, segment_id FROM customers WHERE customer_id = ANY($1::text[])",
      [ids],
    );
    for (const r of customers) rows.customers.push(r.customer_id, r.segment_id);
  }
  rows.cookies = await readCookies(database, customerIds);
  return rows;
}

/** The cookies of these customers: cookie_id, customer_id, cookie_id, customer_id, ... */
export async function readCookies(database: Database, customerIds: string[]): Promise<string[]> {
  const pairs: string[] = [];
  for (let from = 0; from < customerIds.length; from += CHUNK) {
    const cookies = await database.sql.query<{ cookie_id: string; customer_id: string }>(
      "SELECT cookie_id, customer_id FROM customer_cookies WHERE customer_id = ANY($1::text[])",
      [customerIds.slice(from, from + CHUNK)],
    );
    for (const r of cookies) pairs.push(r.cookie_id, r.customer_id);
  }
  return pairs;
}
