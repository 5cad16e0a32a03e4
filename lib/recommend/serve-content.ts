/**
 * Content of a smart-recommender or wheel-of-fortune touchpoint for one identity (spec 2.5, 4.3):
 * pick the strategy (additional strategies by priority, the first whose segments hold the
 * visitor; else the default), fill its slots from the calculated rule lists with the request's
 * context (./rule-context.ts), then describe items.
 *
 * The content route answers with JSON bytes put together from pieces kept with the serving state:
 * each item's view is serialized and encoded once, as is each slot's filled_by but its score
 * (per strategy, rule and fallback), and when a strategy's slots are the same for every visitor
 * (no rule depends on who asks, no product context) its whole content array is kept for a second
 * and shared. A request then costs the identity look-up (in memory), the strategy choice, the
 * slots and a copy of the pieces' bytes (lib/http/answer-bytes.ts); only the answer's head (ids)
 * is text, encoded by the route (lib/http/direct-routes.ts).
 */

import { wallMs } from "@/lib/clock";
import { ALL_CUSTOMERS } from "@/lib/data/segments";
import type { Strategy } from "@/lib/db/generated/client";
import { BodyBytes } from "@/lib/http/answer-bytes";
import { conflict, notActive } from "@/lib/http/errors";
import { JsonText } from "@/lib/http/handler";
import { scoreText } from "@/lib/text/score-text";
import { explain } from "./explain";
import { type Filled, fillSlots } from "./fill-slots";
import { type Identity, resolveIdentity, resolveIdentityNow } from "./identity";
import { recordImpression, recordRecommended } from "./impressions";
import { itemView, type TItemView } from "./item-view";
import { isLearnedKind } from "./learned-kinds";
import { type LoadedModels, modelsNow, serveModels } from "./model-store";
import { type ContextOptions, contextProduct, type RuleContext, ruleContext } from "./rule-context";
import { isContextFree } from "./rule-kinds";
import { rulesOf, type ServingState, servingState, servingStateNow } from "./serving-state";

/** How long a content array shared by every visitor is reused (time-dependent rules move on). */
const SHARED_MS = 1000;

export interface ContentEntry {
  position: number;
  item: TItemView;
  /** Which rule filled the slot, or that the fallback did (not in the spec; for previews and debugging). */
  filled_by: {
    rule_index: number | null;
    rule_type: string | null;
    is_fallback: boolean;
    strategy_id: string;
    /** A learned kind's score (higher is stronger), and in previews why it placed the item. */
    score?: number;
    explanation?: string;
  };
}

export interface Content {
  touchpoint_id: string;
  touchpoint_type: string;
  identity_type: string;
  identity_value: string;
  content: ContentEntry[];
}

export interface ContentRequest {
  touchpointId: string;
  identityValue: string | null;
  identityType: string | null;
  /** The item a similar/related touchpoint is about (query product_hierarchy_level_value). */
  productHierarchyValue?: string | null;
  preview?: boolean;
  now?: Date;
}

export function chooseStrategy(
  defaultStrategy: Strategy,
  additional: Strategy[],
  segmentId: string | undefined,
): Strategy {
  for (const s of additional) {
    if (s.segments.includes(ALL_CUSTOMERS) || (segmentId && s.segments.includes(segmentId))) return s;
  }
  return defaultStrategy;
}

/** Counts the items learned kinds placed (most-recommended-products ranks by these); not previews. */
function countRecommended(filled: Filled[]): Filled[] {
  recordRecommended(filled.filter((f) => !f.is_fallback && f.rule_type && isLearnedKind(f.rule_type)));
  return filled;
}

/** Whether an item may be served, per items map (made once, not per request). */
const eligibility = new WeakMap<ServingState["items"], (id: string) => boolean>();
function eligibleIn(items: ServingState["items"]): (id: string) => boolean {
  let isEligible = eligibility.get(items);
  if (!isEligible) {
    isEligible = (id) => items.has(id);
    eligibility.set(items, isEligible);
  }
  return isEligible;
}

const NO_CANDIDATES: Map<number, readonly string[]> = new Map();

/**
 * What is known by number of the items learned kinds place (their number in the models, or their
 * place in the rule's calculated list), per serving-state map and numbering: each item's
 * eligibility (0 not asked yet, 1 eligible, 2 not) and its view's JSON, learnt from the maps by
 * id on first use, then read by number: a big Map's look-up by string misses the CPU
 * caches (about 1 µs each on the reference machine; a personalised answer made ten of them).
 * The maps by id are replaced, never changed, when items change (./serving-state.ts; views are
 * only added), so what is learnt from one stays true.
 */
class ByNumber<Table> {
  readonly #tables = new WeakMap<readonly string[], Table>();
  /** The last numbering asked and its table: a request asks the same one for slot after slot. */
  #lastIds: readonly string[] | undefined;
  #last: Table | undefined;
  constructor(private readonly make: (n: number) => Table) {}
  /** The table for this numbering (the models' item ids, or a rule's list). */
  of(ids: readonly string[]): Table {
    if (ids === this.#lastIds) return this.#last!;
    let table = this.#tables.get(ids);
    if (table === undefined) {
      table = this.make(ids.length);
      this.#tables.set(ids, table);
    }
    this.#lastIds = ids;
    this.#last = table;
    return table;
  }
}
type NumberedEligible = NonNullable<Parameters<typeof fillSlots>[0]["isEligibleNumbered"]>;
const eligibleNumbered = new WeakMap<ServingState["items"], NumberedEligible>();
function numberedIn(items: ServingState["items"]): NumberedEligible {
  let isEligible = eligibleNumbered.get(items);
  if (!isEligible) {
    const table = new ByNumber((n) => new Uint8Array(n));
    isEligible = (no, ids, id) => {
      const known = table.of(ids);
      let k = known[no]!;
      if (k === 0) {
        k = items.has(id) ? 1 : 2;
        known[no] = k;
      }
      return k === 1;
    };
    eligibleNumbered.set(items, isEligible);
  }
  return isEligible;
}
const viewsNumbered = new WeakMap<ServingState["fragments"], ByNumber<(Buffer | undefined)[]>>();

/** Fills the slots of one strategy from a loaded serving state (also used by the calculation). */
export function fillFromState(
  state: ServingState,
  strategy: Strategy,
  context: RuleContext,
  models?: LoadedModels,
): Filled[] {
  return fillSlots({
    slots: state.touchpoint.number_of_positions,
    rules: rulesOf(strategy),
    candidates: state.candidates.get(strategy.strategy_id) ?? NO_CANDIDATES,
    fallback: state.fallbackAll,
    isEligible: eligibleIn(state.items),
    isEligibleNumbered: numberedIn(state.items),
    context,
    discounts: state.discounts,
    ...(models ? { models } : {}),
  });
}

/**
 * The context-free fill of a strategy (the default visitor's): what the calculation checks, with
 * the models it was given (learned kinds: this process's serving models when none).
 */
export function defaultFill(state: ServingState, strategy: Strategy, now?: Date, models?: LoadedModels): Filled[] {
  return fillFromState(
    state,
    strategy,
    ruleContext({ identity: { identity_type: "customer_id", identity_value: "default" }, now }),
    models,
  );
}

/**
 * A request ready to answer. Its rule context (a Date, a seed string) is made only when the slots
 * are filled: an answer shared by every visitor (render) needs only to know it has no product.
 */
interface Prepared {
  state: ServingState;
  identity: Identity;
  strategy: Strategy;
  contextOptions: ContextOptions;
  /** The product the request is about (contextProduct), if any. */
  product: string | undefined;
}

function checkServable(state: ServingState, options: ContentRequest): void {
  const { touchpoint } = state;
  if (!touchpoint.is_active && !options.preview) throw notActive(touchpoint.touchpoint_id);
  if (touchpoint.touchpoint_type === "smart-search") {
    throw conflict("This is a smart-search touchpoint: ask its content with ?term=...", "wrong_touchpoint_type");
  }
  if (!touchpoint.is_ready) {
    throw conflict(
      `Touchpoint ${touchpoint.touchpoint_id} is not ready${touchpoint.is_calculating ? ": it is being calculated" : ": activate it (is_active true) to calculate it"}.`,
      "not_ready",
    );
  }
}

function prepared(state: ServingState, identity: Identity, options: ContentRequest): Prepared {
  // A learned touchpoint served: this process loads the models, and every later build (once).
  if (state.allItems) serveModels();
  const strategy = chooseStrategy(state.defaultStrategy, state.additional, identity.segment_id);
  const contextOptions: ContextOptions = {
    identity,
    productHierarchyValue: options.productHierarchyValue,
    strategyProduct: strategy.product_hierarchy_level_id === "" ? strategy.product_hierarchy_level_value : undefined,
    now: options.now,
  };
  if (!options.preview) recordImpression(state.touchpoint.touchpoint_id);
  return { state, identity, strategy, contextOptions, product: contextProduct(contextOptions) };
}

async function prepare(options: ContentRequest): Promise<Prepared> {
  const state = await servingState(options.touchpointId);
  checkServable(state, options);
  return prepared(state, await resolveIdentity(options.identityValue, options.identityType), options);
}

/** Without waiting, when the serving state and the identity are in memory (the usual case). */
function prepareNow(options: ContentRequest): Prepared | undefined {
  const state = servingStateNow(options.touchpointId);
  if (!state) return undefined;
  checkServable(state, options);
  const identity = resolveIdentityNow(options.identityValue, options.identityType);
  return identity ? prepared(state, identity, options) : undefined;
}

function filledBy(
  f: Filled,
  strategy: Strategy,
  state: ServingState,
  context: RuleContext,
  preview?: boolean,
): ContentEntry["filled_by"] {
  const out: ContentEntry["filled_by"] = {
    rule_index: f.rule_index,
    rule_type: f.rule_type,
    is_fallback: f.is_fallback,
    strategy_id: strategy.strategy_id,
  };
  if (f.score !== undefined) out.score = Math.round(f.score * 10_000) / 10_000;
  if (preview) {
    const explanation = f.evidence ? explain(f.evidence, itemName(state)) : fallbackExplanation(f, context);
    if (explanation) out.explanation = explanation;
  }
  return out;
}

function itemName(state: ServingState): (itemNo: number) => string {
  const models = modelsNow()?.models;
  return (n) => {
    const id = models?.itemIds[n] ?? String(n);
    return state.items.get(id)?.item_name || id;
  };
}

/** Kinds that start from a visitor's own history: for a product identity they always fall back. */
const HISTORY_KINDS = new Set(["history-based", "history-based-interactions"]);

function fallbackExplanation(f: Filled, context: RuleContext): string | undefined {
  if (!f.is_fallback) return undefined;
  if (f.rule_type && HISTORY_KINDS.has(f.rule_type) && context.identity.identity_type === "product_id") {
    return `${f.rule_type} works from a visitor's own history and a product has none: best sellers within the rule's filters`;
  }
  return f.rule_type
    ? "no personal recommendation for this visitor here: best sellers within the rule's filters"
    : "the touchpoint's fallback: best sellers, then other items";
}

/** Content as an object (previews, the wheel). */
export async function serveContent(options: ContentRequest): Promise<Content> {
  const { state, identity, strategy, contextOptions } = await prepare(options);
  const context = ruleContext(contextOptions);
  const { touchpoint } = state;
  return {
    touchpoint_id: options.preview ? `${touchpoint.touchpoint_id}-default` : touchpoint.touchpoint_id,
    touchpoint_type: touchpoint.touchpoint_type,
    identity_type: identity.identity_type,
    identity_value: identity.identity_value,
    content: (options.preview
      ? fillFromState(state, strategy, context)
      : countRecommended(fillFromState(state, strategy, context))
    ).map((f) => ({
      position: f.position,
      item: itemView(state.items.get(f.item_id)!, touchpoint),
      filled_by: filledBy(f, strategy, state, context, options.preview),
    })),
  };
}

/** An item's view as JSON bytes, made once per item and serving state. */
function fragment(state: ServingState, itemId: string): Buffer {
  let bytes = state.fragments.get(itemId);
  if (bytes === undefined) {
    bytes = Buffer.from(JSON.stringify(itemView(state.items.get(itemId)!, state.touchpoint)), "utf8");
    state.fragments.set(itemId, bytes);
  }
  return bytes;
}

/** The views by number of a serving state's fragments (asked once per answer). */
function viewsByNumber(state: ServingState): ByNumber<(Buffer | undefined)[]> {
  let table = viewsNumbered.get(state.fragments);
  if (!table) {
    table = new ByNumber((n) => new Array<Buffer | undefined>(n));
    viewsNumbered.set(state.fragments, table);
  }
  return table;
}

/** A slot's item view: by the models' number when a learned kind placed it (see ByNumber). */
function slotFragment(state: ServingState, f: Filled, table: ByNumber<(Buffer | undefined)[]>): Buffer {
  if (f.item_no === undefined || f.item_ids === undefined) return fragment(state, f.item_id);
  const views = table.of(f.item_ids);
  let bytes = views[f.item_no];
  if (bytes === undefined) {
    bytes = fragment(state, f.item_id);
    views[f.item_no] = bytes;
  }
  return bytes;
}

/**
 * A slot's filled_by as JSON, as filledBy gives it outside previews: the same for every slot
 * its strategy's rule fills the same way, so made once per strategy, rule and fallback (kept per
 * strategy object: a changed strategy is a new object). With a score, `open` is that text before
 * its closing brace, which the score then ends.
 */
interface SlotBy {
  ruleType: string | null;
  closed: Buffer;
  open: Buffer;
}
const slotBys = new WeakMap<Strategy, (SlotBy | undefined)[]>();

/** The strategy's kept filled_by texts (asked once per answer, then read per slot). */
function slotBysOf(strategy: Strategy): (SlotBy | undefined)[] {
  let bys = slotBys.get(strategy);
  if (!bys) {
    bys = [];
    slotBys.set(strategy, bys);
  }
  return bys;
}

function slotBy(f: Filled, strategy: Strategy, bys: (SlotBy | undefined)[]): SlotBy {
  const at = ((f.rule_index ?? -1) + 1) * 2 + (f.is_fallback ? 1 : 0);
  let by = bys[at];
  if (by === undefined || by.ruleType !== f.rule_type) {
    const closed = JSON.stringify({
      rule_index: f.rule_index,
      rule_type: f.rule_type,
      is_fallback: f.is_fallback,
      strategy_id: strategy.strategy_id,
    } satisfies ContentEntry["filled_by"]);
    by = { ruleType: f.rule_type, closed: Buffer.from(closed, "utf8"), open: Buffer.from(closed.slice(0, -1), "utf8") };
    bys[at] = by;
  }
  return by;
}

/** `{"position":N,"item":` for the usual positions, and the other constant pieces, encoded once. */
const POSITION_OPEN = Array.from({ length: 64 }, (_, n) => Buffer.from(`{"position":${n},"item":`, "latin1"));
const FILLED_BY = Buffer.from(`,"filled_by":`, "latin1");
/** What a slot adds besides its view, filled_by, position and score: `,"score":`, braces, a comma. */
const SLOT_PUNCTUATION = 16;

/**
 * The content array as JSON bytes followed by the answer's closing brace (the answer's tail): put
 * together from the pieces kept (each item's view, each slot's filled_by) without a string of the
 * whole; previews explain each slot (JSON made here).
 */
function contentTail(state: ServingState, strategy: Strategy, context: RuleContext, preview?: boolean): Buffer {
  const filled = fillFromState(state, strategy, context);
  if (!preview) countRecommended(filled);
  const views: Buffer[] = [];
  const bys: (SlotBy | string)[] = [];
  const scores: (string | undefined)[] = [];
  let most = 3;
  const kept = slotBysOf(strategy);
  const numbered = viewsByNumber(state);
  for (const f of filled) {
    const view = slotFragment(state, f, numbered);
    const by = preview ? JSON.stringify(filledBy(f, strategy, state, context, true)) : slotBy(f, strategy, kept);
    const score = typeof by === "string" || f.score === undefined ? undefined : scoreText(f.score);
    views.push(view);
    bys.push(by);
    scores.push(score);
    most +=
      (POSITION_OPEN[f.position]?.length ?? 32) +
      view.length +
      FILLED_BY.length +
      (typeof by === "string" ? by.length * 3 : by.closed.length) +
      (score?.length ?? 0) +
      SLOT_PUNCTUATION;
  }
  const body = new BodyBytes(most);
  body.ascii("[");
  for (let i = 0; i < filled.length; i++) {
    const f = filled[i]!;
    if (i > 0) body.ascii(",");
    const open = POSITION_OPEN[f.position];
    if (open) body.put(open);
    else body.ascii(`{"position":${f.position},"item":`);
    body.put(views[i]!);
    body.put(FILLED_BY);
    const by = bys[i]!;
    const score = scores[i];
    if (typeof by === "string") body.text(by);
    else if (score === undefined) body.put(by.closed);
    else {
      body.put(by.open);
      body.ascii(`,"score":${score}}`);
    }
    body.ascii("}");
  }
  body.ascii("]}");
  return body.done();
}

/**
 * Content as JSON text, for the content route (the same document serveContent describes). Answers
 * without a promise when everything it needs is in memory: on the hot path every promise costs
 * (Next's async hooks are on in this process).
 */
export function serveContentJson(options: ContentRequest): JsonText | Promise<JsonText> {
  const now = prepareNow(options);
  if (now) return render(now, options);
  return prepare(options).then((p) => render(p, options));
}

function render({ state, identity, strategy, contextOptions, product }: Prepared, options: ContentRequest): JsonText {
  /** The answer's end encoded: the content array and the closing brace. */
  let tail: Buffer;
  if (!options.preview && !product && isContextFree(rulesOf(strategy))) {
    const now = wallMs();
    let shared = state.shared.get(strategy.strategy_id);
    if (!shared || now - shared.at >= SHARED_MS) {
      shared = { tail: contentTail(state, strategy, ruleContext(contextOptions)), at: now };
      state.shared.set(strategy.strategy_id, shared);
    }
    tail = shared.tail;
  } else tail = contentTail(state, strategy, ruleContext(contextOptions), options.preview);
  const { touchpoint } = state;
  const id = options.preview ? `${touchpoint.touchpoint_id}-default` : touchpoint.touchpoint_id;
  const head = `{"touchpoint_id":${JSON.stringify(id)},"touchpoint_type":${JSON.stringify(touchpoint.touchpoint_type)},"identity_type":${JSON.stringify(identity.identity_type)},"identity_value":${JSON.stringify(identity.identity_value)},"content":`;
  return new JsonText(undefined, { head, tail });
}
