/**
 * The vocabulary of strategy rules (spec 2.2-2.3): the rule kinds, their parameters and the
 * comparators of item filters, with the choices the spec left open. It lives with the engine that
 * serves the rules; the touchpoint studio (lib/touchpoints) and its forms import it from here.
 * Free of server imports: the studio's client components use it.
 */

export const RULE_TYPES = [
  "random-products",
  "selected-products",
  "best-sellers",
  "most-viewed-products",
  "trending-products",
  "trending-products-interactions",
  "most-recommended-products",
  "most-recommended-products-interactions",
  "merchandise-rules",
  "similar-products",
  "similar-products-ai",
  "related-products",
  "related-products-ai",
  "ai-community-based",
  "ai-community-based-interactions",
  "time-based",
  "time-based-interactions",
  "history-based",
  "history-based-interactions",
  "ai-next-gen",
  "ai-description-based",
  "ai-search",
  "discount-leaflet",
  "ai-attribute-based-leaflet",
] as const;
export type RuleType = (typeof RULE_TYPES)[number];

/** Kinds served from the learned models, per visitor or product (lib/recommend/engine). */
/** The learned kinds that recommend for a customer: the choices of DEFAULT_RECOMMENDATION_KIND (customer lists). */
export const CUSTOMER_LEARNED_KINDS = [
  "ai-community-based",
  "ai-community-based-interactions",
  "history-based",
  "history-based-interactions",
  "time-based",
  "time-based-interactions",
  "ai-next-gen",
  "ai-description-based",
] as const satisfies readonly RuleType[];

export const LEARNED_RULE_TYPES = [
  "similar-products",
  "similar-products-ai",
  "related-products",
  "related-products-ai",
  ...CUSTOMER_LEARNED_KINDS,
  "ai-attribute-based-leaflet",
] as const satisfies readonly RuleType[];

/** What best-sellers counts: units sold (the default), distinct orders, distinct buyers, or revenue. */
export const BEST_SELLER_MEASURES = ["units", "orders", "buyers", "revenue"] as const;

/** The rule values that are parameters of a kind (not item filters). */
export const RULE_PARAMETERS: Partial<Record<RuleType, readonly string[]>> = {
  "best-sellers": ["window_days", "measure"],
  "most-viewed-products": ["window_days"],
  "trending-products": ["window_days"],
  "trending-products-interactions": ["window_days"],
  "discount-leaflet": ["discount_id"],
  "most-recommended-products-interactions": ["window_days"],
  ...Object.fromEntries(LEARNED_RULE_TYPES.map((kind) => [kind, ["exclude_purchased_days"]])),
  "ai-attribute-based-leaflet": ["discount_id", "exclude_purchased_days"],
};

export const COMPARATORS = ["=", "!=", "<", "<=", ">", ">=", "in", "contains"] as const;
export type Comparator = (typeof COMPARATORS)[number];

/** Item fields a rule value may filter on (lib/data/item-fields.ts), besides attribute_<name> and category_level_<0-4>. */
export { ITEM_FILTER_COLUMNS } from "@/lib/data/item-columns";

/** Rule values that are parameters of the rule, not item filters. */
export const PARAMETER_COLUMNS = [
  "window_days",
  "measure",
  "exclude_purchased_days",
  "discount_id",
  "tenant_id",
  "filter_columns",
  "limit",
  "match_score",
] as const;

export const AI_SEARCH_COLUMNS = ["tenant_id", "filter_columns", "limit", "match_score"] as const;

/** Slots a strategy fills (and a touchpoint shows) at most. */
export const MAX_SLOTS = 50;

/** The single rule of a smart-search strategy, from its four settings (values in AI_SEARCH_COLUMNS order). */
export function aiSearchRule(settings: Record<(typeof AI_SEARCH_COLUMNS)[number], string | number>) {
  return {
    rule_type: "ai-search" as const,
    positions: [] as number[],
    values: AI_SEARCH_COLUMNS.map((column_name) => ({
      column_name,
      comparator: "=" as const,
      value: settings[column_name],
    })),
  };
}
