/**
 * What serving a touchpoint needs, loaded once and kept for a few seconds per process: the
 * touchpoint, its strategies, their calculated rule lists, the fallback list and the rows of the
 * eligible candidate items, the validity of the discounts its rules name. A request then costs
 * only the identity lookup and the slot filling. Catalog changes (an item deactivated or out of
 * stock) show within SERVING_TTL_MS; an edited touchpoint or a finished calculation at the next
 * load. A state past its TTL keeps serving while the next one loads (no request waits on the
 * reload); a state forgotten after a change is not served again.
 */

import { wallMs } from "@/lib/clock";
import { type Database, db, getDatabase, type Prisma } from "@/lib/db/client";
import type { Item, Strategy } from "@/lib/db/generated/client";
import { tracked } from "@/lib/health/event-loop";
import { ApiError, conflict, notFound } from "@/lib/http/errors";
import { processWide } from "@/lib/process-wide";
import { timeSlice } from "@/lib/time-slice";
import { ELIGIBLE } from "./item-filter";
import { isLearnedKind } from "./learned-kinds";
import { FALLBACK_LIST } from "./rule-candidates";
import { type DiscountWindows, discountIdOf } from "./rule-kinds";
import type { TRule } from "./rule-schemas";
import { findTouchpointRow, type TouchpointRow as Touchpoint } from "./touchpoint-rows";

export const SERVING_TTL_MS = 3000;
/** Candidates per list whose rows are kept: enough for any draw, bounded for memory. */
const ROWS_PER_LIST = 2000;

export interface ServingState {
  touchpoint: Touchpoint;
  defaultStrategy: Strategy;
  additional: Strategy[];
  candidates: Map<string, Map<number, string[]>>;
  fallback: string[];
  /** The fallback, then the extras: what a slot takes when its rule has nothing left. */
  fallbackAll: string[];
  /** Eligible items among the candidates, plus random eligible extras for the last resort. */
  items: Map<string, Item>;
  extras: string[];
  discounts: DiscountWindows;
  /** Serialized item views (JSON as UTF-8 bytes) by item id, made on first use. */
  fragments: Map<string, Buffer>;
  /**
   * Serialized content arrays shared by every visitor, by strategy (./serve-content.ts): the
   * UTF-8 bytes of the answer's end (the array and the closing brace), and when they were made.
   */
  shared: Map<string, { tail: Buffer; at: number }>;
  /** The heads of the lists and the fallback: the items whose rows are kept (besides the whole catalog when allItems). */
  wanted: Set<string>;
  /** Every eligible item's row is kept (a learned kind may place any). */
  allItems: boolean;
  /** What the lists were loaded from: a reload with the same version only re-reads changed items. */
  version: string;
  /** Database time of the last look at changed items. */
  itemsCheckedAt: Date;
  loadedAt: number;
}

/** Changed rows are read again from this long before the last look (transactions commit late). */
const ITEMS_OVERLAP_MS = 5000;

// Process-wide: the job worker's calculation and an item intake forget states the routes serve.
const cache = processWide("recommend.servingStates", () => new Map<string, Entry>());

async function dbNow(prisma: Prisma): Promise<Date> {
  const rows = await prisma.$queryRawUnsafe<{ now: Date }[]>("SELECT now() AS now");
  return new Date(rows[0]!.now);
}

/**
 * Loads a touchpoint's serving state. Given the state it replaces, and when neither the
 * touchpoint, its strategies nor their calculated lists changed, it only re-reads the items
 * changed since the last look (an index scan that usually finds none), so the reload every
 * SERVING_TTL_MS costs a few small queries whatever the catalog's size.
 */
async function load(touchpointId: string, previous?: ServingState): Promise<ServingState> {
  return tracked(`serving state: load ${touchpointId}`, () => loadState(touchpointId, previous));
}

async function loadState(touchpointId: string, previous?: ServingState): Promise<ServingState> {
  const prisma = await db();
  const checkedAt = await dbNow(prisma);
  const touchpoint = await findTouchpointRow(prisma, touchpointId);
  if (!touchpoint) throw notFound(`No touchpoint has id ${touchpointId}.`);
  const ids = [touchpoint.default_strategy, ...touchpoint.strategies];
  const [strategies, computed, fallbackList] = await Promise.all([
    prisma.strategy.findMany({ where: { strategy_id: { in: ids } } }),
    prisma.ruleResult.findMany({
      where: { strategy_id: { in: ids } },
      select: { strategy_id: true, rule_index: true, date_computed: true },
    }),
    prisma.fallbackList.findUnique({ where: { list_name: FALLBACK_LIST } }),
  ]);
  const version = JSON.stringify([
    touchpoint,
    strategies.map((st) => [st.strategy_id, st.date_modified, st.rules, st.segments]),
    computed.map((c) => [c.strategy_id, c.rule_index, c.date_computed]),
    fallbackList?.date_computed,
  ]);
  if (previous && previous.version === version) return refreshItems(prisma, previous, touchpoint, checkedAt);
  const results = await prisma.ruleResult.findMany({ where: { strategy_id: { in: ids } } });
  const byId = new Map(strategies.map((s) => [s.strategy_id, s]));
  const defaultStrategy = byId.get(touchpoint.default_strategy);
  if (!defaultStrategy)
    throw conflict(`The default strategy of touchpoint ${touchpointId} no longer exists.`, "broken_reference");
  const candidates = new Map<string, Map<number, string[]>>();
  const fallback = fallbackList?.item_ids ?? [];
  const wanted = new Set<string>(fallback.slice(0, ROWS_PER_LIST));
  for (const r of results) {
    const perRule = candidates.get(r.strategy_id) ?? new Map<number, string[]>();
    perRule.set(r.rule_index, r.item_ids);
    candidates.set(r.strategy_id, perRule);
    for (const id of r.item_ids.slice(0, ROWS_PER_LIST)) wanted.add(id);
  }
  // A learned kind may place any item for someone: every eligible row is kept (./learned-kinds.ts).
  const allItems = strategies.some((st) => rulesOf(st).some((r) => isLearnedKind(r.rule_type)));
  const database = await getDatabase();
  // Raw rows through pg (same names and types as Prisma's Item, as lib/search/catalog-index.ts
  // reads them): pg parses them as they arrive, where Prisma converts the whole catalog in one go
  // on the thread that answers requests.
  // The lists' heads: every row of a learned touchpoint's catalog is kept besides them.
  const heads = [...wanted];
  // In time slices: a learned touchpoint keeps every eligible row, and this thread answers requests.
  const slice = timeSlice();
  // A learned touchpoint whose lists were recalculated keeps the catalog it had: only the rows
  // changed since its last look are read again (as refreshItems does). Reading every eligible row
  // again held this thread for seconds at 100,000 items, at every recalculation (hourly, and
  // after each edit), in every serving process.
  const kept = allItems && previous?.allItems ? await changedItems(prisma, previous) : undefined;
  const items = kept?.items ?? new Map<string, Item>();
  const keep = (item: Item) => {
    // A kept catalog is the previous state's too (still served): rows it has are left as they are.
    if (kept && items.has(item.item_id)) return;
    items.set(item.item_id, item);
  };
  if (allItems) {
    if (!kept) await everyEligibleRow(database, slice, keep);
  } else {
    const rows = await database.sql.query<Item>(
      `SELECT i.* FROM items i WHERE i.item_id = ANY($1::text[]) AND ${ELIGIBLE}`,
      [heads],
    );
    for (const item of rows) keep(item);
  }
  // A few eligible items outside the lists' heads, from a place in the catalog that depends on the
  // touchpoint (the primary key's order: no scan): the last resort when lists run dry. Only the
  // heads are sent (a learned touchpoint's whole catalog as a parameter held this thread ~0.3 s
  // at 100,000 items: the driver encodes an array parameter in one go).
  const extraCount = Math.max(10, touchpoint.number_of_positions * 2);
  const extras = (after: string) =>
    database.sql.query<Item>(
      `SELECT i.* FROM items i WHERE ${ELIGIBLE} AND i.item_id > $1 AND NOT (i.item_id = ANY($2::text[]))
       ORDER BY i.item_id LIMIT $3`,
      [after, heads, extraCount],
    );
  let extraRows = await extras(touchpointId.slice(-6));
  if (extraRows.length < extraCount) extraRows = [...extraRows, ...(await extras(""))].slice(0, extraCount);
  for (const item of extraRows) keep(item);
  const additional = touchpoint.strategies.map((st) => byId.get(st)).filter((st): st is Strategy => !!st);
  const discounts = await loadDiscounts(prisma, { defaultStrategy, additional });
  return {
    touchpoint,
    defaultStrategy,
    additional,
    candidates,
    fallback,
    fallbackAll: [...fallback, ...extraRows.map((i) => i.item_id)],
    items,
    extras: extraRows.map((i) => i.item_id),
    discounts,
    // An item's view depends on the item and the touchpoint's id and type only (./item-view.ts).
    fragments: kept?.fragments ?? new Map(),
    shared: new Map(),
    wanted,
    allItems,
    version,
    itemsCheckedAt: checkedAt,
    loadedAt: wallMs(),
  };
}

/** Rows of a page of every eligible item (see everyEligibleRow). */
const ROWS_PER_PAGE = 1000;

/**
 * Every eligible item's row, handed to `keep` page by page (pages by id, a time slice between
 * them). In one query the driver parses the rows on this thread as the socket delivers them, and a socket that waited
 * behind other work delivers megabytes in one read: at 100,000 items (1M customers on PostgreSQL)
 * that held the thread 60-150 ms at a time, again and again, for the 1.4 s of the read.
 */
async function everyEligibleRow(
  database: Database,
  slice: () => Promise<void> | undefined,
  keep: (row: Item) => void,
): Promise<void> {
  for (let after = ""; ; ) {
    const page = await database.sql.query<Item>(
      `SELECT i.* FROM items i WHERE ${ELIGIBLE} AND i.item_id > $1 ORDER BY i.item_id LIMIT $2`,
      [after, ROWS_PER_PAGE],
    );
    for (const row of page) keep(row);
    if (page.length < ROWS_PER_PAGE) return;
    after = page[page.length - 1]!.item_id;
    await slice();
  }
}

async function loadDiscounts(prisma: Prisma, state: Pick<ServingState, "defaultStrategy" | "additional">) {
  const discountIds = [state.defaultStrategy, ...state.additional].flatMap((st) =>
    rulesOf(st)
      .filter((r) => r.rule_type === "discount-leaflet")
      .map(discountIdOf),
  );
  if (discountIds.length === 0) return new Map() as DiscountWindows;
  const rows = await prisma.discount.findMany({
    where: { discount_id: { in: discountIds } },
    select: { discount_id: true, valid_from: true, valid_to: true },
  });
  return new Map(rows.map((d) => [d.discount_id, d])) as DiscountWindows;
}

/**
 * The previous state's item rows and views with the items changed since its last look read again
 * (the same maps when none changed); `changed` says whether any did.
 */
async function changedItems(
  prisma: Prisma,
  previous: ServingState,
): Promise<{ items: Map<string, Item>; fragments: Map<string, Buffer>; changed: boolean }> {
  const since = new Date(previous.itemsCheckedAt.getTime() - ITEMS_OVERLAP_MS);
  const rows = await prisma.$queryRawUnsafe<(Item & { eligible: boolean })[]>(
    `SELECT i.*, (${ELIGIBLE}) AS eligible FROM items i WHERE i.date_modified >= $1`,
    since,
  );
  const relevant = previous.allItems
    ? rows
    : rows.filter((r) => previous.wanted.has(r.item_id) || previous.items.has(r.item_id));
  if (relevant.length === 0) return { items: previous.items, fragments: previous.fragments, changed: false };
  const items = new Map(previous.items);
  const fragments = new Map(previous.fragments);
  for (const { eligible, ...row } of relevant) {
    fragments.delete(row.item_id);
    if (eligible) items.set(row.item_id, row as Item);
    else items.delete(row.item_id);
  }
  return { items, fragments, changed: true };
}

/** The same lists; the rows of items changed since the last look are read again. */
async function refreshItems(
  prisma: Prisma,
  previous: ServingState,
  touchpoint: Touchpoint,
  checkedAt: Date,
): Promise<ServingState> {
  const { items, fragments, changed } = await changedItems(prisma, previous);
  const discounts = await loadDiscounts(prisma, previous);
  const sameDiscounts = JSON.stringify([...discounts]) === JSON.stringify([...previous.discounts]);
  if (!changed && sameDiscounts) {
    return { ...previous, touchpoint, itemsCheckedAt: checkedAt, loadedAt: wallMs() };
  }
  return {
    ...previous,
    touchpoint,
    items,
    fragments,
    discounts,
    shared: new Map(),
    itemsCheckedAt: checkedAt,
    loadedAt: wallMs(),
  };
}

interface Entry {
  current?: ServingState;
  next?: Promise<ServingState>;
  /**
   * A state forgotten after a change (never served again): what the next load starts from, so a
   * learned touchpoint's catalog is not read whole again (see loadState).
   */
  forgotten?: ServingState;
}

function reload(touchpointId: string, entry: Entry): Promise<ServingState> {
  if (entry.next) return entry.next;
  const next = load(touchpointId, entry.current ?? entry.forgotten);
  entry.next = next;
  next.then(
    (state) => {
      if (cache.get(touchpointId) !== entry) return;
      entry.current = state;
      entry.forgotten = undefined;
    },
    (error) => {
      // Gone or broken (deleted elsewhere): stop serving the old state. A database hiccup keeps it.
      if (error instanceof ApiError && cache.get(touchpointId) === entry) cache.delete(touchpointId);
    },
  );
  next
    .finally(() => {
      if (entry.next === next) entry.next = undefined;
    })
    .catch(() => {});
  return next;
}

export async function servingState(touchpointId: string, options: { fresh?: boolean } = {}): Promise<ServingState> {
  let entry = cache.get(touchpointId);
  if (!entry || options.fresh) {
    entry = {};
    cache.set(touchpointId, entry);
  }
  const { current } = entry;
  if (current) {
    // Past its TTL: served while the next one loads.
    if (wallMs() - current.loadedAt >= SERVING_TTL_MS) void reload(touchpointId, entry).catch(() => {});
    return current;
  }
  const next = reload(touchpointId, entry);
  next.catch(() => {
    if (cache.get(touchpointId) === entry && !entry.current) cache.delete(touchpointId);
  });
  return next;
}

/** The loaded state without waiting, when there is one (a stale one starts its reload); else undefined. */
export function servingStateNow(touchpointId: string): ServingState | undefined {
  const entry = cache.get(touchpointId);
  const current = entry?.current;
  if (!entry || !current) return undefined;
  if (wallMs() - current.loadedAt >= SERVING_TTL_MS) void reload(touchpointId, entry).catch(() => {});
  return current;
}

/**
 * Forget a touchpoint's state, or every one (after a change in this process; other processes wait
 * out the TTL): it is not served again, and the next request waits for its reload, which reads
 * again what changed (the lists, the items changed since its last look), not the whole catalog.
 */
export function forgetServingState(touchpointId?: string, options: { keepNothing?: boolean } = {}): void {
  if (options.keepNothing) {
    if (touchpointId === undefined) cache.clear();
    else cache.delete(touchpointId);
    return;
  }
  for (const id of touchpointId === undefined ? [...cache.keys()] : [touchpointId]) {
    const entry = cache.get(id);
    if (!entry) continue;
    // A new entry: a load under way for the old one is not served from it.
    const forgotten = entry.current ?? entry.forgotten;
    if (forgotten) cache.set(id, { forgotten });
    else cache.delete(id);
  }
}

export function rulesOf(strategy: Strategy): TRule[] {
  return strategy.rules as TRule[];
}
