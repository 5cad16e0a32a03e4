/**
 * The search index of this process over the shop's catalog, following the database:
 * - built on first use from every item that may be shown (active, not out of stock);
 * - before a search, when its last look is older than REFRESH_MS, it asks the database for the
 *   items changed since its previous look (items.date_modified, set by every intake write;
 *   indexed) and re-indexes or drops just those, so an upserted or deactivated item is searchable
 *   or gone about a second later, in every process, without a rebuild; every RECONCILE_MS it
 *   compares all ids and versions (deleted rows, writes that took longer than OVERLAP_MS);
 * - items this process writes through the API (itemsWritten) are looked at before the next
 *   search, so a deactivated or deleted item is gone from that search on;
 * - an updated item keeps its slot in the index, and one whose texts did not change (stock,
 *   price) is not re-tokenised (./search-index.ts);
 * - the shop's synonyms are re-read when their row changes; popularity (purchases, clicks on
 *   search results) is recomputed every POPULARITY_MS in the background.
 * Results are cached per term (search results are the same for every visitor) until the next
 * change to the index: any item, synonym or popularity change empties the cache.
 * One index per database handle (tests swap databases), kept on globalThis because Next bundles
 * route handlers separately and they must share it.
 */

import { type Database, getDatabase } from "@/lib/db/client";
import type { Item } from "@/lib/db/generated/client";
import { env } from "@/lib/env";
import { tracked } from "@/lib/health/event-loop";
import { log } from "@/lib/log";
import { processWide } from "@/lib/process-wide";
import { timeSlice } from "@/lib/time-slice";
import { itemBoost, POPULARITY_WINDOW_DAYS, type Popularity } from "./boost";
import { SYNONYMS_KEY } from "./get-synonyms";
import { type IndexField, SearchIndex } from "./search-index";
import type { SearchHit } from "./search-items";
import { compileSynonyms, type SynonymTable, ZSynonymsInput } from "./synonyms";

export const REFRESH_MS = 1000;
/**
 * A write's date_modified is its transaction's start (now()), so a transaction running while we
 * look commits rows dated before that look: each look re-reads the OVERLAP_MS before the previous
 * one (by the database's clock) and skips the versions it already has.
 */
export const OVERLAP_MS = 10_000;
export const RECONCILE_MS = 10 * 60_000;
export const POPULARITY_MS = 5 * 60_000;
const CHUNK = 5000;
const DESCRIPTION_CHARS = 2000;

export class Catalog {
  readonly index = new SearchIndex();
  /** Indexed (eligible) items by id. */
  readonly items = new Map<string, Item>();
  /** Lower-cased item_id and alternative_id -> item_id, for a search by id. */
  readonly byId = new Map<string, string>();
  synonyms: SynonymTable | undefined;
  builtMs = 0;
  /** Results by request (see searchItems), least recently used first; emptied on every change. */
  readonly results = new Map<string, SearchHit[]>();
  /** The most cached results (0: no cache). */
  cacheLimit = env().SEARCH_CACHE_SIZE;
  readonly cacheStats = { lookups: 0, hits: 0 };
  private versions = new Map<string, number>();
  /** The database's clock at the previous look (ms), and at the last full comparison. */
  private lookedAt = 0;
  private reconciledAt = 0;
  private synonymsStamp = -1;
  private popularity = new Map<string, Popularity>();
  private popularityAt = 0;
  private popularityRun: Promise<void> | undefined;
  private lastLook = 0;
  private looking: Promise<void> | undefined;
  /** Ids this process wrote since the last look began (read by id: a deleted one is dropped). */
  private written = new Set<string>();
  /** The look under way took ids this process wrote (a search waits for it). */
  private lookHasWrites = false;

  constructor(private readonly database: Database) {}

  /** Loads every item (in pages by id) and the synonyms. */
  build(): Promise<void> {
    return tracked("search index: build", () => this.buildAll());
  }

  private async buildAll(): Promise<void> {
    const started = performance.now();
    const clock = await this.databaseNow();
    const slice = timeSlice();
    let after = "";
    for (;;) {
      // Raw rows (same names and types as Prisma's Item): several times faster for the whole catalog.
      const page = await this.database.sql.query<Item>(
        "SELECT * FROM items WHERE item_id > $1 ORDER BY item_id LIMIT $2",
        [after, CHUNK],
      );
      for (const item of page) {
        this.apply(item);
        await slice();
      }
      if (page.length < CHUNK) break;
      after = page[page.length - 1]!.item_id;
    }
    await this.readSynonyms();
    this.lastLook = Date.now();
    this.lookedAt = clock;
    this.reconciledAt = Date.now();
    this.builtMs = Math.round(performance.now() - started);
    this.startPopularity();
  }

  /**
   * Brings the index up to date: before answering when this process wrote items or synonyms since
   * its last look, or when forced; otherwise, when the last look is older than REFRESH_MS, in the
   * background while this search answers from the index as it is. A search bar sends a request
   * per keystroke: had each search waited for the look (three statements, behind whatever the
   * database is doing: on PGlite the search events being written), every search of that moment
   * would have waited with it (seen: p99 350 ms at 8 connections with the web thread idle).
   * Changes made elsewhere are then searchable within REFRESH_MS and one look, as before.
   */
  async refresh(force = false): Promise<void> {
    // A look under way may have read the items before a write it must see: then one more.
    while (this.looking) {
      // The look under way may hold this process's writes (it took them when it began): wait for it.
      if (!force && !this.mustLook() && !this.lookHasWrites) return;
      await this.looking;
      if (!this.mustLook()) return;
    }
    const wait = force || this.mustLook();
    if (!wait && Date.now() - this.lastLook < REFRESH_MS) return;
    this.looking = this.look().finally(() => {
      this.looking = undefined;
      this.lookHasWrites = false;
    });
    if (wait) return this.looking;
    // In the background: its failure is logged, and the next search past REFRESH_MS tries again.
    this.looking.catch((error) => log.warn("search index: looking for changes failed", { error }));
  }

  /** This process changed items or synonyms since the last look: a search waits for the next one. */
  private mustLook(): boolean {
    return this.written.size > 0 || this.synonymsStamp === -1;
  }

  /** Recomputes popularity now (normally in the background every POPULARITY_MS). */
  async refreshPopularity(): Promise<void> {
    this.popularityAt = Date.now();
    const since = new Date(Date.now() - POPULARITY_WINDOW_DAYS * 86_400_000);
    const rows = await this.database.sql.query<{ item_id: string; purchases: number; clicks: number }>(
      `SELECT e.item_id,
              COALESCE(SUM(e.quantity) FILTER (WHERE e.event_type = 'purchase'), 0)::float8 AS purchases,
              COUNT(*) FILTER (WHERE e.event_type = 'click' AND (e.term IS NOT NULL OR t.touchpoint_id IS NOT NULL))::float8 AS clicks
       FROM events e
       LEFT JOIN touchpoints t ON t.touchpoint_id = e.touchpoint_id AND t.touchpoint_type = 'smart-search'
       WHERE e.event_type IN ('purchase', 'click') AND e.item_id IS NOT NULL AND e."timestamp" >= $1
       GROUP BY e.item_id`,
      [since],
    );
    const next = new Map<string, Popularity>();
    for (const r of rows) next.set(r.item_id, { purchases: Number(r.purchases), searchClicks: Number(r.clicks) });
    const touched = new Set([...this.popularity.keys(), ...next.keys()]);
    this.popularity = next;
    for (const id of touched) {
      const item = this.items.get(id);
      if (item) this.index.setBoost(id, itemBoost(item.stock, next.get(id)));
    }
    if (touched.size > 0) this.results.clear();
  }

  boostOf(item: Item): number {
    return itemBoost(item.stock, this.popularity.get(item.item_id));
  }

  /** Items this process just wrote (an API intake): the next search looks at them first. */
  itemsWritten(ids: readonly string[]): void {
    for (const id of ids) this.written.add(id);
  }

  /** Makes the next look re-read the synonyms. */
  forgetSynonyms(): void {
    this.synonymsStamp = -1;
    this.lastLook = 0;
  }

  private look(): Promise<void> {
    return tracked("search index: look for changes", () => this.lookForChanges());
  }

  private async lookForChanges(): Promise<void> {
    this.lastLook = Date.now();
    const written = [...this.written];
    this.written.clear();
    this.lookHasWrites = written.length > 0;
    const clock = await this.databaseNow();
    const full = Date.now() - this.reconciledAt > RECONCILE_MS;
    const rows = await this.database.sql.query<{ item_id: string; date_modified: Date | string }>(
      "SELECT item_id, date_modified FROM items WHERE date_modified >= $1",
      [new Date(full ? 0 : this.lookedAt - OVERLAP_MS)],
    );
    this.lookedAt = clock;
    const changed = new Set(written);
    for (const r of rows) {
      const at = new Date(r.date_modified).getTime();
      if (this.versions.get(r.item_id) !== at) changed.add(r.item_id);
    }
    if (full) {
      this.reconciledAt = Date.now();
      const present = new Set(rows.map((r) => r.item_id));
      for (const id of [...this.versions.keys()]) if (!present.has(id)) this.drop(id);
    }
    const slice = timeSlice();
    const ids = [...changed];
    for (let i = 0; i < ids.length; i += CHUNK) {
      const part = ids.slice(i, i + CHUNK);
      const items = await this.database.sql.query<Item>("SELECT * FROM items WHERE item_id = ANY($1::text[])", [part]);
      const found = new Set<string>();
      for (const item of items) {
        found.add(item.item_id);
        this.apply(item);
        await slice();
      }
      for (const id of part) if (!found.has(id)) this.drop(id);
    }
    await this.readSynonyms();
    if (Date.now() - this.popularityAt > POPULARITY_MS) this.startPopularity();
  }

  /** An item whose row is gone. */
  private drop(id: string): void {
    const old = this.items.get(id);
    if (old) {
      this.byId.delete(old.item_id.toLowerCase());
      if (old.alternative_id) this.byId.delete(old.alternative_id.toLowerCase());
    }
    this.versions.delete(id);
    this.items.delete(id);
    this.index.remove(id);
    this.results.clear();
  }

  private apply(item: Item): void {
    const at = new Date(item.date_modified).getTime();
    this.versions.set(item.item_id, at);
    this.results.clear();
    const old = this.items.get(item.item_id);
    if (old) {
      this.byId.delete(old.item_id.toLowerCase());
      if (old.alternative_id) this.byId.delete(old.alternative_id.toLowerCase());
    }
    const eligible = item.is_active && (item.stock === null || item.stock > 0);
    if (!eligible) {
      this.items.delete(item.item_id);
      this.index.remove(item.item_id);
      return;
    }
    this.items.set(item.item_id, item);
    this.byId.set(item.item_id.toLowerCase(), item.item_id);
    if (item.alternative_id) this.byId.set(item.alternative_id.toLowerCase(), item.item_id);
    this.index.upsert({ key: item.item_id, name: item.item_name, fields: fieldsOf(item), boost: this.boostOf(item) });
  }

  private async databaseNow(): Promise<number> {
    const [row] = await this.database.sql.query<{ now: Date | string }>("SELECT now() AS now");
    return new Date(row!.now).getTime();
  }

  private async readSynonyms(): Promise<void> {
    const row = await this.database.prisma.systemState.findUnique({ where: { key: SYNONYMS_KEY } });
    const stamp = row ? row.date_modified.getTime() : 0;
    if (stamp === this.synonymsStamp) return;
    this.synonymsStamp = stamp;
    this.results.clear();
    const parsed = ZSynonymsInput.safeParse(row?.value);
    // The document also holds the shop's language, whose stop words queries drop.
    this.synonyms =
      parsed.success && (parsed.data.synonyms.length > 0 || parsed.data.language)
        ? compileSynonyms(parsed.data.synonyms, parsed.data.language)
        : undefined;
  }

  private startPopularity(): void {
    this.popularityAt = Date.now();
    this.popularityRun ??= this.refreshPopularity()
      .catch((error) => log.warn("search popularity not refreshed", { error }))
      .finally(() => {
        this.popularityRun = undefined;
      });
  }
}

type Named = { attribute_value?: unknown; category_name?: unknown; description_value?: unknown };
const texts = (list: unknown, key: keyof Named) =>
  Array.isArray(list) ? (list as Named[]).map((x) => (typeof x?.[key] === "string" ? x[key] : "")).join(" ") : "";

/** The item's texts besides its name, with their weights relative to the name. */
function fieldsOf(item: Item) {
  return [
    { text: `${item.item_id} ${item.alternative_id ?? ""}`, weight: 1 },
    { text: `${item.alternative_name} ${item.simple_name}`, weight: 0.8 },
    { text: texts(item.categories, "category_name"), weight: 0.6 },
    { text: texts(item.attributes, "attribute_value"), weight: 0.5 },
    ...descriptionFields(item.descriptions),
  ];
}

/** Descriptions, one field per description_language, each leaving out its own language's stop words. */
function descriptionFields(list: unknown): IndexField[] {
  if (!Array.isArray(list)) return [];
  const byLanguage = new Map<string, string[]>();
  for (const d of list as { description_value?: unknown; description_language?: unknown }[]) {
    if (typeof d?.description_value !== "string") continue;
    const language = typeof d.description_language === "string" ? d.description_language : "";
    byLanguage.set(language, [...(byLanguage.get(language) ?? []), d.description_value]);
  }
  let room = DESCRIPTION_CHARS;
  const fields: IndexField[] = [];
  for (const [language, values] of byLanguage) {
    if (room <= 0) break;
    const text = values.join(" ").slice(0, room);
    room -= text.length;
    fields.push({ text, weight: 0.3, ...(language ? { language } : {}) });
  }
  return fields;
}

const catalogs = processWide("search.catalogs", () => new WeakMap<Database, Promise<Catalog>>());
/** The same catalogs while they build too, for itemsWritten. */
const instances = processWide("search.catalog-instances", () => new WeakMap<Database, Catalog>());

/** The up-to-date catalog index of the process's database (built on first use). */
export async function getCatalog(): Promise<Catalog> {
  const database = await getDatabase();
  let pending = catalogs.get(database);
  if (!pending) {
    const catalog = new Catalog(database);
    instances.set(database, catalog);
    pending = catalog.build().then(() => catalog);
    catalogs.set(database, pending);
    pending.catch(() => {
      catalogs.delete(database);
      instances.delete(database);
    });
    const built = await pending;
    log.info("search index built", { items: built.items.size, ms: built.builtMs });
    return built;
  }
  const catalog = await pending;
  await catalog.refresh();
  return catalog;
}

/** Makes this process's index re-read the synonyms on its next search. */
export async function forgetSynonyms(): Promise<void> {
  const pending = catalogs.get(await getDatabase());
  if (pending) (await pending).forgetSynonyms();
}

/**
 * Items written through this process's API (intake): its index looks at them before the next
 * search, so an item deactivated, sold out or deleted is not found by it (other processes follow
 * within REFRESH_MS; a deleted row within RECONCILE_MS).
 */
export function itemsWritten(database: Database, ids: readonly string[]): void {
  instances.get(database)?.itemsWritten(ids);
}
