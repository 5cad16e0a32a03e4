/**
 * Serving a learned rule kind for one request: the request's context (who asks, which product)
 * becomes an ask to the models in memory (./model-store.ts, ./engine/recommend.ts); the items it
 * ranks are kept when they pass the rule's item filters; then the rule's own calculated list
 * (popularity within its filters) follows, marked as the fallback. So an unknown customer, a
 * customer without history or an item without neighbours gets popularity within the rule's
 * filters, and exactly those slots say is_fallback.
 */

import { COOKIE_VISITOR } from "./engine/interactions";
import {
  type Ask,
  type Evidence,
  LEARNED_KINDS,
  type LearnedKind,
  type LiveInteraction,
  type Pick,
  servedPicks,
} from "./engine/recommend";
import { isFilterColumn } from "./item-filter";
import { liveItems } from "./live-overlay";
import { type LoadedModels, modelsNow } from "./model-store";
import type { RuleContext } from "./rule-context";
import type { Placed, ServeInput } from "./rule-kinds";
import { discountIdOf, discountValidAt } from "./rule-kinds-shared";
import type { TRule, TRuleValue } from "./rule-schemas";

const LEARNED = new Set<string>(LEARNED_KINDS);
export function isLearnedKind(kind: string): kind is LearnedKind {
  return LEARNED.has(kind);
}

/**
 * Kinds that rank items for a visitor the models know nothing of (no history, no product, nothing
 * live): time-based places the season's best sellers. Every other kind places nothing then
 * (./engine/kinds.test.ts), so the default visitor's fill (a touchpoint's calculation) needs the
 * models only for these.
 */
export const RANKS_WITHOUT_ANCHOR: ReadonlySet<LearnedKind> = new Set<LearnedKind>([
  "time-based",
  "time-based-interactions",
]);

/** Kinds about a product: the page's product is their anchor even for a known customer. */
const PRODUCT_KINDS = new Set<LearnedKind>([
  "similar-products",
  "similar-products-ai",
  "related-products",
  "related-products-ai",
]);

/**
 * Days within which a customer's purchases are left out, per kind, unless the rule says
 * (exclude_purchased_days): what they are due to buy again is time-based's point, and a leaflet
 * shows what is on offer.
 */
export const DEFAULT_EXCLUDE_DAYS: Record<LearnedKind, number> = {
  "similar-products": 30,
  "similar-products-ai": 30,
  "related-products": 30,
  "related-products-ai": 30,
  "ai-community-based": 90,
  "ai-community-based-interactions": 90,
  "history-based": 90,
  "history-based-interactions": 90,
  "time-based": 0,
  "time-based-interactions": 0,
  "ai-next-gen": 30,
  "ai-description-based": 90,
  "ai-attribute-based-leaflet": 0,
};

const MAX_PICKS = 50;

export function excludeDays(rule: TRule): number {
  const value = rule.values.find((v) => v.column_name === "exclude_purchased_days")?.value;
  const days = Number(value);
  return value !== undefined && Number.isFinite(days) && days >= 0
    ? days
    : DEFAULT_EXCLUDE_DAYS[rule.rule_type as LearnedKind];
}

export function hasItemFilters(values: TRuleValue[]): boolean {
  return values.some((v) => isFilterColumn(v.column_name));
}

/** The models' number of the visitor: their customer id, else their cookie. */
function userOf(loaded: LoadedModels, context: RuleContext): number | undefined {
  const { identity } = context;
  if (identity.identity_type === "product_id") return undefined;
  const id = identity.customer_id ?? identity.identity_value;
  return loaded.userNo.get(id) ?? loaded.userNo.get(`${COOKIE_VISITOR}${identity.identity_value}`);
}

/**
 * What the visitor did since the models were built (./live-overlay.ts), as the models number items:
 * the customer's live items, else the cookie's. Undefined when none (the usual, allocation-free case).
 */
function liveOf(loaded: LoadedModels, context: RuleContext): LiveInteraction[] | undefined {
  const { identity } = context;
  if (identity.identity_type === "product_id" || identity.identity_value === "default") return undefined;
  const items =
    liveItems(identity.customer_id ?? identity.identity_value) ??
    (identity.customer_id ? undefined : liveItems(`${COOKIE_VISITOR}${identity.identity_value}`));
  if (!items) return undefined;
  const out: LiveInteraction[] = [];
  for (const i of items) {
    const item = loaded.itemNo.get(i.itemId);
    if (item !== undefined) out.push({ item, kinds: i.kinds, minute: i.minute });
  }
  return out.length ? out : undefined;
}

/** What a rule says that every request of it asks the same (rules are not changed in place). */
interface RuleFacts {
  excludeDays: number;
  filtered: boolean;
}
const ruleFacts = new WeakMap<TRule, RuleFacts>();
function factsOf(rule: TRule): RuleFacts {
  let facts = ruleFacts.get(rule);
  if (!facts) {
    facts = { excludeDays: excludeDays(rule), filtered: hasItemFilters(rule.values) };
    ruleFacts.set(rule, facts);
  }
  return facts;
}

export function askFor(loaded: LoadedModels, rule: TRule, context: RuleContext, leaflet?: readonly string[]): Ask {
  const kind = rule.rule_type as LearnedKind;
  const product = context.product_id === undefined ? undefined : loaded.itemNo.get(context.product_id);
  const user = userOf(loaded, context);
  const productFirst = PRODUCT_KINDS.has(kind) && product !== undefined;
  const live = productFirst ? undefined : liveOf(loaded, context);
  // Only the fields that apply (an absent field, never one set to undefined).
  const ask: Ask = { kind, nowMs: context.now.getTime(), excludeDays: factsOf(rule).excludeDays, limit: MAX_PICKS };
  if (user !== undefined && !productFirst) ask.user = user;
  if (live) ask.live = live;
  if (product !== undefined && (productFirst || (user === undefined && !live))) ask.product = product;
  if (leaflet) ask.leaflet = leaflet.map((id) => loaded.itemNo.get(id)).filter((n): n is number => n !== undefined);
  return ask;
}

/**
 * The allowed items of a filtered rule as a mask over the models' items: its calculated list holds
 * every eligible item matching the filter (./rule-candidates.ts), made into a mask once per list
 * and models.
 */
const allowMasks = new WeakMap<readonly string[], { models: LoadedModels["models"]; mask: Uint8Array }>();
export function allowMaskOf(loaded: LoadedModels, ranked: readonly string[]): Uint8Array {
  const kept = allowMasks.get(ranked);
  if (kept && kept.models === loaded.models) return kept.mask;
  const mask = new Uint8Array(loaded.models.itemIds.length);
  for (const id of ranked) {
    const n = loaded.itemNo.get(id);
    if (n !== undefined) mask[n] = 1;
  }
  allowMasks.set(ranked, { models: loaded.models, mask });
  return mask;
}

/** A learned kind's item: its evidence read from the pick only when asked (previews). */
class LearnedPlaced implements Placed {
  readonly item_id: string;
  readonly score: number;
  readonly item_no: number;
  readonly #pick: Pick;
  constructor(
    readonly item_ids: readonly string[],
    pick: Pick,
  ) {
    this.item_id = item_ids[pick.item]!;
    this.item_no = pick.item;
    this.score = pick.score;
    this.#pick = pick;
  }
  get evidence(): Evidence {
    return this.#pick.evidence;
  }
}

export function* serveLearned(input: ServeInput): Generator<string | Placed> {
  const { rule, ranked, context } = input;
  const isLeaflet = rule.rule_type === "ai-attribute-based-leaflet";
  if (isLeaflet && !discountValidAt(input.discounts, discountIdOf(rule), context.now)) return;
  const loaded = input.models ?? modelsNow();
  if (loaded) {
    // The filter restricts the candidates inside the ranking (before the best are chosen).
    const ask = askFor(loaded, rule, context, isLeaflet ? ranked : undefined);
    if (!isLeaflet && factsOf(rule).filtered) ask.allow = allowMaskOf(loaded, ranked);
    for (const p of servedPicks(loaded.models, ask)) yield new LearnedPlaced(loaded.models.itemIds, p);
  }
  // Numbered by their place in the list (look-ups by number: ./serve-content.ts).
  for (let i = 0; i < ranked.length; i++) yield { item_id: ranked[i]!, fallback: true, item_no: i, item_ids: ranked };
}
