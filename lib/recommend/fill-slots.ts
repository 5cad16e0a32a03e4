/**
 * Fills a touchpoint's slots from its strategy's rules: each slot by the rule that lists it, an
 * item at most once per response, only eligible items; a slot its rule cannot fill takes the
 * fallback (best-sellers, then random eligible items). Pure: the caller loads the lists.
 */
import { mulberry32, seedOf } from "@/lib/data/prng";
import type { TRule } from "@/lib/touchpoints/schemas";

export interface Filled {
  position: number;
  item_id: string;
  rule_index: number | null;
  rule_type: string | null;
  is_fallback: boolean;
}

export interface FillInput {
  slots: number;
  rules: TRule[];
  /** Ranked candidates per rule index (from rule_results). */
  candidates: Map<number, string[]>;
  /** Best-sellers, then random eligible items. */
  fallback: string[];
  isEligible: (itemId: string) => boolean;
  /** Seeds random-products: the identity and the day, so a visitor sees a stable draw for a day. */
  seed: string;
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

/** The candidate order a rule is served in: random-products draws per identity and day. */
export function servingOrder(rule: TRule, ruleIndex: number, ranked: string[], seed: string): string[] {
  return rule.rule_type === "random-products" ? seededShuffle(ranked, `${seed}|${ruleIndex}`) : ranked;
}

export function fillSlots(input: FillInput): Filled[] {
  const used = new Set<string>();
  const ruleOf = new Map<number, number>();
  input.rules.forEach((rule, r) => {
    for (const p of rule.positions) ruleOf.set(p, r);
  });
  const queues = new Map<number, string[]>();
  input.rules.forEach((rule, r) => {
    // A copy: the lists are shared by every request for a few seconds (lib/recommend/serving-state.ts).
    queues.set(r, [...servingOrder(rule, r, input.candidates.get(r) ?? [], input.seed)]);
  });
  const take = (list: string[]): string | undefined => {
    while (list.length > 0) {
      const id = list.shift()!;
      if (!used.has(id) && input.isEligible(id)) return id;
    }
    return undefined;
  };
  const fallback = [...input.fallback];
  const out: Filled[] = [];
  for (let position = 0; position < input.slots; position++) {
    const r = ruleOf.get(position);
    const fromRule = r === undefined ? undefined : take(queues.get(r)!);
    const id = fromRule ?? take(fallback);
    if (!id) continue;
    used.add(id);
    const rule = r === undefined ? undefined : input.rules[r];
    out.push({
      position,
      item_id: id,
      rule_index: fromRule ? r! : null,
      rule_type: fromRule ? rule!.rule_type : null,
      is_fallback: !fromRule,
    });
  }
  return out;
}
