/**
 * Impressions of served content, counted in memory per touchpoint and day and written every few
 * seconds (one statement per 100 touchpoints), so the hot content route does no extra write per
 * request. Apart, the items learned kinds placed (not their fallback), per item and day: what
 * most-recommended-products ranks by (lib/recommend/rule-candidates.ts). The counts are process-wide (every copy of this module adds to them), kept through a
 * failed write and retried (lib/durable-buffer.ts), and written at shutdown too.
 */

import { wallMs } from "@/lib/clock";
import { getDatabase } from "@/lib/db/client";
import { type BufferEntry, DurableBuffer } from "@/lib/durable-buffer";
import { env } from "@/lib/env";
import { processWide } from "@/lib/process-wide";

const FLUSH_MS = 5000;
const CHUNK = 100;
const DAY_MS = 86_400_000;

/** The day an impression counts for (UTC), worked out once a day rather than per request. */
const clock = { day: "", ends: 0 };
function today(): string {
  const now = wallMs();
  if (now >= clock.ends) {
    clock.day = new Date(now).toISOString().slice(0, 10);
    clock.ends = (Math.floor(now / DAY_MS) + 1) * DAY_MS;
  }
  return clock.day;
}

/** Key: `<day> <touchpoint id>` (a touchpoint id has no space); row: the count. */
async function write(entries: readonly BufferEntry<number>[]): Promise<void> {
  const rows = entries.map(([key, n]) => ({ d: key.slice(0, 10), t: key.slice(11), n }));
  const { sql } = await getDatabase();
  // A touchpoint deleted since it served has no impressions left to count (foreign key). One
  // statement: all or none, so a failed write is retried whole without counting anything twice.
  await sql.query(
    `INSERT INTO touchpoint_impressions (touchpoint_id, day, impressions)
     SELECT r->>'t', (r->>'d')::date, (r->>'n')::int
     FROM jsonb_array_elements($1::jsonb) AS r
     WHERE EXISTS (SELECT 1 FROM touchpoints t WHERE t.touchpoint_id = r->>'t')
     ON CONFLICT (touchpoint_id, day) DO UPDATE SET impressions = touchpoint_impressions.impressions + EXCLUDED.impressions`,
    [JSON.stringify(rows)],
  );
}

const buffer = processWide(
  "recommend.impression-buffer",
  () =>
    new DurableBuffer<number>({
      name: "impression counts",
      write,
      flushMs: FLUSH_MS,
      chunk: CHUNK,
      max: env().EVENT_BUFFER_MAX,
      merge: (buffered, added) => buffered + added,
      describe: (counts) => ({ impressions: counts.reduce((sum, n) => sum + n, 0) }),
    }),
);

export function recordImpression(touchpointId: string): void {
  buffer.add(`${today()} ${touchpointId}`, 1);
}

/** Key: `<day> <item id>` (the item id is everything after the 11th character); row: the count. */
async function writeRecommended(entries: readonly BufferEntry<number>[]): Promise<void> {
  const rows = entries.map(([key, n]) => ({ d: key.slice(0, 10), i: key.slice(11), n }));
  const { sql } = await getDatabase();
  await sql.query(
    `INSERT INTO recommended_item_impressions (item_id, day, impressions)
     SELECT r->>'i', (r->>'d')::date, (r->>'n')::int FROM jsonb_array_elements($1::jsonb) AS r
     ON CONFLICT (item_id, day) DO UPDATE
       SET impressions = recommended_item_impressions.impressions + EXCLUDED.impressions`,
    [JSON.stringify(rows)],
  );
}

const recommended = processWide(
  "recommend.recommended-buffer",
  () =>
    new DurableBuffer<number>({
      name: "recommended item counts",
      write: writeRecommended,
      flushMs: FLUSH_MS,
      chunk: 1000,
      max: env().EVENT_BUFFER_MAX,
      merge: (buffered, added) => buffered + added,
      describe: (counts) => ({ recommended: counts.reduce((sum, n) => sum + n, 0) }),
    }),
);

/**
 * Today's key of each item counted today (`<day> <item id>`): made once per item and day, so a
 * count costs two look-ups of strings whose hashes are known, not a new string to hash.
 */
const recommendedKeys = { day: "", keys: new Map<string, string>() };

function addRecommended(day: string, itemId: string, n: number): void {
  if (recommendedKeys.day !== day) {
    recommendedKeys.day = day;
    recommendedKeys.keys.clear();
  }
  let key = recommendedKeys.keys.get(itemId);
  if (key === undefined) {
    key = `${day} ${itemId}`;
    recommendedKeys.keys.set(itemId, key);
  }
  recommended.add(key, n);
}

/** An item a learned kind placed: its id, and its number in the list that placed it when known. */
export interface Placed {
  item_id: string;
  item_no?: number;
  item_ids?: readonly string[];
}

/**
 * Counts by number in the list that placed the items (the models' item ids, or a rule's list),
 * for the day they were counted: a request adds to a typed array, and the counts go into the
 * buffer by id once a second and before every flush. Counting by id in the buffer's Map (keys
 * of 100,000 items) cost the web thread 5-6 µs per personalised answer at the 1M-customer bench.
 */
const numbered = processWide("recommend.recommended-by-number", () => ({
  day: "",
  tables: new Map<readonly string[], Uint32Array>(),
  timer: undefined as NodeJS.Timeout | undefined,
}));
const MOVE_MS = 1000;

function moveNumbered(): void {
  if (numbered.timer) clearTimeout(numbered.timer);
  numbered.timer = undefined;
  for (const [ids, counts] of numbered.tables) {
    for (let n = 0; n < counts.length; n++) if (counts[n]! > 0) addRecommended(numbered.day, ids[n]!, counts[n]!);
  }
  numbered.tables.clear();
}

/** The items learned kinds placed in one served answer (previews do not count). */
export function recordRecommended(placed: readonly Placed[]): void {
  if (placed.length === 0) return;
  const day = today();
  if (numbered.day !== day) {
    moveNumbered(); // yesterday's counts under yesterday
    numbered.day = day;
  }
  for (const p of placed) {
    if (p.item_no === undefined || p.item_ids === undefined) {
      addRecommended(day, p.item_id, 1);
      continue;
    }
    let counts = numbered.tables.get(p.item_ids);
    if (counts === undefined) {
      counts = new Uint32Array(p.item_ids.length);
      numbered.tables.set(p.item_ids, counts);
    }
    counts[p.item_no]!++;
  }
  if (numbered.tables.size > 0 && numbered.timer === undefined) {
    numbered.timer = setTimeout(moveNumbered, MOVE_MS);
    numbered.timer.unref();
  }
}

/**
 * Writes the counted impressions now. With `withinMs` (shutdown), retries a failed write for that
 * long and logs what it could not write.
 */
export async function flushImpressions(options: { withinMs?: number } = {}): Promise<void> {
  moveNumbered();
  if (options.withinMs === undefined) await Promise.all([buffer.flush(), recommended.flush()]);
  else await Promise.all([buffer.drain(options.withinMs), recommended.drain(options.withinMs)]);
}

/** Rows (touchpoint and day) held, written, dropped (buffer full) and failed write attempts. */
export function impressionBufferStats() {
  return buffer.stats();
}
