/**
 * How each rule kind is served from its calculated list (rule_results) for one request. Most
 * kinds serve the list as it is; a kind that depends on the request's context (./rule-context.ts)
 * says so, and gets the context: random-products draws per visitor and day, discount-leaflet
 * serves its discount's items only while the discount is valid at that moment. The recommendation
 * engine's per-customer and per-product kinds plug in here.
 */
import { mulberry32, seedOf } from "@/lib/data/prng";
import { isLearnedKind, serveLearned } from "./learned-kinds";
import { type DiscountWindows, discountIdOf, discountValidAt } from "./rule-kinds-shared";
import type { TRule } from "./rule-schemas";

export { type DiscountWindows, discountIdOf, discountValidAt, withinWindow } from "./rule-kinds-shared";

import type { RuleContext } from "./rule-context";

/**
 * An item a kind places with what it knows about it: its score and evidence (learned kinds), or
 * that it comes from the kind's fallback (popularity within the rule's filters).
 */
export interface Placed {
  item_id: string;
  fallback?: boolean;
  score?: number;
  evidence?: import("./engine/recommend").Evidence;
  /**
   * A learned kind's item numbered for look-ups by number: its number in the models (`item_ids`
   * their item ids) or its place in the rule's list (`item_ids` the list).
   */
  item_no?: number;
  item_ids?: readonly string[];
}

export interface ServeInput {
  rule: TRule;
  ruleIndex: number;
  ranked: readonly string[];
  context: RuleContext;
  discounts?: DiscountWindows;
  /** The models learned kinds rank with (default: this process's, ./model-store.ts; the eval passes its own). */
  models?: import("./model-store").LoadedModels;
}

interface RuleKindServing {
  /**
   * True when the served order depends on who asks (the answer cannot be shared between
   * visitors). Time-dependent kinds are not: shared answers live one second (./serve-content.ts).
   */
  contextual: boolean;
  serve(input: ServeInput): Iterable<string | Placed>;
}

/** A seeded Fisher-Yates shuffle drawn lazily: k draws cost O(k), not the list's length. */
export function* lazyShuffle(items: readonly string[], seed: string): Generator<string> {
  const random = mulberry32(seedOf(seed));
  const swapped = new Map<number, string>();
  const n = items.length;
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (n - i));
    const atJ = swapped.get(j) ?? items[j]!;
    const atI = swapped.get(i) ?? items[i]!;
    swapped.set(j, atI);
    swapped.delete(i);
    yield atJ;
  }
}

const listAsIs: RuleKindServing = { contextual: false, serve: ({ ranked }) => ranked };

const KINDS: Partial<Record<TRule["rule_type"], RuleKindServing>> = {
  "random-products": {
    contextual: true,
    serve: ({ ranked, context, ruleIndex }) => lazyShuffle(ranked, `${context.seed}|${ruleIndex}`),
  },
  "discount-leaflet": {
    contextual: false,
    serve: ({ rule, ranked, context, discounts }) =>
      discountValidAt(discounts, discountIdOf(rule), context.now) ? ranked : [],
  },
};

const learned: RuleKindServing = { contextual: true, serve: serveLearned };

export function ruleKind(rule: TRule): RuleKindServing {
  return KINDS[rule.rule_type] ?? (isLearnedKind(rule.rule_type) ? learned : listAsIs);
}

/** Whether every visitor gets the same slots from these rules (so the answer can be shared). */
export function isContextFree(rules: TRule[]): boolean {
  return rules.every((r) => !ruleKind(r).contextual);
}
