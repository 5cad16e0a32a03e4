/**
 * The calculated candidates of a rule: ranked item ids, computed from the shop's data when a
 * touchpoint is calculated and stored in rule_results. Serving then only picks from these lists.
 * Learned kinds (similar, collaborative, history-based...) are served per request from the models
 * (./learned-kinds.ts); their list here is their fallback: popularity within the rule's filters.
 * Trending kinds compare each item's recent visitors with its own baseline (see trending()).
 */
import type { SqlRunner } from "@/lib/db/client";
import { compileItemFilter, ELIGIBLE } from "./item-filter";
import { hasItemFilters, isLearnedKind } from "./learned-kinds";
import type { BEST_SELLER_MEASURES } from "./rule-constants";
import type { TRule, TRuleValue } from "./rule-schemas";

/** The name of the shared fallback list (fallback_lists). */
export const FALLBACK_LIST = "best-sellers";
export const MAX_CANDIDATES = 500;
export const DEFAULT_WINDOW_DAYS = 30;

function parameter(values: TRuleValue[], column: string): string | number | undefined {
  return values.find((v) => v.column_name === column)?.value;
}

export function windowDays(values: TRuleValue[], fallback = DEFAULT_WINDOW_DAYS): number {
  const days = Number(parameter(values, "window_days") ?? fallback);
  return Number.isFinite(days) && days > 0 ? Math.min(days, 3650) : fallback;
}

/** A visitor: the customer, else the cookie. */
const VISITOR = "COALESCE(e.customer_id, 'cookie:' || e.cookie_id)";

/** What best-sellers counts (rule value `measure`); views are counted one by one. */
const MEASURES: Record<(typeof BEST_SELLER_MEASURES)[number], string> = {
  units: "SUM(CASE WHEN e.event_type = 'purchase' THEN e.quantity ELSE 1 END)",
  orders: "COUNT(DISTINCT COALESCE(e.order_id, e.dedupe_key))",
  buyers: `COUNT(DISTINCT ${VISITOR})`,
  revenue: "SUM(e.quantity * e.price)",
};

export function measureOf(values: TRuleValue[]): keyof typeof MEASURES {
  const measure = String(parameter(values, "measure") ?? "units");
  return measure in MEASURES ? (measure as keyof typeof MEASURES) : "units";
}

/** Items ranked by the measure of `eventType` events in the window (units: quantity for purchases). */
async function rankedByEvents(
  sql: SqlRunner,
  rule: TRule,
  eventType: "purchase" | "view",
  now: Date,
): Promise<string[]> {
  const filter = compileItemFilter(rule.values, 4);
  const since = new Date(now.getTime() - windowDays(rule.values) * 86_400_000);
  const measure = MEASURES[eventType === "purchase" ? measureOf(rule.values) : "units"];
  const rows = await sql.query<{ item_id: string }>(
    `SELECT e.item_id
     FROM events e JOIN items i ON i.item_id = e.item_id
     WHERE e.event_type = $1 AND e."timestamp" >= $2 AND e."timestamp" <= $3 AND ${ELIGIBLE} AND ${filter.sql}
     GROUP BY e.item_id
     ORDER BY ${measure} DESC, e.item_id
     LIMIT ${MAX_CANDIDATES}`,
    [eventType, since.toISOString(), now.toISOString(), ...filter.params],
  );
  return rows.map((r) => r.item_id);
}

/** Trending: the recent window (window_days, default 7) against the BASELINE_WINDOWS before it. */
export const TRENDING_DAYS = 7;
const BASELINE_WINDOWS = 4;
/** Pseudo-visitors added to both sides: a rare item's one or two new visitors do not make a trend. */
const TRENDING_PRIOR = 3;

/**
 * Items whose recent rate rises most against their own baseline: distinct visitors (customers or
 * cookies, so one bulk buyer is one) with `types` events in the recent window, r, against those of
 * the BASELINE_WINDOWS windows before, b, scaled to one window: score (r + k) / (b / 4 + k) with
 * k = TRENDING_PRIOR. Only rising items (score above 1) with at least 2 recent visitors; ties by
 * recent visitors.
 */
async function trending(sql: SqlRunner, rule: TRule, types: readonly string[], now: Date): Promise<string[]> {
  const filter = compileItemFilter(rule.values, 5);
  const days = windowDays(rule.values, TRENDING_DAYS);
  const recentFrom = new Date(now.getTime() - days * 86_400_000);
  const baselineFrom = new Date(now.getTime() - (BASELINE_WINDOWS + 1) * days * 86_400_000);
  const recent = `COUNT(DISTINCT ${VISITOR}) FILTER (WHERE e."timestamp" >= $3)`;
  const baseline = `COUNT(DISTINCT ${VISITOR}) FILTER (WHERE e."timestamp" < $3)`;
  const score = `((${recent})::float8 + ${TRENDING_PRIOR}) / ((${baseline})::float8 / ${BASELINE_WINDOWS} + ${TRENDING_PRIOR})`;
  const rows = await sql.query<{ item_id: string }>(
    `SELECT e.item_id
     FROM events e JOIN items i ON i.item_id = e.item_id
     WHERE e.event_type = ANY($1::text[]) AND e."timestamp" >= $2 AND e."timestamp" <= $4
       AND ${ELIGIBLE} AND ${filter.sql}
     GROUP BY e.item_id
     HAVING ${recent} >= 2 AND ${score} > 1
     ORDER BY ${score} DESC, ${recent} DESC, e.item_id
     LIMIT ${MAX_CANDIDATES}`,
    [types, baselineFrom.toISOString(), recentFrom.toISOString(), now.toISOString(), ...filter.params],
  );
  return rows.map((r) => r.item_id);
}

/** Items matching the filters, best-selling (last 90 days) first, then by name; all of them without a limit. */
async function matchingItems(
  sql: SqlRunner,
  values: TRuleValue[],
  now: Date,
  extra = "TRUE",
  extraParams: unknown[] = [],
  limit?: number,
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
     ${limit === undefined ? "" : `LIMIT ${Math.floor(limit)}`}`,
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
    case "trending-products":
      return trending(sql, rule, ["purchase"], now);
    case "trending-products-interactions":
      return trending(sql, rule, ["view", "add_to_cart", "click"], now);
    case "merchandise-rules":
      return matchingItems(sql, rule.values, now, "TRUE", [], MAX_CANDIDATES);
    case "random-products":
      // Every eligible item matching the filters (the whole catalog without one); the
      // per-visitor draw happens when serving.
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
    case "most-recommended-products":
      return mostRecommended(sql, rule, now);
    case "most-recommended-products-interactions":
      return clickedRecommendations(sql, rule, now);
    case "ai-attribute-based-leaflet":
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
      if (isLearnedKind(rule.rule_type)) {
        // Served per request from the models (./learned-kinds.ts); this list is the kind's fallback
        // (popularity within the rule's filters) and, for a filtered rule, every item it allows
        // (no cut: the filter applies inside the ranking, over the whole eligible catalog).
        return matchingItems(
          sql,
          rule.values,
          now,
          "TRUE",
          [],
          hasItemFilters(rule.values) ? undefined : MAX_CANDIDATES,
        );
      }
      return [];
  }
}

/**
 * The items learned kinds placed most often in served content (not their fallback, not previews)
 * in the window (window_days, default 30), within the filters: counted as served
 * (./impressions.ts), so what nobody was shown does not count.
 */
async function mostRecommended(sql: SqlRunner, rule: TRule, now: Date): Promise<string[]> {
  const filter = compileItemFilter(rule.values, 3);
  const since = new Date(now.getTime() - windowDays(rule.values) * 86_400_000);
  const rows = await sql.query<{ item_id: string }>(
    `SELECT r.item_id
     FROM recommended_item_impressions r JOIN items i ON i.item_id = r.item_id
     WHERE r.day >= $1::date AND r.day <= $2::date AND ${ELIGIBLE} AND ${filter.sql}
     GROUP BY r.item_id
     ORDER BY SUM(r.impressions) DESC, r.item_id
     LIMIT ${MAX_CANDIDATES}`,
    [since.toISOString().slice(0, 10), now.toISOString().slice(0, 10), ...filter.params],
  );
  return rows.map((r) => r.item_id);
}

/** The items with most clicks on served recommendations (clicks naming a smart-recommender touchpoint). */
async function clickedRecommendations(sql: SqlRunner, rule: TRule, now: Date): Promise<string[]> {
  const filter = compileItemFilter(rule.values, 3);
  const since = new Date(now.getTime() - windowDays(rule.values) * 86_400_000);
  const rows = await sql.query<{ item_id: string }>(
    `SELECT e.item_id
     FROM events e JOIN items i ON i.item_id = e.item_id
     JOIN touchpoints t ON t.touchpoint_id = e.touchpoint_id AND t.touchpoint_type = 'smart-recommender'
     WHERE e.event_type = 'click' AND e."timestamp" >= $1 AND e."timestamp" <= $2 AND ${ELIGIBLE} AND ${filter.sql}
     GROUP BY e.item_id
     ORDER BY COUNT(*) DESC, e.item_id
     LIMIT ${MAX_CANDIDATES}`,
    [since.toISOString(), now.toISOString(), ...filter.params],
  );
  return rows.map((r) => r.item_id);
}

/** The fallback: best-sellers of the last 30 days, then everything else eligible (random at serving). */
export async function fallbackCandidates(sql: SqlRunner, now = new Date()): Promise<string[]> {
  return rankedByEvents(sql, { rule_type: "best-sellers", positions: [], values: [] }, "purchase", now);
}
