/**
 * Items matching a search term, best first, from this process's catalog index (see
 * ./catalog-index.ts for how it follows the database and ./search-index.ts for the ranking).
 *   match_score (0-100): how well the item matches the term, comparable across queries: the mean
 *     over the term's words of the match quality (1 exact in the name, 0.9 another form, synonym
 *     or compound, 0.7 a typo, 0.6-0.9 a prefix as typed, x 0.6 when only in other texts).
 *     100 = every word matched exactly in the name.
 *   rank_score: the ordering: text relevance (word rarity, field, match kind, coverage of the
 *     term's words, word order; about 0-100 for the query) x popularity (up to +25% for units
 *     bought and clicks from search in 90 days) x availability (x 0.9 with low tracked stock).
 * An item whose id (or alternative id) equals the term comes first, with match_score 100.
 * Results are cached per catalog until its next change (see ./catalog-index.ts).
 */
import type { Item } from "@/lib/db/generated/client";
import { type Catalog, getCatalog } from "./catalog-index";
import { highlightSpans, type Span } from "./highlight";
import { normalizeTerm } from "./record-search";

export interface SearchHit {
  item: Item;
  match_score: number;
  rank_score: number;
  /** The words of the item's name that matched, as written there (when asked to explain). */
  matched_words: string[];
  /** Where they stand in item_name. */
  highlights: Span[];
}

export async function searchItems(options: {
  term: string;
  threshold: number;
  max: number;
  /** Also say which words matched (matched_words, highlights); empty otherwise. */
  explain?: boolean;
}): Promise<SearchHit[]> {
  const catalog = await getCatalog();
  const term = options.term.trim();
  // Case and spacing do not change the results (the analyser folds them).
  const key = `${options.threshold}|${options.max}|${options.explain ? 1 : 0}|${normalizeTerm(term).toLowerCase()}`;
  const cache = catalog.results;
  catalog.cacheStats.lookups += 1;
  const cached = cache.get(key);
  if (cached) {
    catalog.cacheStats.hits += 1;
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  const hits = find(catalog, term, options);
  if (catalog.cacheLimit > 0) {
    cache.set(key, hits);
    if (cache.size > catalog.cacheLimit) cache.delete(cache.keys().next().value!);
  }
  return hits;
}

function find(catalog: Catalog, term: string, options: { threshold: number; max: number; explain?: boolean }) {
  const hits: SearchHit[] = [];
  const toHit = (item: Item, match: number, rank: number, matched: Set<string>): SearchHit => {
    const highlights = options.explain ? highlightSpans(item.item_name, matched) : [];
    return {
      item,
      match_score: match,
      rank_score: rank,
      matched_words: [...new Set(highlights.map((s) => item.item_name.slice(s.start, s.end)))],
      highlights,
    };
  };
  const byId = catalog.byId.get(term.toLowerCase());
  const idItem = byId ? catalog.items.get(byId) : undefined;
  if (idItem && options.max > 0) {
    hits.push(toHit(idItem, 100, Math.round(100 * catalog.boostOf(idItem) * 100) / 100, new Set()));
  }
  const found = catalog.index.search({
    term,
    limit: options.max,
    minMatch: options.threshold,
    synonyms: catalog.synonyms,
    explain: options.explain,
  });
  for (const h of found) {
    if (h.key === idItem?.item_id) continue;
    const item = catalog.items.get(h.key);
    if (item) hits.push(toHit(item, h.match_score, h.score, new Set(h.matched)));
  }
  return hits.slice(0, options.max);
}
