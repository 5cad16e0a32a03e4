/**
 * Bulk intake of one batch (at most 10,000 records) of items, customers, events or discounts:
 * each record is validated on its own, bad ones are reported by index, good ones are written in
 * one transaction. Used by the API, the CLI import, the demo loader and the data generator.
 */

import { createHash } from "node:crypto";
import { type Database, getDatabase, type SqlRunner } from "@/lib/db/client";
import { validationError } from "@/lib/http/errors";
import { identityChanged } from "@/lib/recommend/identity-index";
import { forgetServingState } from "@/lib/recommend/serving-state";
import { timeSlice } from "@/lib/time-slice";
import { refreshCustomerAggregates } from "./refresh-customer-aggregates";
import {
  type IntakeKind,
  MAX_BATCH,
  RECORD_SCHEMAS,
  type TCustomerInput,
  type TDiscountInput,
  type TEventInput,
  type TIntakeResult,
  type TItemInput,
} from "./schemas";
import { CUSTOMERS, DISCOUNTS, ITEMS } from "./tables";
import { mergeByKey, type TableSpec, upsertStatements } from "./upsert-sql";

export interface IngestOptions {
  kind: IntakeKind;
  records: unknown[];
  /** Marks rows written by the demo loader or generator as synthetic. */
  synthetic?: boolean;
  database?: Database;
}

export async function ingestBatch(options: IngestOptions): Promise<TIntakeResult> {
  const { kind, records } = options;
  if (records.length > MAX_BATCH) {
    throw validationError([{ loc: ["body", kind], msg: `at most ${MAX_BATCH} records per request` }]);
  }
  const schema = RECORD_SCHEMAS[kind];
  const errors: TIntakeResult["errors"] = [];
  const good: Record<string, unknown>[] = [];
  // 10,000 records take longer than a request should hold the thread: give others a turn.
  const slice = timeSlice();
  for (const [index, record] of records.entries()) {
    const parsed = schema.safeParse(record);
    if (parsed.success) good.push(parsed.data as Record<string, unknown>);
    else {
      const detail = parsed.error.issues
        .map((i) => `${i.path.length ? `${i.path.join(".")}: ` : ""}${i.message}`)
        .join("; ");
      errors.push({ index, detail });
    }
    await slice();
  }
  if (good.length > 0) {
    const database = options.database ?? (await getDatabase());
    const synthetic: Record<string, boolean> = options.synthetic ? { is_synthetic: true } : {};
    await database.transaction(async (sql) => {
      switch (kind) {
        case "items":
          await upsert(
            sql,
            ITEMS,
            (good as TItemInput[]).map((r) => ({ ...toJson(r), ...synthetic })),
          );
          break;
        case "discounts":
          await upsert(sql, DISCOUNTS, (good as TDiscountInput[]).map(toJson));
          break;
        case "customers":
          await upsertCustomers(sql, good as TCustomerInput[], synthetic);
          break;
        case "events":
          await insertEvents(sql, good as TEventInput[]);
          break;
      }
    });
    // An item deactivated or out of stock must not be served: this process drops its serving
    // caches at once; other processes within SERVING_TTL_MS (lib/recommend/serving-state.ts).
    if (kind === "items") forgetServingState();
    // Content requests resolve identities in memory (lib/recommend/identity-index.ts).
    if (kind === "customers" || kind === "items") {
      const key = kind === "customers" ? "customer_id" : "item_id";
      const ids = good.map((r) => String(r[key]));
      await identityChanged({ database, ...(kind === "customers" ? { customerIds: ids } : { itemIds: ids }) });
    }
  }
  return { received: records.length, upserted: good.length, errors };
}

/** Dates become ISO instants so SQL can cast them; everything else is JSON already. */
function toJson<T extends object>(record: T): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(record)) out[k] = v instanceof Date ? v.toISOString() : v;
  return out;
}

async function upsert(sql: SqlRunner, spec: TableSpec, rows: Record<string, unknown>[]): Promise<string[]> {
  const merged = mergeByKey(rows, spec.key);
  const { insert, update } = upsertStatements(spec);
  const json = JSON.stringify(merged);
  const inserted = (await sql.query<{ key: string }>(insert, [json])).map((r) => r.key);
  if (inserted.length < merged.length) await sql.query(update, [json, inserted]);
  return inserted;
}

async function upsertCustomers(
  sql: SqlRunner,
  records: TCustomerInput[],
  synthetic: Record<string, boolean>,
): Promise<void> {
  const rows = records.map(({ cookie_ids: _cookies, ...rest }) => ({ ...rest, ...synthetic }));
  const inserted = await upsert(sql, CUSTOMERS, rows);
  const cookies = records.flatMap((r) => (r.cookie_ids ?? []).map((c) => [c, r.customer_id]));
  if (cookies.length > 0) {
    await sql.query(
      `INSERT INTO customer_cookies (cookie_id, customer_id)
       SELECT c->>0, c->>1 FROM jsonb_array_elements($1::jsonb) AS c
       ON CONFLICT (cookie_id) DO UPDATE SET customer_id = EXCLUDED.customer_id`,
      [JSON.stringify(cookies)],
    );
    // Events that arrived earlier with only these cookies now belong to the customer.
    await sql.query(
      `UPDATE events e SET customer_id = cc.customer_id
       FROM customer_cookies cc
       WHERE e.customer_id IS NULL AND e.cookie_id = cc.cookie_id AND cc.cookie_id = ANY($1::text[])`,
      [cookies.map((c) => c[0])],
    );
  }
  // Customers new to us may have events already (events imported first): count them now.
  const touched = cookies.length > 0 ? records.map((r) => r.customer_id) : inserted;
  if (touched.length > 0) await refreshCustomerAggregates({ sql, customerIds: touched });
}

export function eventDedupeKey(e: TEventInput): string {
  if (e.event_id) return `id:${e.event_id}`;
  const who = e.customer_id ?? `cookie:${e.cookie_id}`;
  const parts = [e.event_type, who, e.item_id ?? "", e.order_id ?? "", e.timestamp.toISOString()];
  return `h:${createHash("sha1").update(parts.join("\u0001")).digest("hex")}`;
}

async function insertEvents(sql: SqlRunner, records: TEventInput[]): Promise<void> {
  const rows = records.map((e) => ({ ...toJson(e), dedupe_key: eventDedupeKey(e) }));
  const stored = await sql.query<{ customer_id: string | null }>(
    `INSERT INTO events (dedupe_key, event_id, event_type, customer_id, cookie_id, item_id, quantity,
                         price, "timestamp", term, order_id, touchpoint_id)
     SELECT r->>'dedupe_key', r->>'event_id', r->>'event_type',
            COALESCE(r->>'customer_id', (SELECT cc.customer_id FROM customer_cookies cc WHERE cc.cookie_id = r->>'cookie_id')),
            r->>'cookie_id', r->>'item_id', (r->>'quantity')::int, (r->>'price')::float8,
            (r->>'timestamp')::timestamptz, r->>'term', r->>'order_id', r->>'touchpoint_id'
     FROM jsonb_array_elements($1::jsonb) AS r
     ON CONFLICT (dedupe_key) DO NOTHING
     RETURNING CASE WHEN event_type = 'purchase' THEN customer_id END AS customer_id`,
    [JSON.stringify(rows)],
  );
  if (stored.length > 0) await countEvents(sql, stored.length);
  const buyers = [...new Set(stored.map((r) => r.customer_id).filter((c): c is string => !!c))];
  if (buyers.length > 0) await refreshCustomerAggregates({ sql, customerIds: buyers });
}

export const EVENTS_COUNT_KEY = "events_count";

/**
 * The number of stored events, kept in system_state in the same transaction as each insert:
 * count(*) over millions of events is too slow for the Data page. Started from a real count.
 */
export async function countEvents(sql: SqlRunner, added: number): Promise<void> {
  const updated = await sql.query(
    `UPDATE system_state SET value = to_jsonb((value #>> '{}')::bigint + $1), date_modified = now()
     WHERE key = $2 RETURNING key`,
    [added, EVENTS_COUNT_KEY],
  );
  if (updated.length === 0) {
    await sql.query(
      `INSERT INTO system_state (key, value) SELECT $1, to_jsonb(count(*)) FROM events
       ON CONFLICT (key) DO NOTHING`,
      [EVENTS_COUNT_KEY],
    );
  }
}
