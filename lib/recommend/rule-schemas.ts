/**
 * zod schemas of strategy rules: request validation, types, the studio's forms and OpenAPI. They
 * live with the engine that serves them; lib/touchpoints/schemas.ts builds strategies from them.
 */
import { z } from "zod";
import { COMPARATORS, MAX_SLOTS, RULE_TYPES } from "./rule-constants";

export const ZRuleValue = z.object({
  column_name: z
    .string()
    .min(1, "required")
    .max(100)
    .describe(
      "An item field (item_id, item_name, product_price, currency, stock, ...), attribute_<name>, category_level_<0-4>, or a rule parameter: window_days (best-sellers, most-viewed-products: days of the window, default 30; trending-products(-interactions): the recent window, default 7), measure (best-sellers: units, orders, buyers or revenue; default units), discount_id (discount-leaflet, ai-attribute-based-leaflet), exclude_purchased_days (learned kinds: items the customer bought within these days are left out; 0 keeps them; defaults in ARCHITECTURE.md), tenant_id, filter_columns, limit, match_score (ai-search)",
    ),
  comparator: z
    .enum(COMPARATORS)
    .default("=")
    .describe("=, !=, <, <=, >, >=, in (comma-separated list), contains (case-insensitive)"),
  value: z.union([z.string().max(2000), z.number()]),
});
export type TRuleValue = z.infer<typeof ZRuleValue>;

export const ZRule = z.object({
  rule_type: z.enum(RULE_TYPES),
  positions: z
    .array(
      z
        .number()
        .int()
        .min(0, "positions are zero-based")
        .max(MAX_SLOTS - 1),
    )
    .max(MAX_SLOTS)
    .refine((p) => new Set(p).size === p.length, "positions must be distinct"),
  values: z.array(ZRuleValue).max(500).default([]),
});
export type TRule = z.infer<typeof ZRule>;
