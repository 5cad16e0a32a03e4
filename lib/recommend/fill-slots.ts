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
  /** A learned kind's item: its number in the numbering whose item ids these are (see Placed). */
  item_no?: number;
  item_ids?: readonly string[];
}

export interface FillInput {
  slots: number;
  rules: TRule[];
  /** Ranked candidates per rule index (from rule_results). */
  candidates: Map<number, readonly string[]>;
  /** Best-sellers, then random eligible items. */
  fallback: readonly string[];
  isEligible: (itemId: string) => boolean;
  /**
   * The same asked by a learned kind's item number (a typed array read once known, where a big
   * Map's look-up by string misses the CPU caches: about 1 µs each on the reference machine).
   */
  isEligibleNumbered?: (itemNo: number, itemIds: readonly string[], itemId: string) => boolean;
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
  readonly item_no?: number;
  readonly item_ids?: readonly string[];
  readonly #placed: Placed;
  constructor(slot: Omit<Filled, "evidence">, placed: Placed) {
    this.position = slot.position;
    this.item_id = slot.item_id;
    this.rule_index = slot.rule_index;
    this.rule_type = slot.rule_type;
    this.is_fallback = slot.is_fallback;
    if (slot.score !== undefined) this.score = slot.score;
    if (placed.item_no !== undefined) {
      this.item_no = placed.item_no;
      this.item_ids = placed.item_ids;
    }
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

/** Which rule lists each position (the last that does), per rules array: the same every request. */
const rulesByPosition = new WeakMap<readonly TRule[], Map<number, number>>();
function ruleOfPositions(rules: readonly TRule[]): Map<number, number> {
  let ruleOf = rulesByPosition.get(rules);
  if (!ruleOf) {
    ruleOf = new Map();
    for (let r = 0; r < rules.length; r++) for (const p of rules[r]!.positions) ruleOf.set(p, r);
    rulesByPosition.set(rules, ruleOf);
  }
  return ruleOf;
}

/** The next item of a rule's list (or the fallback) not placed yet and eligible. */
function take(list: Iterator<string | Placed>, used: Set<string>, input: FillInput): string | Placed | undefined {
  for (let next = list.next(); !next.done; next = list.next()) {
    const value = next.value;
    if (typeof value === "string") {
      if (!used.has(value) && input.isEligible(value)) return value;
      continue;
    }
    const id = value.item_id;
    if (used.has(id)) continue;
    const eligible =
      value.item_no !== undefined && value.item_ids !== undefined && input.isEligibleNumbered
        ? input.isEligibleNumbered(value.item_no, value.item_ids, id)
        : input.isEligible(id);
    if (eligible) return value;
  }
  return undefined;
}

/** Rule r's list as its kind serves it for this request (made when a slot first asks it). */
function serveRule(input: FillInput, r: number): Iterator<string | Placed> {
  const rule = input.rules[r]!;
  return ruleKind(rule)
    .serve({
      rule,
      ruleIndex: r,
      ranked: input.candidates.get(r) ?? [],
      context: input.context,
      discounts: input.discounts,
      ...(input.models ? { models: input.models } : {}),
    })
    [Symbol.iterator]();
}

export function fillSlots(input: FillInput): Filled[] {
  const used = new Set<string>();
  if (input.context.product_id) used.add(input.context.product_id);
  const ruleOf = ruleOfPositions(input.rules);
  const queues: (Iterator<string | Placed> | undefined)[] = [];
  let fallback: Iterator<string> | undefined;
  const out: Filled[] = [];
  for (let position = 0; position < input.slots; position++) {
    const r = ruleOf.get(position);
    let fromRule: string | Placed | undefined;
    if (r !== undefined) {
      let queue = queues[r];
      if (queue === undefined) {
        queue = serveRule(input, r);
        queues[r] = queue;
      }
      fromRule = take(queue, used, input);
    }
    fallback ??= input.fallback[Symbol.iterator]();
    const taken = fromRule ?? take(fallback, used, input);
    if (taken === undefined) continue;
    const placed = typeof taken === "string" ? undefined : taken;
    const id = placed ? placed.item_id : (taken as string);
    used.add(id);
    const rule = r === undefined ? undefined : input.rules[r];
    const slot: Omit<Filled, "evidence"> = {
      position,
      item_id: id,
      rule_index: fromRule ? r! : null,
      rule_type: fromRule ? rule!.rule_type : null,
      // A kind's own fallback (popularity within its filters) keeps its rule but says so.
      is_fallback: !fromRule || placed?.fallback === true,
    };
    if (placed?.score !== undefined) slot.score = placed.score;
    if (placed && "evidence" in placed) out.push(new Explained(slot, placed));
    else {
      if (placed?.item_no !== undefined) {
        slot.item_no = placed.item_no;
        slot.item_ids = placed.item_ids;
      }
      out.push(slot);
    }
  }
  return out;
}
