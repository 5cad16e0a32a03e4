/**
 * Fills a touchpoint's slots from its strategy's rules: each slot by the rule that lists it, an
 * item at most once per response, only eligible items, never the product the page is about; a
 * slot its rule cannot fill takes the fallback (best-sellers, then random eligible items). Each
 * rule is served through its kind (./rule-kinds.ts) with the request's context. Pure: the caller
 * loads the lists. The lists are shared by every request: read with cursors, never copied.
 */
import { mulberry32, seedOf } from "@/lib/data/prng";
import type { Evidence } from "./engine/recommend";
import type { RuleContext } from "./rule-context";
import { type DiscountWindows, type Placed, ruleKind } from "./rule-kinds";
import type { TRule } from "./rule-schemas";

export interface Filled {
  position: number;
  item_id: string;
  rule_index: number | null;
  rule_type: string | null;
  is_fallback: boolean;
  /** A learned kind's score and evidence (explained in previews). */
  score?: number;
  evidence?: Evidence;
}

export interface FillInput {
  slots: number;
  rules: TRule[];
  /** Ranked candidates per rule index (from rule_results). */
  candidates: Map<number, readonly string[]>;
  /** Best-sellers, then random eligible items. */
  fallback: readonly string[];
  isEligible: (itemId: string) => boolean;
  context: RuleContext;
  discounts?: DiscountWindows;
  /** See ServeInput.models. */
  models?: import("./model-store").LoadedModels;
}

/** A slot a learned kind filled: its evidence read from the kind's item only when asked (previews). */
class Explained implements Filled {
  readonly position: number;
  readonly item_id: string;
  readonly rule_index: number | null;
  readonly rule_type: string | null;
  readonly is_fallback: boolean;
  readonly score?: number;
  readonly #placed: Placed;
  constructor(slot: Omit<Filled, "evidence">, placed: Placed) {
    this.position = slot.position;
    this.item_id = slot.item_id;
    this.rule_index = slot.rule_index;
    this.rule_type = slot.rule_type;
    this.is_fallback = slot.is_fallback;
    if (slot.score !== undefined) this.score = slot.score;
    this.#placed = placed;
  }
  get evidence(): Evidence | undefined {
    return this.#placed.evidence;
  }
}

export function seededShuffle<T>(items: T[], seed: string): T[] {
  const random = mulberry32(seedOf(seed));
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export function fillSlots(input: FillInput): Filled[] {
  const used = new Set<string>();
  if (input.context.product_id) used.add(input.context.product_id);
  const ruleOf = new Map<number, number>();
  input.rules.forEach((rule, r) => {
    for (const p of rule.positions) ruleOf.set(p, r);
  });
  const queues = new Map<number, Iterator<string | Placed>>();
  const queue = (r: number): Iterator<string | Placed> => {
    let q = queues.get(r);
    if (!q) {
      const rule = input.rules[r]!;
      q = ruleKind(rule)
        .serve({
          rule,
          ruleIndex: r,
          ranked: input.candidates.get(r) ?? [],
          context: input.context,
          discounts: input.discounts,
          ...(input.models ? { models: input.models } : {}),
        })
        [Symbol.iterator]();
      queues.set(r, q);
    }
    return q;
  };
  const take = (list: Iterator<string | Placed>): string | Placed | undefined => {
    for (let next = list.next(); !next.done; next = list.next()) {
      const id = typeof next.value === "string" ? next.value : next.value.item_id;
      if (!used.has(id) && input.isEligible(id)) return next.value;
    }
    return undefined;
  };
  const fallback = input.fallback[Symbol.iterator]();
  const out: Filled[] = [];
  for (let position = 0; position < input.slots; position++) {
    const r = ruleOf.get(position);
    const fromRule = r === undefined ? undefined : take(queue(r));
    const taken = fromRule ?? take(fallback);
    if (taken === undefined) continue;
    const placed = typeof taken === "string" ? undefined : taken;
    const id = placed ? placed.item_id : (taken as string);
    used.add(id);
    const rule = r === undefined ? undefined : input.rules[r];
    const slot = {
      position,
      item_id: id,
      rule_index: fromRule ? r! : null,
      rule_type: fromRule ? rule!.rule_type : null,
      // A kind's own fallback (popularity within its filters) keeps its rule but says so.
      is_fallback: !fromRule || placed?.fallback === true,
      ...(placed?.score !== undefined ? { score: placed.score } : {}),
    };
    out.push(placed && "evidence" in placed ? new Explained(slot, placed) : slot);
  }
  return out;
}
