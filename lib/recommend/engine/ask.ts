/**
 * What every learned kind's scoring shares (./recommend.ts dispatches to one file per family):
 * the ask (who, which product, when, what to leave out), the picks with their evidence, the
 * visitor's recent items with the live overlay merged in, their anchors, and what is skipped.
 */
import type { LEARNED_RULE_TYPES } from "../rule-constants";
import { KIND_WEIGHT, PURCHASES } from "./interactions";
import type { Histories, Models } from "./models";

export type LearnedKind = (typeof LEARNED_RULE_TYPES)[number];

/**
 * Why an item was placed, from the numbers that scored it. Counts are counts (baskets, visitors,
 * items), never weights; shares are parts of the item's score (0-1).
 */
export type Evidence =
  | {
      type: "neighbour";
      model: NeighbourModel;
      /** The anchor that gave most of the score, its share, and the baskets it shares with the item. */
      anchor: number;
      share: number;
      support: number;
      /** The anchor that gave the second most, with its own share and shared baskets. */
      second?: { anchor: number; share: number; support: number };
      anchorDays?: number;
    }
  | {
      type: "due";
      daysAgo: number;
      /** Distinct days the visitor bought the item. */
      times: number;
      /** The visitor's own mean interval (times >= 2), else the item's median across customers. */
      intervalDays: number;
      personal: boolean;
      /** The visitor's own interval has elapsed (only with personal: an item bought once is never due). */
      due: boolean;
    }
  | { type: "season"; visitors: number; purchases: boolean }
  | { type: "words"; terms: string[]; anchor?: number }
  | { type: "affinity"; feature: string; items: number };

export type NeighbourModel =
  | "community"
  | "communityAll"
  | "related"
  | "relatedAll"
  | "transitions"
  | "similar"
  | "similarText";

export interface Pick {
  item: number;
  score: number;
  readonly evidence: Evidence;
}

/**
 * A pick whose evidence is worked out when first read: what serving yields from the build's lists
 * (content requests never read the evidence, previews do). A class, so that making one costs what
 * a plain object does.
 */
export class LazyPick implements Pick {
  readonly #make: () => Evidence;
  #known: Evidence | undefined;
  constructor(
    readonly item: number,
    readonly score: number,
    make: () => Evidence,
  ) {
    this.#make = make;
  }
  get evidence(): Evidence {
    this.#known ??= this.#make();
    return this.#known;
  }
}

export interface Ask {
  kind: LearnedKind;
  /** The visitor's number in the models (a known customer or cookie with history). */
  user?: number;
  /** The product's number (product identity or the page's product). */
  product?: number;
  nowMs: number;
  /** Items the visitor bought within these days are left out (0: none, Infinity: all ever bought). */
  excludeDays: number;
  limit: number;
  /** ai-attribute-based-leaflet: the leaflet's items, in the leaflet's order. */
  leaflet?: number[];
  /**
   * What the visitor did since the models were built (lib/recommend/live-overlay.ts), latest
   * first: merged into their history by time, so a view recorded now changes the next answer.
   */
  live?: readonly LiveInteraction[];
  /**
   * The rule's item filter as a mask over the models' items (1: allowed): candidates outside it
   * are dropped before the best `limit` are chosen, so a narrow filter still gets the visitor's
   * best items inside it rather than whatever of an unfiltered top list happens to pass.
   */
  allow?: Uint8Array;
}

export interface LiveInteraction {
  item: number;
  /** Bit mask of KIND. */
  kinds: number;
  minute: number;
}

export interface Anchor {
  item: number;
  weight: number;
  /** Minute of the visitor's latest interaction with it. */
  minute?: number;
}

/** Every interaction kind (bit mask of KIND). */
export const ANY = 0b1111;

/**
 * Items that may not be placed: those left out for the visitor (bought lately, the page's
 * product) and, with a rule filter, those outside it. A mask over the models' items (one per
 * models, shared by the requests of this thread, which run one at a time), cleared by release().
 */
export class Skip {
  private readonly marked: number[] = [];
  constructor(
    private readonly mark: Uint8Array,
    readonly allow?: Uint8Array,
  ) {}
  add(j: number): void {
    if (this.mark[j] === 0) {
      this.mark[j] = 1;
      this.marked.push(j);
    }
  }
  /** Left out for the visitor (whatever the filter). */
  has(j: number): boolean {
    return this.mark[j] === 1;
  }
  /** Left out, or outside the rule's filter. */
  blocked(j: number): boolean {
    return this.mark[j] === 1 || (this.allow !== undefined && this.allow[j] !== 1);
  }
  get size(): number {
    return this.marked.length;
  }
  release(): void {
    for (const j of this.marked) this.mark[j] = 0;
    this.marked.length = 0;
  }
}

let shared = new Uint8Array(0);
/**
 * A mask over n items, all zero, shared by the thread's requests (one at a time): whoever marks
 * it clears it before returning.
 */
export function itemMask(n: number): Uint8Array {
  if (shared.length < n) shared = new Uint8Array(n);
  return shared;
}

/** The ask's skip: items bought within excludeDays (live purchases too) and the product. */
export function skipFor(m: Models, ask: Ask): Skip {
  const skip = new Skip(itemMask(m.itemIds.length), ask.allow);
  if (ask.user !== undefined && ask.excludeDays > 0) {
    const h = m.histories;
    const since = ask.nowMs / 60_000 - ask.excludeDays * 1440;
    for (let p = h.start[ask.user]!; p < h.start[ask.user + 1]!; p++) {
      if (h.lastPurchase[p]! >= 0 && h.lastPurchase[p]! >= since) skip.add(h.item[p]!);
    }
  }
  if (ask.live && ask.excludeDays > 0) {
    const since = ask.nowMs / 60_000 - ask.excludeDays * 1440;
    for (const l of ask.live) if (l.kinds & PURCHASES && l.minute >= since) skip.add(l.item);
  }
  if (ask.product !== undefined) skip.add(ask.product);
  return skip;
}

export interface RecentItem {
  item: number;
  minute: number;
  kinds: number;
}

/**
 * The visitor's history items (most recent first) of the given kinds, the first `n`: the models'
 * history with the live items (ask.live) merged in by time, an item in both once.
 */
export function recent(m: { histories: Histories }, ask: Ask, kinds: number, n: number): RecentItem[] {
  const u = ask.user;
  const out: RecentItem[] = [];
  // Live items of other kinds change nothing here (a view does not make a purchase more recent).
  const live = ask.live?.some((l) => l.kinds & kinds) ? ask.live : undefined;
  if (u !== undefined) {
    const h = m.histories;
    // With live items the whole history is read (they may outrank any of it); else the first n.
    for (let p = h.start[u + 1]! - 1; p >= h.start[u]! && (live || out.length < n); p--) {
      if (h.kinds[p]! & kinds) out.push({ item: h.item[p]!, minute: h.lastMinute[p]!, kinds: h.kinds[p]! });
    }
  }
  if (!live) return out;
  const at = new Map(out.map((r, i) => [r.item, i]));
  for (const l of live) {
    if (!(l.kinds & kinds)) continue;
    const i = at.get(l.item);
    if (i === undefined) {
      at.set(l.item, out.length);
      out.push({ item: l.item, minute: l.minute, kinds: l.kinds });
    } else {
      const r = out[i]!;
      r.kinds |= l.kinds;
      r.minute = Math.max(r.minute, l.minute);
    }
  }
  out.sort((a, b) => b.minute - a.minute || a.item - b.item);
  return out.length > n ? out.slice(0, n) : out;
}

/** The weight of the strongest kind in a mask (purchase 1, ..., view 0.25). */
export function kindWeight(kinds: number): number {
  for (let k = 0; k < KIND_WEIGHT.length; k++) if (kinds & (1 << k)) return KIND_WEIGHT[k]!;
  return 0;
}

/** The anchors of a kind: the product, else the visitor's items (recent ones weigh more where it says so). */
export function anchorsFor(m: { histories: Histories }, ask: Ask, kinds: number, n: number, decay: number): Anchor[] {
  if (ask.product !== undefined) return [{ item: ask.product, weight: 1 }];
  return recent(m, ask, kinds, n).map((r, rank) => ({
    item: r.item,
    weight: decay ** rank * (kinds === PURCHASES ? 1 : kindWeight(r.kinds)),
    minute: r.minute,
  }));
}

/** The best `limit` picks, best first (ties by item number). */
export function top(picks: Pick[], limit: number): Pick[] {
  picks.sort((a, b) => b.score - a.score || a.item - b.item);
  return picks.length > limit ? picks.slice(0, limit) : picks;
}
