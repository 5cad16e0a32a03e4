/**
 * Bulk intake of one batch (at most 10,000 records) of items, customers, events or discounts:
 * each record is validated on its own, bad ones are reported by index, good ones are written in
 * one transaction. Used by the API, the CLI import, the demo loader and the data generator.
 *
 * Whatever passes validation can be stored (./intake-fields.ts); should the database still refuse
 * a batch's statement, the batch is written again in halves, down to single records, and only the
 * records the database refuses are reported, by index. `upserted` counts the rows written: a record
 * given twice in a batch counts once (the last one wins, field by field), an event already stored
 * counts zero.
 */

import { createHash } from "node:crypto";
import { type Database, getDatabase, type SqlRunner } from "@/lib/db/client";
import { env } from "@/lib/env";
import { validationError } from "@/lib/http/errors";
import { log } from "@/lib/log";
import { identityChanged } from "@/lib/recommend/identity-index";
import type { IdentityRows } from "@/lib/recommend/identity-rows";
import { forgetServingState } from "@/lib/recommend/serving-state";
import { itemsWritten } from "@/lib/search/catalog-index";
import { timeSlice } from "@/lib/time-slice";
import { createEventPartitions, monthsToMake, retentionStart } from "./event-partitions";
import { takeFieldWarnings } from "./intake-fields";
import { ITEM_LIST_FIELDS, ITEM_LIST_KEYS, mergeList } from "./merge-lists";
import { refreshCustomerAggregates } from "./refresh-customer-aggregates";
import {
  type IntakeKind,
  MAX_BATCH,
  RECORD_SCHEMAS,
  type TCustomerInput,
  type TEventInput,
  type TIntakeResult,
} from "./schemas";
import { CUSTOMERS, DISCOUNTS, ITEMS } from "./tables";
import { mergeByKey, type TableSpec, upsertStatements } from "./upsert-sql";

export interface IngestOptions {
  kind: IntakeKind;
  records: unknown[];
  /** Marks rows written by the demo loader or generator as synthetic. */
  synthetic?: boolean;
  /**
   * Items from a CSV: attributes, categories and descriptions merge into the stored lists by name,
   * level and language (./merge-lists.ts) instead of replacing them.
   */
  mergeItemLists?: boolean;
  database?: Database;
}

/** A record that passed validation, with its index in the batch. */
interface Good {
  index: number;
  record: Record<string, unknown>;
}

/** What writing some of a batch's records did. */
interface Written {
  /** Rows inserted or updated (events: inserted). */
  rows: number;
  /** Keys of the items or customers written. */
  ids: string[];
}

/** What a batch's write changed, for the caches of the thread that serves (applyIntakeEffects). */
export interface IntakeChanges {
  kind: IntakeKind;
  /** Some part of the batch was written. */
  wrote: boolean;
  /** Keys of the items or customers written. */
  ids: string[];
  /** The written customers' segments and cookies, read back by the writing thread (the intake thread). */
  identities?: IdentityRows;
}

export async function ingestBatch(options: IngestOptions): Promise<TIntakeResult> {
  const { result, changes } = await writeBatch(options);
  await applyIntakeEffects({ database: options.database ?? (await getDatabase()), changes });
  return result;
}

/**
 * Validates and writes a batch without touching this thread's serving caches: a worker thread
 * writes (lib/data/intake-thread), the thread that serves applies the changes.
 */
export async function writeBatch(options: IngestOptions): Promise<{ result: TIntakeResult; changes: IntakeChanges }> {
  const { kind, records } = options;
  const unchanged: IntakeChanges = { kind, wrote: false, ids: [] };
  if (records.length > MAX_BATCH) {
    throw validationError([{ loc: ["body", kind], msg: `at most ${MAX_BATCH} records per request` }]);
  }
  const schema = RECORD_SCHEMAS[kind];
  const errors: TIntakeResult["errors"] = [];
  const good: Good[] = [];
  // 10,000 records take longer than a request should hold the thread: give others a turn.
  const slice = timeSlice();
  for (const [index, record] of records.entries()) {
    const parsed = schema.safeParse(record);
    if (parsed.success) {
      // A value kept with a warning (an invalid phone number: the customer kept without it).
      const warnings = takeFieldWarnings(parsed.data as Record<string, unknown>);
      if (warnings.length) errors.push({ index, detail: storable(warnings.join("; ")) });
      good.push({ index, record: parsed.data as Record<string, unknown> });
    } else {
      // A path may hold the offending key itself (a JSON field's key with NUL): made visible.
      const detail = storable(
        parsed.error.issues.map((i) => `${i.path.length ? `${i.path.join(".")}: ` : ""}${i.message}`).join("; "),
      );
      errors.push({ index, detail });
    }
    await slice();
  }
  if (good.length === 0) return { result: { received: records.length, upserted: 0, errors }, changes: unchanged };

  const database = options.database ?? (await getDatabase());
  const synthetic: Record<string, boolean> = options.synthetic ? { is_synthetic: true } : {};
  let write: (sql: SqlRunner, part: Good[]) => Promise<Written>;
  switch (kind) {
    case "items":
      write = (sql, part) => writeItems(sql, part, synthetic, options.mergeItemLists ?? false);
      break;
    case "discounts":
      write = (sql, part) =>
        upsert(
          sql,
          DISCOUNTS,
          part.map((g) => toJson(g.record)),
        );
      break;
    case "customers":
      write = (sql, part) => writeCustomers(sql, part, synthetic);
      break;
    case "events": {
      // Keys from the whole batch (a line's position among identical lines), before any split.
      const key = eventKeyer();
      const slice = timeSlice();
      for (const g of good) {
        g.record = { ...toJson(g.record), ...key(g.record as TEventInput) };
        await slice();
      }
      write = writeEvents;
      break;
    }
  }
  // The partitions of the batch's months first, each in a short transaction of its own.
  if (kind === "events") await makeEventMonths(database, good);
  const { written, failed } = await writeWithFallback(database, good, write);
  const rows = written.reduce((n, w) => n + w.rows, 0);
  if (kind === "events" && rows > 0) {
    // In a short transaction of its own: the one counter row is not held while a batch's
    // customers are locked, so concurrent event writers never wait on each other through it.
    await countEvents(database.sql, rows).catch((error) => {
      log.warn("the events counter was not updated", { error, added: rows });
    });
  }
  if (failed.length > 0) {
    errors.push(...failed);
    errors.sort((a, b) => a.index - b.index);
  }
  const ids = kind === "customers" || kind === "items" ? [...new Set(written.flatMap((w) => w.ids))] : [];
  return {
    result: { received: records.length, upserted: rows, errors },
    changes: { kind, wrote: written.length > 0, ids },
  };
}

async function makeEventMonths(database: Database, good: Good[]): Promise<void> {
  const retention = env().EVENT_RETENTION_MONTHS;
  const months = monthsToMake(
    good.map((g) => String(g.record.timestamp)),
    retention === undefined ? {} : { keepFrom: retentionStart(retention) },
  );
  if (months.length > 0) await createEventPartitions({ database, months });
}

/** Tells this thread's caches (and other threads and processes) what a batch's write changed. */
export async function applyIntakeEffects(options: { database: Database; changes: IntakeChanges }): Promise<void> {
  const { database, changes } = options;
  if (!changes.wrote) return;
  // An item deactivated or out of stock must not be served: this process drops its serving
  // caches at once; other processes within SERVING_TTL_MS (lib/recommend/serving-state.ts).
  if (changes.kind === "items") forgetServingState();
  // Nor found by the next search (lib/search/catalog-index.ts).
  if (changes.kind === "items") itemsWritten(database, changes.ids);
  // Content requests resolve identities in memory (lib/recommend/identity-index.ts).
  if (changes.kind === "customers" || changes.kind === "items") {
    const ids = changes.ids;
    await identityChanged({
      database,
      ...(changes.kind === "customers" ? { customerIds: ids } : { itemIds: ids }),
      ...(changes.identities ? { identities: changes.identities } : {}),
    });
  }
}

/**
 * Writes the records in one transaction; when the database refuses the statement for something in
 * the data, writes the two halves again, each in its own transaction, down to single records, and
 * reports the records it refused by index. An error of the database itself (connection lost,
 * shutdown, out of resources) is thrown when nothing was written yet, so the whole batch can be
 * sent again; once some part was written, the rest is reported as not stored instead, so the
 * answer says exactly which records were applied.
 */
async function writeWithFallback(
  database: Database,
  good: Good[],
  write: (sql: SqlRunner, part: Good[]) => Promise<Written>,
): Promise<{ written: Written[]; failed: TIntakeResult["errors"] }> {
  const written: Written[] = [];
  const failed: TIntakeResult["errors"] = [];
  const queue: Good[][] = [good];
  let unavailable: string | undefined;
  while (queue.length > 0) {
    const part = queue.shift() as Good[];
    if (unavailable) {
      for (const g of part) failed.push({ index: g.index, detail: `not stored, send it again: ${unavailable}` });
      continue;
    }
    try {
      written.push(await inTransaction(database, (sql) => write(sql, part)));
    } catch (error) {
      if (!isDataError(error)) {
        if (written.length === 0) throw error;
        unavailable = storable((error as Error).message ?? String(error));
        log.warn("intake stopped part-way: the database failed", { error, notStored: part.length });
        queue.unshift(part);
        continue;
      }
      if (part.length === 1) {
        const g = part[0] as Good;
        failed.push({ index: g.index, detail: `could not be stored: ${storable((error as Error).message)}` });
        log.warn("an intake record could not be stored", { error, index: g.index });
      } else {
        const mid = Math.ceil(part.length / 2);
        queue.unshift(part.slice(0, mid), part.slice(mid));
      }
    }
  }
  return { written, failed };
}

/** Runs fn in a transaction, again (twice at most) when the database chose it as a deadlock victim. */
async function inTransaction<T>(database: Database, fn: (sql: SqlRunner) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await database.transaction(fn);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt >= 2 || (code !== "40P01" && code !== "40001")) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 80 * (attempt + 1)));
    }
  }
}

/**
 * SQLSTATE classes of the database itself rather than of the data: connection (08), transaction
 * rollback (40), resources (53), object state and locks (55), operator intervention (57: shutdown,
 * cancel), system (58), internal (XX), and a transaction already aborted (25).
 */
const NOT_THE_DATA = new Set(["08", "25", "40", "53", "55", "57", "58", "XX"]);

/** Whether the database refused a statement because of a value in it (so halving can find it). */
export function isDataError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string" || !/^[0-9A-Z]{5}$/.test(code)) return false;
  return !NOT_THE_DATA.has(code.slice(0, 2));
}

/** A message as an answer and import_runs (jsonb) can carry it: NUL and lone surrogates as \uXXXX. */
function storable(message: string): string {
  return message
    .slice(0, 2000)
    .replaceAll("\u0000", "\\u0000")
    .replace(/\p{Cs}/gu, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** Dates become ISO instants so SQL can cast them; everything else is JSON already. */
function toJson<T extends object>(record: T): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(record)) out[k] = v instanceof Date ? v.toISOString() : v;
  return out;
}

async function upsert(
  sql: SqlRunner,
  spec: TableSpec,
  rows: Record<string, unknown>[],
): Promise<Written & { inserted: string[] }> {
  const merged = mergeByKey(rows, spec.key);
  const keys = merged.map((r) => String(r[spec.key]));
  const { insert, lock, update } = upsertStatements(spec);
  const json = JSON.stringify(merged);
  const inserted = (await sql.query<{ key: string }>(insert, [json])).map((r) => r.key);
  let updated = 0;
  if (inserted.length < merged.length) {
    const fresh = new Set(inserted);
    await sql.query(lock, [keys.filter((k) => !fresh.has(k))]);
    updated = (await sql.query(update, [json, inserted])).length;
  }
  return { rows: inserted.length + updated, ids: keys, inserted };
}

async function writeItems(
  sql: SqlRunner,
  part: Good[],
  synthetic: Record<string, boolean>,
  mergeLists: boolean,
): Promise<Written> {
  const rows = part.map((g) => ({ ...toJson(g.record), ...synthetic }));
  if (mergeLists && rows.some((r) => ITEM_LIST_FIELDS.some((f) => f in r))) await mergeStoredLists(sql, rows);
  return upsert(sql, ITEMS, rows);
}

/**
 * Replaces each record's attributes, categories and descriptions by the stored list with the
 * record's entries merged in (records of one item in turn, so the last one sees the earlier ones).
 * The items' rows are locked in key order while the batch is written.
 */
async function mergeStoredLists(sql: SqlRunner, rows: Record<string, unknown>[]): Promise<void> {
  const ids = [...new Set(rows.map((r) => String(r.item_id)))];
  const stored = await sql.query<Record<string, unknown> & { item_id: string }>(
    `SELECT item_id, attributes, categories, descriptions FROM items
     WHERE item_id = ANY($1::text[]) ORDER BY item_id FOR UPDATE`,
    [ids],
  );
  const current = new Map<string, Record<string, unknown>>(stored.map((s) => [s.item_id, s]));
  for (const row of rows) {
    const id = String(row.item_id);
    const lists = current.get(id) ?? {};
    for (const field of ITEM_LIST_FIELDS) {
      if (!Array.isArray(row[field])) continue;
      row[field] = mergeList(lists[field], row[field] as unknown[], ITEM_LIST_KEYS[field]);
      lists[field] = row[field];
    }
    current.set(id, lists);
  }
}

async function writeCustomers(sql: SqlRunner, part: Good[], synthetic: Record<string, boolean>): Promise<Written> {
  const records = part.map((g) => g.record as TCustomerInput);
  const rows = records.map(({ cookie_ids: _cookies, ...rest }) => ({ ...rest, ...synthetic }));
  const written = await upsert(sql, CUSTOMERS, rows);
  // A cookie belongs to one customer: the last record that names it wins.
  const owners = new Map<string, string>();
  for (const r of records) for (const c of r.cookie_ids ?? []) owners.set(c, r.customer_id);
  if (owners.size > 0) {
    await sql.query(
      `INSERT INTO customer_cookies (cookie_id, customer_id)
       SELECT c->>0, c->>1 FROM jsonb_array_elements($1::jsonb) AS c
       ORDER BY c->>0
       ON CONFLICT (cookie_id) DO UPDATE SET customer_id = EXCLUDED.customer_id`,
      [JSON.stringify([...owners])],
    );
    // Events that arrived earlier with only these cookies now belong to the customer.
    await sql.query(
      `UPDATE events e SET customer_id = cc.customer_id
       FROM customer_cookies cc
       WHERE e.customer_id IS NULL AND e.cookie_id = cc.cookie_id AND cc.cookie_id = ANY($1::text[])`,
      [[...owners.keys()]],
    );
  }
  // Customers new to us may have events already (events imported first), and a customer's cookies
  // may bring events with them: count them now.
  const touched = [...new Set([...written.inserted, ...owners.values()])];
  if (touched.length > 0) await refreshCustomerAggregates({ sql, customerIds: touched });
  return { rows: written.rows, ids: written.ids };
}

/** An event's content without event_id, quantity and price: type, customer or cookie, item, order, timestamp. */
function contentOf(e: TEventInput): string {
  const who = e.customer_id ?? `cookie:${e.cookie_id}`;
  return [e.event_type, who, e.item_id ?? "", e.order_id ?? "", e.timestamp.toISOString()].join("\u0001");
}

const sha1 = (text: string) => createHash("sha1").update(text).digest("hex");

/**
 * The key that makes re-sending an event idempotent: `id:<event_id>`, else a hash of its content
 * (type, customer or cookie, item, order, timestamp, quantity, price) and, for a line of an order,
 * its position among the identical lines of the batch, so an order with the same item twice keeps
 * both lines and sending it again stores neither.
 */
export function eventDedupeKey(e: TEventInput, position = 0, content = contentOf(e)): string {
  if (e.event_id) return `id:${e.event_id}`;
  return `h2:${sha1(`${content}\u0001${e.quantity}\u0001${e.price}\u0001${position}`)}`;
}

/**
 * The key events without event_id had until quantity, price and position joined it: one stored
 * event per (type, customer or cookie, item, order, timestamp). Rows stored so keep it.
 */
export function legacyDedupeKey(e: TEventInput, content = contentOf(e)): string {
  return `h:${sha1(content)}`;
}

/**
 * The keys of a batch's events. A line of an order counts its position among the batch's
 * identical lines. The first event of each legacy key also carries that key: when a row has it
 * (stored before quantity and price joined the key), the event is the one stored then, not new.
 */
export function eventKeys(events: TEventInput[]): { dedupe_key: string; legacy_key?: string }[] {
  return events.map(eventKeyer());
}

/** eventKeys one event at a time, in the batch's order (a long batch can then give way between events). */
function eventKeyer(): (e: TEventInput) => { dedupe_key: string; legacy_key?: string } {
  const identical = new Map<string, number>();
  const seen = new Set<string>();
  return (e) => {
    if (e.event_id) return { dedupe_key: eventDedupeKey(e) };
    const content = contentOf(e);
    let position = 0;
    if (e.order_id) {
      const same = `${content}\u0001${e.quantity}\u0001${e.price}`;
      position = identical.get(same) ?? 0;
      identical.set(same, position + 1);
    }
    const dedupe_key = eventDedupeKey(e, position, content);
    if (seen.has(content)) return { dedupe_key };
    seen.add(content);
    return { dedupe_key, legacy_key: legacyDedupeKey(e, content) };
  };
}

/** Leaves out an event whose key of an earlier release is stored (with its timestamp: one month's index). */
const LEGACY_STORED = `AND (r->>'legacy_key' IS NULL
            OR NOT EXISTS (SELECT 1 FROM events old WHERE old.dedupe_key = r->>'legacy_key'
                           AND old."timestamp" = (r->>'timestamp')::timestamptz))`;

/**
 * One statement. `events` is partitioned by month, so its unique key is (dedupe_key, timestamp):
 * a hash key hashes the timestamp in, so that is one row per key; a key the sender named
 * (id:<event_id>) may come again with another timestamp, so it is claimed first in event_keys,
 * unique by the key alone, and only the events whose claim succeeded are inserted. A key given
 * twice in the batch is written once (its first record).
 *
 * The check for keys of an earlier release is in the statement only when the part has such a key
 * (events without event_id): the subquery reads `events` with a per-row timestamp, so its plan
 * holds every month's partition (pruned when it runs), and planning it cost more than the rest of
 * the statement's planning, growing with the months (PostgreSQL 15, 124 partitions: 18 ms of CPU
 * per statement against 0.5 ms without it).
 */
async function writeEvents(sql: SqlRunner, part: Good[]): Promise<Written> {
  // Claimed and inserted in key order, every claim before the first insert (the sort reads all of
  // its input, and with it `claimed`, before it gives a row): concurrent batches with the same
  // events wait for each other's keys in one order, never in a cycle.
  const legacy = part.some((g) => g.record.legacy_key !== undefined);
  const stored = await sql.query<{ customer_id: string | null }>(
    `WITH input AS MATERIALIZED (
       SELECT DISTINCT ON (r->>'dedupe_key') r FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS x(r, n)
       ORDER BY r->>'dedupe_key', n
     ),
     claimed AS (
       INSERT INTO event_keys (dedupe_key, "timestamp")
       SELECT r->>'dedupe_key', (r->>'timestamp')::timestamptz FROM input
       WHERE starts_with(r->>'dedupe_key', 'id:')
       ORDER BY r->>'dedupe_key'
       ON CONFLICT (dedupe_key) DO NOTHING
       RETURNING dedupe_key
     )
     INSERT INTO events (dedupe_key, event_id, event_type, customer_id, cookie_id, item_id, quantity,
                         price, "timestamp", term, order_id, touchpoint_id)
     SELECT r->>'dedupe_key', r->>'event_id', r->>'event_type',
            COALESCE(r->>'customer_id', (SELECT cc.customer_id FROM customer_cookies cc WHERE cc.cookie_id = r->>'cookie_id')),
            r->>'cookie_id', r->>'item_id', (r->>'quantity')::int, (r->>'price')::float8,
            (r->>'timestamp')::timestamptz, r->>'term', r->>'order_id', r->>'touchpoint_id'
     FROM input
     WHERE (NOT starts_with(r->>'dedupe_key', 'id:') OR r->>'dedupe_key' IN (SELECT dedupe_key FROM claimed))
       ${legacy ? LEGACY_STORED : ""}
     ORDER BY r->>'dedupe_key'
     ON CONFLICT (dedupe_key, "timestamp") DO NOTHING
     RETURNING CASE WHEN event_type = 'purchase' THEN customer_id END AS customer_id`,
    [JSON.stringify(part.map((g) => g.record))],
  );
  const buyers = [...new Set(stored.map((r) => r.customer_id).filter((c): c is string => !!c))];
  if (buyers.length > 0) await refreshCustomerAggregates({ sql, customerIds: buyers });
  return { rows: stored.length, ids: [] };
}

export const EVENTS_COUNT_KEY = "events_count";

/**
 * The number of stored events, kept in system_state: count(*) over millions of events is too slow
 * for the Data page. Started from a real count. Intake adds a batch's count in a statement of its
 * own after the batch's commit.
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
