/**
 * The calculated candidates of a rule: ranked item ids, computed from the shop's data when a
 * touchpoint is calculated and stored in rule_results. Serving then only picks from these lists.
 * Kinds that need a learned model (similar, collaborative, history-based...) come with the
 * recommendation engine; until then they have no candidates and their slots use the fallback.
 */
import type { SqlRunner } from "@/lib/db/client";
import type { TRule, TRuleValue } from "@/lib/touchpoints/schemas";
import { compileItemFilter, ELIGIBLE } from "./item-filter";

/** The name of the shared fallback list (fallback_lists). */
export const FALLBACK_LIST = "best-sellers";
export const MAX_CANDIDATES = 500;
export const DEFAULT_WINDOW_DAYS = 30;

function parameter(values: TRuleValue[], column: string): string | number | undefined {
  return values.find((v) => v.column_name === column)?.value;
}

export function windowDays(values: TRuleValue[]): number {
  const days = Number(parameter(values, "window_days") ?? DEFAULT_WINDOW_DAYS);
  return Number.isFinite(days) && days > 0 ? Math.min(days, 3650) : DEFAULT_WINDOW_DAYS;
}

/** Items ranked by units of `eventType` events in the window (quantity for purchases). */
async function rankedByEvents(
  sql: SqlRunner,
  rule: TRule,
  eventType: "purchase" | "view",
  now: Date,
): Promise<string[]> {
  const filter = compileItemFilter(rule.values, 4);
  const since = new Date(now.getTime() - windowDays(rule.values) * 86_400_000);
  const rows = await sql.query<{ item_id: string }>(
    `SELECT e.item_id
     FROM events e JOIN items i ON i.item_id = e.item_id
     WHERE e.event_type = $1 AND e."timestamp" >= $2 AND e."timestamp" <= $3 AND ${ELIGIBLE} AND ${filter.sql}
     GROUP BY e.item_id
     ORDER BY SUM(CASE WHEN e.event_type = 'purchase' THEN e.quantity ELSE 1 END) DESC, e.item_id
     LIMIT ${MAX_CANDIDATES}`,
    [eventType, since.toISOString(), now.toISOString(), ...filter.params],
  );
  return rows.map((r) => r.item_id);
}

/** Items matching the filters, best-selling (last 90 days) first, then by name. */
async function matchingItems(
  sql: SqlRunner,
  values: TRuleValue[],
  now: Date,
  extra = "TRUE",
  extraParams: unknown[] = [],
) {
  const filter = compileItemFilter(values, 2 + extraParams.length);
  const since = new Date(now.getTime() - 90 * 86_400_000);
  const rows = await sql.query<{ item_id: string }>(
    `SELECT i.item_id
     FROM items i
     LEFT JOIN (SELECT item_id, SUM(quantity) AS units FROM events
                WHERE event_type = 'purchase' AND "timestamp" >= $1 GROUP BY item_id) s ON s.item_id = i.item_id
     WHERE ${ELIGIBLE} AND ${extra} AND ${filter.sql}
     ORDER BY COALESCE(s.units, 0) DESC, i.item_name, i.item_id
     LIMIT ${MAX_CANDIDATES * 4}`,
    [since.toISOString(), ...extraParams, ...filter.params],
  );
  return rows.map((r) => r.item_id);
}

export async function ruleCandidates(options: { sql: SqlRunner; rule: TRule; now?: Date }): Promise<string[]> {
  const { sql, rule } = options;
  const now = options.now ?? new Date();
  switch (rule.rule_type) {
    case "best-sellers":
      return rankedByEvents(sql, rule, "purchase", now);
    case "most-viewed-products":
      return rankedByEvents(sql, rule, "view", now);
    case "merchandise-rules":
      return (await matchingItems(sql, rule.values, now)).slice(0, MAX_CANDIDATES);
    case "random-products":
      // Every eligible item matching the filters; the per-visitor draw happens when serving.
      return matchingItems(sql, rule.values, now);
    case "selected-products": {
      // In the order the marketer listed them, kept only while eligible.
      const wanted = rule.values
        .filter((v) => v.column_name === "item_id" && v.comparator === "=")
        .map((v) => String(v.value));
      const others = rule.values.filter((v) => v.column_name !== "item_id");
      const eligible = new Set(await matchingItems(sql, others, now, "i.item_id = ANY($2::text[])", [wanted]));
      return wanted.filter((id) => eligible.has(id));
    }
    case "discount-leaflet": {
      const discountId = String(parameter(rule.values, "discount_id") ?? "");
      // Whether the discount is valid is checked when serving (./rule-kinds.ts), at that moment.
      const rows = await sql.query<{ item_ids: string[] }>("SELECT item_ids FROM discounts WHERE discount_id = $1", [
        discountId,
      ]);
      const ids = rows[0]?.item_ids ?? [];
      if (ids.length === 0) return [];
      const others = rule.values.filter((v) => v.column_name !== "discount_id");
      const eligible = new Set(await matchingItems(sql, others, now, "i.item_id = ANY($2::text[])", [ids]));
      return ids.filter((id) => eligible.has(id));
    }
    default:
      return [];
  }
}

/** The fallback: best-sellers of the last 30 days, then everything else eligible (random at serving). */
export async function fallbackCandidates(sql: SqlRunner, now = new Date()): Promise<string[]> {
  return rankedByEvents(sql, { rule_type: "best-sellers", positions: [], values: [] }, "purchase", now);
}
