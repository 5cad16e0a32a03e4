/**
 * Who is who, held in memory for the content route (spec 4.3 rule 5): every customer with their
 * segment, every cookie with its customer, every item id. A content request then resolves its
 * identity with a few look-ups in memory instead of a query: the route takes thousands of calls a second
 * for customers it has never seen in the process (a cache of recent look-ups would miss them).
 *
 * Kept fresh by intake: a batch of customers or items, once committed, is applied to this
 * process's index before the intake answers, and tells the other processes with NOTIFY
 * lumen_identity (PostgreSQL; on the embedded database, where the one session cannot LISTEN for
 * others, the job worker thread tells the web thread over a BroadcastChannel). They read the rows whose
 * date_modified is newer than their last look, less an overlap of REFRESH_OVERLAP_MS for
 * transactions that committed late, at most once a second, so a change made elsewhere shows
 * within about a second. A poll every POLL_MS is the safety net when a notification is lost.
 *
 * Until the first load is done, resolveIdentity (./identity.ts) asks the database per request.
 * The ids live in typed arrays (./string-table.ts), not in Maps of strings: a million customers
 * are a few buffers the garbage collector does not scan, so the web thread's collections stay
 * short however big the shop (issue 26). Memory: about the ids' bytes plus 30 bytes per customer
 * or cookie (bench/scenarios/serving.ts prints it).
 */

import pg from "pg";
import type { Database } from "@/lib/db/client";
import { getDatabase } from "@/lib/db/client";
import { tracked } from "@/lib/health/event-loop";
import { log } from "@/lib/log";
import { processWide } from "@/lib/process-wide";
import { timeSlice } from "@/lib/time-slice";
import { Growable } from "./engine/growable";
import { type IdentityRows, readCookies, readIdentityRows } from "./identity-rows";
import { StringTable } from "./string-table";

export const IDENTITY_CHANNEL = "lumen_identity";
const REFRESH_OVERLAP_MS = 5000;
const POLL_MS = 30_000;
/**
 * Rows per page. 5,000, not 50,000: a page's rows stay alive until applied, and at 50,000 the
 * web thread's young-generation collections during a refresh after a 500,000-customer load took
 * 15-25 ms each (--trace-gc), and encoding the page's ids as one array parameter (readCookies)
 * was one unsliced task of its own. A page is one indexed range query.
 */
const PAGE = 5_000;

export interface IdentityFacts {
  is_item: boolean;
  is_customer: boolean;
  segment_id: string;
  /** The customer of a known cookie. */
  cookie_customer?: string;
  cookie_segment?: string;
}

interface Index {
  database: Database;
  /** Customer ids, numbered. */
  customers: StringTable;
  /** A customer's segment number, by customer number. */
  segmentOf: Growable<Int32Array>;
  /** Segment ids by number (0 = no segment). */
  segments: string[];
  segmentNumber: Map<string, number>;
  /** Cookie ids, numbered; cookieCustomer gives each one's customer number. */
  cookies: StringTable;
  cookieCustomer: Growable<Int32Array>;
  items: StringTable;
  /** Database time of the last refresh's start (ISO). */
  customersSince: string;
  itemsSince: string;
  ready: boolean;
}

const state = processWide("recommend.identityIndex", () => ({
  index: undefined as Index | undefined,
  loading: undefined as Promise<Index> | undefined,
  refreshing: undefined as Promise<void> | undefined,
  again: false,
  timer: undefined as NodeJS.Timeout | undefined,
  listener: undefined as pg.Client | undefined,
  /** The embedded database: its one session cannot LISTEN for others; threads of the process signal here. */
  channel: undefined as BroadcastChannel | undefined,
}));

/** Threads of one process (the web thread, the job worker thread of the embedded database). */
function threadChannel(): BroadcastChannel {
  const channel = new BroadcastChannel(IDENTITY_CHANNEL);
  (channel as unknown as { unref?: () => void }).unref?.();
  return channel;
}

function segmentNo(index: Index, segmentId: string): number {
  let n = index.segmentNumber.get(segmentId);
  if (n === undefined) {
    n = index.segments.length;
    index.segments.push(segmentId);
    index.segmentNumber.set(segmentId, n);
  }
  return n;
}

function putCustomer(index: Index, customerId: string, segmentId: string): void {
  index.segmentOf.set(index.customers.add(customerId), segmentNo(index, segmentId));
}

function putCookie(index: Index, cookieId: string, customerId: string): void {
  const n = index.customers.get(customerId);
  if (n >= 0) index.cookieCustomer.set(index.cookies.add(cookieId), n);
}

async function dbNow(database: Database): Promise<string> {
  const rows = await database.sql.query<{ now: Date | string }>("SELECT now() AS now");
  return new Date(rows[0]!.now).toISOString();
}

const minus = (iso: string, ms: number) => new Date(new Date(iso).getTime() - ms).toISOString();

/** Pages through a table by key (no one huge result: PGlite answers it in one piece). */
async function pages<T extends Record<string, string>>(
  database: Database,
  sql: (keyParam: string) => string,
  key: keyof T,
  each: (rows: T[]) => void | Promise<void>,
  params: unknown[] = [],
): Promise<void> {
  let after = "";
  for (;;) {
    const rows = await database.sql.query<T>(`${sql("$1")} LIMIT ${PAGE}`, [after, ...params]);
    await each(rows);
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1]![key] as string;
    // Let requests in between pages (PGlite runs a query on this thread).
    await new Promise((r) => setImmediate(r));
  }
}

async function build(database: Database): Promise<Index> {
  return tracked("identity index: build", () => buildIndex(database));
}

async function buildIndex(database: Database): Promise<Index> {
  const started = performance.now();
  const since = minus(await dbNow(database), REFRESH_OVERLAP_MS);
  const index: Index = {
    database,
    customers: new StringTable(),
    segmentOf: new Growable((n) => new Int32Array(n), 0, 256),
    segments: [""],
    segmentNumber: new Map([["", 0]]),
    cookies: new StringTable(),
    cookieCustomer: new Growable((n) => new Int32Array(n), -1, 256),
    items: new StringTable(),
    customersSince: since,
    itemsSince: since,
    ready: false,
  };
  const slice = timeSlice();
  await pages<{ customer_id: string; segment_id: string }>(
    database,
    (p) => `SELECT customer_id, segment_id FROM customers WHERE customer_id > ${p} ORDER BY customer_id`,
    "customer_id",
    async (rows) => {
      for (const r of rows) {
        putCustomer(index, r.customer_id, r.segment_id);
        await slice();
      }
    },
  );
  await pages<{ cookie_id: string; customer_id: string }>(
    database,
    (p) => `SELECT cookie_id, customer_id FROM customer_cookies WHERE cookie_id > ${p} ORDER BY cookie_id`,
    "cookie_id",
    async (rows) => {
      for (const r of rows) {
        putCookie(index, r.cookie_id, r.customer_id);
        await slice();
      }
    },
  );
  await pages<{ item_id: string }>(
    database,
    (p) => `SELECT item_id FROM items WHERE item_id > ${p} ORDER BY item_id`,
    "item_id",
    async (rows) => {
      for (const r of rows) {
        index.items.add(r.item_id);
        await slice();
      }
    },
  );
  index.ready = true;
  log.info("identity index built", {
    customers: index.customers.size,
    cookies: index.cookies.size,
    items: index.items.size,
    ms: Math.round(performance.now() - started),
  });
  return index;
}

/** Reads what changed since the last refresh into the index. */
async function refresh(index: Index): Promise<void> {
  return tracked("identity index: refresh", () => refreshIndex(index));
}

async function refreshIndex(index: Index): Promise<void> {
  const { database } = index;
  const now = await dbNow(database);
  // Paged by key, each page applied in slices: a refresh after a big load elsewhere (the demo
  // shop, an import by the job worker) may read hundreds of thousands of rows.
  await pages<{ customer_id: string; segment_id: string }>(
    database,
    (p) =>
      `SELECT customer_id, segment_id FROM customers WHERE date_modified >= $2 AND customer_id > ${p} ORDER BY customer_id`,
    "customer_id",
    async (rows) => {
      const customers: string[] = [];
      for (const r of rows) customers.push(r.customer_id, r.segment_id);
      const cookies = await readCookies(
        database,
        rows.map((r) => r.customer_id),
      );
      await applyRows(index, { customers, cookies });
    },
    [index.customersSince],
  );
  const slice = timeSlice();
  await pages<{ item_id: string }>(
    database,
    (p) => `SELECT item_id FROM items WHERE date_modified >= $2 AND item_id > ${p} ORDER BY item_id`,
    "item_id",
    async (rows) => {
      for (const r of rows) {
        index.items.add(r.item_id);
        await slice();
      }
    },
    [index.itemsSince],
  );
  index.customersSince = minus(now, REFRESH_OVERLAP_MS);
  index.itemsSince = index.customersSince;
}

/** Applies customers' segments and cookies read elsewhere, giving the event loop a turn between slices. */
async function applyRows(index: Index, rows: IdentityRows): Promise<void> {
  const slice = timeSlice();
  const { customers, cookies } = rows;
  for (let i = 0; i < customers.length; i += 2) {
    putCustomer(index, customers[i]!, customers[i + 1]!);
    await slice();
  }
  for (let i = 0; i < cookies.length; i += 2) {
    putCookie(index, cookies[i]!, cookies[i + 1]!);
    await slice();
  }
}

/**
 * Starts building this process's index in the background (idempotent) and keeps it fresh.
 * Returns the build, for callers that want to wait (the start script, tests, the bench).
 */
export function startIdentityIndex(): Promise<Index> {
  if (state.loading) return state.loading;
  const loading = (async () => {
    const database = await getDatabase();
    const index = await build(database);
    state.index = index;
    await listen(database);
    state.timer = setInterval(changedElsewhere, POLL_MS);
    state.timer.unref?.();
    return index;
  })();
  state.loading = loading;
  loading.catch((error) => {
    log.warn("identity index could not be built; identities are read per request", { error });
    if (state.loading === loading) state.loading = undefined;
  });
  return loading;
}

async function listen(database: Database): Promise<void> {
  if (database.kind !== "postgres") {
    state.channel = threadChannel();
    state.channel.onmessage = changedElsewhere;
    return;
  }
  const connect = async () => {
    const client = new pg.Client({ connectionString: database.url });
    client.on("notification", changedElsewhere);
    client.on("error", (error) => {
      log.warn("identity LISTEN connection lost; reconnecting", { error });
      state.listener = undefined;
      setTimeout(() => void connect().catch(() => {}), 1000).unref?.();
    });
    await client.connect();
    await client.query(`LISTEN ${IDENTITY_CHANNEL}`);
    state.listener = client;
    changedElsewhere(); // what changed while not listening
  };
  await connect();
}

/**
 * An intake batch committed: apply its customers and items to this process's index (awaited, so
 * the intake's caller sees its change at once) and tell the other processes (NOTIFY).
 */
export async function identityChanged(options: {
  database: Database;
  customerIds?: string[];
  itemIds?: string[];
  /** The customers' segments and cookies, when the writer read them already (the intake thread). */
  identities?: IdentityRows;
}): Promise<void> {
  if (options.database.kind === "postgres") {
    await options.database.sql.query("SELECT pg_notify($1, '')", [IDENTITY_CHANNEL]).catch(() => {});
  } else if (state.channel) {
    // Sent on this thread's own listening channel, which does not hear itself: this thread
    // applies the change below; a refresh of everything changed lately would repeat it.
    state.channel.postMessage("changed");
  } else {
    const channel = threadChannel();
    channel.postMessage("changed");
    channel.close();
  }
  const index = state.index;
  if (!index || index.database !== options.database) return;
  const slice = timeSlice();
  for (const id of options.itemIds ?? []) {
    index.items.add(id);
    await slice();
  }
  if (options.customerIds?.length || options.identities) {
    try {
      await applyRows(index, options.identities ?? (await readIdentityRows(index.database, options.customerIds!)));
    } catch (error) {
      log.warn("identity index update failed; the next refresh catches up", { error });
    }
  }
}

/** Another process changed customers or items: read what changed since the last look (at most once a second). */
function changedElsewhere(): void {
  if (state.refreshing) {
    state.again = true;
    return;
  }
  const index = state.index;
  if (!index) return;
  const run = async () => {
    do {
      state.again = false;
      await refresh(index);
      await new Promise((r) => setTimeout(r, 1000)); // coalesces a burst of notifications
    } while (state.again && state.index === index);
  };
  state.refreshing = run()
    .catch((error) => {
      if (state.index === index) log.warn("identity index refresh failed", { error });
    })
    .finally(() => {
      state.refreshing = undefined;
    });
}

/** The facts about an identity value, from memory; undefined until the index is built. */
export function identityFacts(value: string): IdentityFacts | undefined {
  const index = state.index;
  if (!index?.ready) return undefined;
  const n = index.customers.get(value);
  const c = cookieOwnerOf(index, value);
  return {
    is_item: index.items.has(value),
    is_customer: n >= 0,
    segment_id: n < 0 ? "" : index.segments[index.segmentOf.get(n)]!,
    ...(c < 0
      ? {}
      : { cookie_customer: index.customers.keyAt(c), cookie_segment: index.segments[index.segmentOf.get(c)]! }),
  };
}

function cookieOwnerOf(index: Index, value: string): number {
  const cookie = index.cookies.get(value);
  return cookie < 0 ? -1 : index.cookieCustomer.get(cookie);
}

/**
 * The same facts one question at a time, each asked only when the answer decides (./identity.ts):
 * the content route's hot path, where every look-up and every object made counts. Each answers
 * undefined until the index is built.
 */
export const identityIndex = {
  /** Whether the index answers (built). */
  ready(): boolean {
    return state.index?.ready === true;
  },
  isItem(value: string): boolean | undefined {
    const index = state.index;
    return index?.ready ? index.items.has(value) : undefined;
  },
  /** A customer's segment ("" for none); null when `value` is no customer. */
  customerSegment(value: string): string | null | undefined {
    const index = state.index;
    if (!index?.ready) return undefined;
    const n = index.customers.get(value);
    return n < 0 ? null : index.segments[index.segmentOf.get(n)]!;
  },
  /** A known cookie's customer and that customer's segment; null when `value` is no known cookie. */
  cookieOwner(value: string): { customerId: string; segmentId: string } | null | undefined {
    const index = state.index;
    if (!index?.ready) return undefined;
    const c = cookieOwnerOf(index, value);
    return c < 0 ? null : { customerId: index.customers.keyAt(c), segmentId: index.segments[index.segmentOf.get(c)]! };
  },
};

/** Sizes, for the bench and the logs. */
export function identityIndexSize(): { customers: number; cookies: number; items: number } | undefined {
  const index = state.index;
  return index ? { customers: index.customers.size, cookies: index.cookies.size, items: index.items.size } : undefined;
}

/** Stops refreshing and forgets the index (tests and benches swap databases). */
export async function stopIdentityIndex(): Promise<void> {
  clearInterval(state.timer);
  const listener = state.listener;
  state.listener = undefined;
  state.channel?.close();
  state.channel = undefined;
  state.index = undefined;
  state.loading = undefined;
  if (listener) {
    listener.removeAllListeners("error");
    listener.on("error", () => {});
    await listener.end().catch(() => {});
  }
}
