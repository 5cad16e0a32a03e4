/**
 * Smart-search content (spec 2.5, 4.3 rule 1), first version: PostgreSQL full-text matching of
 * the term's words (as typed prefixes) in item names and ids, scored in code.
 *   match_score (0-100): per query word, 1 for a whole word of the name, 0.8 for a prefix, 0.6 for
 *     a match only in the id/description; averaged. 100 = every word matched exactly in the name.
 *   rank_score: match_score blended with popularity (units sold in 90 days, log-damped).
 * The search issue replaces this with a dedicated index (typos, synonyms, units) measured on the
 * relevance judgments.
 */
import { db } from "@/lib/db/client";
import type { Item } from "@/lib/db/generated/client";
import { ELIGIBLE } from "@/lib/recommend/item-filter";

export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

export function matchScore(queryTokens: string[], name: string, other: string): number {
  if (queryTokens.length === 0) return 0;
  const words = tokenize(name);
  const rest = tokenize(other);
  let total = 0;
  for (const q of queryTokens) {
    if (words.includes(q)) total += 1;
    else if (words.some((w) => w.startsWith(q))) total += 0.8;
    else if (rest.some((w) => w.startsWith(q))) total += 0.6;
  }
  return Math.round((total / queryTokens.length) * 10000) / 100;
}

export interface SearchHit {
  item: Item;
  match_score: number;
  rank_score: number;
}

export async function searchItems(options: { term: string; threshold: number; max: number }): Promise<SearchHit[]> {
  const tokens = tokenize(options.term).slice(0, 12);
  if (tokens.length === 0) return [];
  const prisma = await db();
  const query = tokens.map((t) => `${t}:*`).join(" | ");
  const rows = await prisma.$queryRawUnsafe<(Item & { units: number | null })[]>(
    `SELECT i.*, s.units::float8 AS units
     FROM items i
     LEFT JOIN (SELECT item_id, SUM(quantity) AS units FROM events
                WHERE event_type = 'purchase' AND "timestamp" >= now() - interval '90 days' GROUP BY item_id) s
       ON s.item_id = i.item_id
     WHERE ${ELIGIBLE}
       AND to_tsvector('simple', lower(i.item_name || ' ' || i.item_id || ' ' || i.simple_name)) @@ to_tsquery('simple', $1)
     LIMIT 2000`,
    query,
  );
  return rows
    .map(({ units, ...item }) => {
      const descriptions = (item.descriptions as { description_value: string | null }[])
        .map((d) => d.description_value ?? "")
        .join(" ");
      const match = matchScore(tokens, item.item_name, `${item.item_id} ${item.simple_name} ${descriptions}`);
      const popularity = Math.log10(1 + (units ?? 0)) / 5;
      return {
        item: item as Item,
        match_score: match,
        rank_score: Math.round(match * (1 + Math.min(popularity, 1)) * 100) / 100,
      };
    })
    .filter((h) => h.match_score >= options.threshold)
    .sort((a, b) => b.rank_score - a.rank_score || a.item.item_id.localeCompare(b.item.item_id))
    .slice(0, options.max);
}
