/**
 * One "search" event per search (the first page of a term, not the pages after it; a search, not
 * each keystroke of one: ./search-chains.ts): the term, how many results it had (quantity;
 * 0 = no results) and who asked when the caller knows.
 * They feed the search report and, with the click events shops send for search results, the
 * popularity of items. Buffered in memory and written every FLUSH_MS in statements of at most
 * CHUNK rows (one jsonb parameter each; ten times faster than Prisma's createMany on PGlite), so
 * the search route does no write of its own and no flush stalls it for long. A failed write keeps
 * its rows and is retried (lib/durable-buffer.ts); each row's dedupe key stores it once.
 */
import { randomBytes } from "node:crypto";
import { countEvents } from "@/lib/data/ingest-batch";
import { type Database, getDatabase } from "@/lib/db/client";
import { perDatabase } from "@/lib/db/per-database";
import { type BufferEntry, DurableBuffer } from "@/lib/durable-buffer";
import { env } from "@/lib/env";
import { CHAIN_MS, SearchChains } from "./search-chains";

export interface SearchEventInput {
  term: string;
  results: number;
  touchpointId: string;
  customerId?: string;
  cookieId?: string;
  /** The client says the search is final (true), a keystroke of one (false), or nothing. */
  final?: boolean;
}

interface Row {
  dedupe_key: string;
  customer_id: string | null;
  cookie_id: string | null;
  term: string;
  quantity: number;
  timestamp: string;
  touchpoint_id: string;
}

const FLUSH_MS = 100;
// Small statements: on PGlite a long one holds the one backend, and every search's statements wait behind it.
const CHUNK = 25;
/** Dedupe keys in time order (new rows go to the end of the unique index, 15% cheaper on PGlite). */
const PROCESS_KEY = randomBytes(6).toString("hex");
let sequence = 0;
const dedupeKey = () => `search:${Date.now().toString(36)}-${PROCESS_KEY}-${(sequence++).toString(36)}`;

const bufferOf = perDatabase(
  "search.event-buffer",
  (database) =>
    new DurableBuffer<Row>({
      name: "search events",
      write: (entries) => store(database, entries),
      flushMs: FLUSH_MS,
      chunk: CHUNK,
      max: env().EVENT_BUFFER_MAX,
    }),
);

/** Text PostgreSQL stores: no NUL, no unpaired UTF-16 surrogate (replaced by U+FFFD). */
const storable = (text: string) =>
  text
    .replaceAll("\0", "")
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");

/** Search terms as stored and reported: trimmed, single spaces. */
export const normalizeTerm = (term: string) => storable(term).trim().replace(/\s+/g, " ").slice(0, 200);

/** Open keystroke chains per database, and the timer that closes them when they go quiet. */
const chainsOf = perDatabase("search.event-chains", () => ({
  chains: new SearchChains<Row>(),
  timer: undefined as ReturnType<typeof setTimeout> | undefined,
}));

export async function recordSearch(event: SearchEventInput): Promise<void> {
  const database = await getDatabase();
  const key = dedupeKey();
  const row: Row = {
    dedupe_key: key,
    customer_id: event.customerId === undefined ? null : storable(event.customerId),
    cookie_id: event.cookieId !== undefined ? storable(event.cookieId) : event.customerId ? null : "anonymous",
    term: normalizeTerm(event.term),
    quantity: event.results,
    timestamp: new Date().toISOString(),
    touchpoint_id: event.touchpointId,
  };
  const state = chainsOf(database);
  const visitor = `${row.touchpoint_id}\n${row.customer_id ?? ""}\n${row.cookie_id ?? ""}`;
  write(database, state.chains.offer(visitor, row.term, row, event.final, Date.now()));
  // While chains are open, look again when the oldest may have gone quiet.
  if (state.chains.size > 0 && !state.timer) {
    const sweep = () => {
      state.timer = undefined;
      write(database, state.chains.expire(Date.now()));
      if (state.chains.size > 0) state.timer = setTimeout(sweep, CHAIN_MS / 2).unref();
    };
    state.timer = setTimeout(sweep, CHAIN_MS / 2).unref();
  }
}

/** Into the buffer, written within FLUSH_MS. */
function write(database: Database, rows: Row[]): void {
  const buffer = bufferOf(database);
  for (const row of rows) buffer.add(row.dedupe_key, row);
}

/**
 * Writes the buffered search events of this process's database now, with the keystroke chains
 * still open. With `withinMs` (shutdown), retries a failed write for that long and logs what it
 * could not write.
 */
export async function flushSearchEvents(options: { withinMs?: number } = {}): Promise<void> {
  const database = await getDatabase();
  // Keystroke chains still open count as searches now (a report is asked for, the process stops).
  write(database, chainsOf(database).chains.closeAll());
  const buffer = bufferOf(database);
  if (options.withinMs === undefined) await buffer.flush();
  else await buffer.drain(options.withinMs);
}

/** Search events held, written, dropped (buffer full) and failed write attempts, for this process's database. */
export async function searchEventBufferStats() {
  return bufferOf(await getDatabase()).stats();
}

/** One transaction per chunk: a failed one stores none of its rows, and the dedupe key makes a retry store each once. */
async function store(database: Database, entries: readonly BufferEntry<Row>[]): Promise<void> {
  const rows = entries.map(([, row]) => row);
  // With the Data page's events counter in the same transaction, like every other event write.
  await database.transaction(async (sql) => {
    const stored = await sql.query(
      `INSERT INTO events (dedupe_key, event_type, customer_id, cookie_id, term, quantity, "timestamp", touchpoint_id)
       SELECT r->>'dedupe_key', 'search', r->>'customer_id', r->>'cookie_id', r->>'term', (r->>'quantity')::int,
              (r->>'timestamp')::timestamptz, r->>'touchpoint_id'
       FROM jsonb_array_elements($1::jsonb) AS r
       ON CONFLICT (dedupe_key, "timestamp") DO NOTHING
       RETURNING 1`,
      [JSON.stringify(rows)],
    );
    if (stored.length > 0) await countEvents(sql, stored.length);
  });
}
