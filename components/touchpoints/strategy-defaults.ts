/**
 * The strategy builder's starting points per strategy type, and the conversion of its form values
 * (inputs give strings) into the request the API takes.
 */
import type { z } from "zod";
import { AI_SEARCH_COLUMNS, ITEM_FILTER_COLUMNS, type RuleType } from "@/lib/recommend/rule-constants";
import type { TRule } from "@/lib/recommend/rule-schemas";
import { SUBTYPES, type TouchpointType } from "@/lib/touchpoints/constants";
import type { TStrategy, TStrategyInput, ZStrategyInput } from "@/lib/touchpoints/schemas";

export type TStrategyForm = z.input<typeof ZStrategyInput>;
export type TRuleForm = TStrategyForm["rules"][number];
export type TRuleValueForm = NonNullable<TRuleForm["values"]>[number];

export const DEFAULT_SLOTS: Record<TouchpointType, number> = {
  "smart-recommender": 5,
  "smart-search": 0,
  "wheel-of-fortune": 4,
};

export const range = (n: number) => Array.from({ length: n }, (_, i) => i);

export function wheelRule(slot: number, discountId: string | number = ""): TRuleForm {
  return {
    rule_type: "discount-leaflet",
    positions: [slot],
    values: [{ column_name: "discount_id", comparator: "=", value: discountId }],
  };
}

export function searchRule(): TRuleForm {
  return {
    rule_type: "ai-search",
    positions: [],
    values: [
      { column_name: "tenant_id", comparator: "=", value: "default" },
      { column_name: "filter_columns", comparator: "=", value: "item_id,item_name,product_price,product_url" },
      { column_name: "limit", comparator: "=", value: 20 },
      { column_name: "match_score", comparator: "=", value: 40 },
    ],
  };
}

export function rulesFor(type: TouchpointType, slots: number): TRuleForm[] {
  if (type === "smart-search") return [searchRule()];
  if (type === "wheel-of-fortune") return range(slots).map((slot) => wheelRule(slot));
  return [{ rule_type: "best-sellers", positions: range(slots), values: [] }];
}

export function emptyStrategy(author: string, type: TouchpointType = "smart-recommender"): TStrategyForm {
  return {
    strategy_name: "",
    strategy_type: type,
    strategy_subtype: SUBTYPES[type][0],
    strategy_goal: "",
    author,
    is_draft: true,
    is_active: false,
    is_general_filter: false,
    is_default: false,
    segments: ["all_customers"],
    product_hierarchy_level_id: type === "wheel-of-fortune" ? "discount-leaflet" : "",
    product_hierarchy_level_value: "",
    rules: rulesFor(type, DEFAULT_SLOTS[type]),
  };
}

export function strategyToForm(s: TStrategy): TStrategyForm {
  return {
    strategy_name: s.strategy_name,
    strategy_type: s.strategy_type as TouchpointType,
    strategy_subtype: s.strategy_subtype,
    strategy_goal: s.strategy_goal,
    author: s.author,
    is_draft: s.is_draft,
    is_active: s.is_active,
    is_general_filter: s.is_general_filter,
    is_default: s.is_default,
    segments: s.segments,
    product_hierarchy_level_id: s.product_hierarchy_level_id as "" | "discount-leaflet",
    product_hierarchy_level_value: s.product_hierarchy_level_value,
    rules: orderedRules(s),
  };
}

/** Search values in the builder's field order, wheel rules in slot order: the forms address them by index. */
function orderedRules(s: TStrategy): TRuleForm[] {
  if (s.strategy_type === "smart-search") {
    return s.rules.map((rule) => ({
      ...rule,
      values: [...rule.values].sort((a, b) => searchOrder(a.column_name) - searchOrder(b.column_name)),
    }));
  }
  if (s.strategy_type === "wheel-of-fortune") {
    return [...s.rules].sort((a, b) => (a.positions[0] ?? 0) - (b.positions[0] ?? 0));
  }
  return s.rules;
}

function searchOrder(column: string): number {
  const i = (AI_SEARCH_COLUMNS as readonly string[]).indexOf(column);
  return i === -1 ? AI_SEARCH_COLUMNS.length : i;
}

/** The slots a strategy's rules use: one past the highest position, or the type's default when none. */
export function slotsOf(rules: { positions: number[] }[], type: TouchpointType): number {
  if (type === "smart-search") return 0;
  return Math.max(0, ...rules.flatMap((r) => r.positions.map((p) => p + 1))) || DEFAULT_SLOTS[type];
}

const NUMERIC_PARAMETERS = new Set(["window_days", "limit", "match_score"]);

export function isNumericColumn(column: string): boolean {
  return NUMERIC_PARAMETERS.has(column) || (ITEM_FILTER_COLUMNS as Record<string, string>)[column] === "number";
}

/** Numbers for numeric columns (a price compared with < must be a number); text otherwise. */
export function toRequest(values: TStrategyInput): TStrategyInput {
  return {
    ...values,
    rules: values.rules.map(
      (rule): TRule => ({
        ...rule,
        positions: [...rule.positions].sort((a, b) => a - b),
        values: rule.values.map((v) => {
          const text = String(v.value).trim();
          const numeric =
            isNumericColumn(v.column_name) &&
            v.comparator !== "in" &&
            v.comparator !== "contains" &&
            text !== "" &&
            !Number.isNaN(Number(text));
          return { ...v, value: numeric ? Number(text) : text };
        }),
      }),
    ),
  };
}

export const RULE_LABELS: Partial<Record<RuleType, string>> = {
  "random-products": "Random products",
  "selected-products": "Selected products",
  "best-sellers": "Best sellers",
  "most-viewed-products": "Most viewed products",
  "merchandise-rules": "Merchandise rules (filters)",
  "discount-leaflet": "Discount leaflet",
};

export const GOALS = [
  "boost-chosen-products",
  "increase-cross-sell-and-up-sell",
  "increase-conversion",
  "clear-stock",
  "promote-discounts",
];
