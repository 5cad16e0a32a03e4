/**
 * Every learned model, built from the interactions and the catalog in one pass per model, with
 * its build time and the process's peak memory. The choices and parameters (ARCHITECTURE.md):
 * - community: item-kNN over the customer x item purchase matrix (each customer's 200 most recent
 *   items; visitors known only by a cookie left out, as they add noise: measured): W(i, j) =
 *   |U_i and U_j| / (sqrt(|U_i| * |U_j|) + shrink) / |U_i|^gamma (cosine, shrunk, popular anchors
 *   down-weighted), the best k per item (COMMUNITY_BUILD; the other choices there are off). A
 *   customer's score of j sums w_i * W(i, j)^COMMUNITY_SHARPEN over their items i, w_i halving per
 *   COMMUNITY_HALF_LIFE_DAYS before their latest (./kinds/community.ts): sharpening lets close
 *   neighbours count more than many loose ones. All chosen on the eval's validation window
 *   (docs/recommendations.md "Recommendation quality").
 *   communityAll: the same over all interaction kinds and every visitor (cookies included).
 *   communityTop: each visitor's ai-community-based ranking, its start, made from community and
 *   the histories (./kinds/community.ts), so that a customer with purchases is served without
 *   scoring.
 * - related: co-purchase within orders (support of at least RELATED_MIN_SUPPORT orders), ranked
 *   by count / count_j^RELATED_BETA (between confidence, beta 0, and lift, beta 1).
 *   relatedAll: co-occurrence within sessions (any kind, SESSION_GAP_MINUTES apart at most), cosine.
 * - transitions (ai-next-gen): session to the visitor's next session: count(a -> b) / count_b^0.3.
 * - similar (catalog), similarText (TF-IDF), text vectors and item features (./content.ts).
 * - time patterns for purchases and for all kinds (./time-patterns.ts).
 * - histories: each visitor's distinct items with kinds, times and repeat days: the HISTORY_PURCHASED
 *   most recent items they bought and, apart, the HISTORY_OTHER most recent they only viewed,
 *   clicked or carted (so a browsing session never pushes purchases out).
 */
import { orderBaskets, sessionBaskets, visitorBaskets } from "./baskets";
import {
  type ItemFacts,
  type ItemFeatures,
  itemFeatures,
  similarItems,
  type TextVectors,
  textNeighbours,
  textVectors,
} from "./content";
import { Growable } from "./growable";
import { ALL_KINDS, type Interactions, PURCHASES } from "./interactions";
import { type CommunityTop, communityTopLists } from "./kinds/community";
import { COMMUNITY_SHARPEN } from "./neighbour-picks";
import { buildNeighbours, type NeighbourOptions, type Neighbours } from "./neighbours";
import { type TimePatterns, timePatterns } from "./time-patterns";

export { COMMUNITY_SHARPEN };

/**
 * How the community models (community, communityAll) are built; the served values were chosen on
 * the eval's validation window (npm run eval:recs, docs/recommendations.md).
 */
export interface CommunityBuild {
  /** Neighbours kept per item. */
  k: number;
  /** Popularity penalty on the neighbour j: the score divided by |U_j|^beta (RP3beta-style; 0: none). */
  beta: number;
  /** Down-weighting of popular anchors i: the score divided by |U_i|^gamma (IDF-like; 0: none). */
  gamma: number;
  /** Similarity shrinkage: divided by sqrt(|U_i| * |U_j|) + shrink (few shared buyers weigh less). */
  shrink: number;
  /** A bulk buyer's pairs weigh 1 / log2(1 + |I_u|) (else 1). */
  bulkWeight: boolean;
  /** Each item's neighbour row divided by its best score (every anchor gives at most 1 per item). */
  rowNorm: boolean;
  /** Trend of the neighbour j: the score times (1 + its distinct visitors of the last TREND_DAYS)^trend (0: none). */
  trend: number;
}
/** The days the community's trend counts visitors over. */
export const TREND_DAYS = 30;
export const COMMUNITY_BUILD: CommunityBuild = {
  k: 50,
  beta: 0,
  gamma: 0.1,
  shrink: 2,
  bulkWeight: false,
  rowNorm: false,
  trend: 0,
};
export const COMMUNITY_K = COMMUNITY_BUILD.k;

/** A community model (item-kNN over the customer x item matrix of the given kinds). */
export function communityNeighbours(
  data: Interactions,
  kinds: number,
  customersOnly: boolean,
  p: CommunityBuild = COMMUNITY_BUILD,
): Neighbours {
  const recent = p.trend ? popularity(data, TREND_DAYS) : undefined;
  const nb = buildNeighbours(communityBaskets(data, kinds, customersOnly), communityScoring(p, recent));
  if (p.rowNorm) normaliseRows(nb);
  return nb;
}

/** The community model's baskets: each visitor's 200 most recent distinct items of `kinds`. */
export function communityBaskets(data: Interactions, kinds: number, customersOnly: boolean) {
  return visitorBaskets(data, { kinds, maxSize: 200, customersOnly });
}

/** How the community model scores a pair (`recent`: visitors per item of the last TREND_DAYS, with a trend). */
export function communityScoring(p: CommunityBuild, recent?: Float32Array): NeighbourOptions {
  return {
    k: p.k,
    minSupport: 1,
    ...(p.bulkWeight ? { basketWeight: (size: number) => 1 / Math.log2(1 + size) } : {}),
    score: (weighted, _count, countI, countJ, _i, j) =>
      (weighted / (Math.sqrt(countI * countJ) + p.shrink) / countJ ** p.beta / countI ** p.gamma) *
      (recent ? (1 + recent[j]!) ** p.trend : 1),
  };
}

/** Each row divided by its best score (CommunityBuild.rowNorm). */
export function normaliseRows(nb: { start: Int32Array; score: Float32Array }): void {
  for (let i = 0; i + 1 < nb.start.length; i++) {
    const from = nb.start[i]!;
    const best = nb.score[from];
    if (from === nb.start[i + 1] || !best) continue;
    for (let q = from; q < nb.start[i + 1]!; q++) nb.score[q] = nb.score[q]! / best;
  }
}

export const RELATED_MIN_SUPPORT = 2;
export const RELATED_BETA = 0.5;
export const SESSION_GAP_MINUTES = 60;
export const HISTORY_PURCHASED = 100;
export const HISTORY_OTHER = 100;
const NEIGHBOURS_K = 50;

/** The related model (related-products): co-purchase within orders, count / count_j^RELATED_BETA. */
export const RELATED_SCORING: NeighbourOptions = {
  k: NEIGHBOURS_K,
  minSupport: RELATED_MIN_SUPPORT,
  score: (_w, count, _ci, cj) => count / cj ** RELATED_BETA,
};

export interface Histories {
  /** Items of visitor u: [start[u], start[u + 1]), oldest first. */
  start: Int32Array;
  item: Int32Array;
  /** Minute of the latest interaction with the item (any kind). */
  lastMinute: Int32Array;
  /** Kinds seen (bit mask of KIND). */
  kinds: Uint8Array;
  /** Distinct days the visitor bought the item, and the first and last of them (minutes). */
  purchaseDays: Int32Array;
  firstPurchase: Int32Array;
  lastPurchase: Int32Array;
}

export interface Models {
  builtAt: number;
  /** The latest event the models saw (ms) and how many events they read. */
  lastEventMs: number;
  events: number;
  /** The build read only events since this time (RECS_BUILD_WINDOW_DAYS); else every event. */
  windowSinceMs?: number;
  /**
   * Per visitor, 1 when an incremental update changed the rows of an item they bought: their
   * communityTop list was ranked with the old rows, so they are scored live (../model-patches.ts).
   */
  communityStale?: Uint8Array;
  itemIds: string[];
  users: string[];
  histories: Histories;
  community: Neighbours;
  /** Builds before communityTop was made have none (their customers are scored live). */
  communityTop?: CommunityTop;
  communityAll: Neighbours;
  related: Neighbours;
  relatedAll: Neighbours;
  transitions: Neighbours;
  similar: Neighbours;
  similarText: Neighbours;
  text: TextVectors;
  features: ItemFeatures;
  timePurchases: TimePatterns;
  timeAll: TimePatterns;
  /** Build time (ms) and peak resident memory (MB) per model. */
  stats: Record<string, { ms: number; peakMb: number }>;
}

export function histories(data: Interactions): Histories {
  const start = new Int32Array(data.users.length + 1);
  // Typed columns (at 10M events, plain arrays of numbers took ~3x the memory, then a copy).
  const int32 = () => new Growable((n) => new Int32Array(n), 0, 1 << 16);
  const item = int32();
  const lastMinute = int32();
  const kinds = new Growable((n) => new Uint8Array(n), 0, 1 << 16);
  const purchaseDays = int32();
  const firstPurchase = int32();
  const lastPurchase = int32();
  const at = new Map<number, number>();
  for (let u = 0; u < data.users.length; u++) {
    at.clear();
    const rows: { i: number; last: number; kinds: number; days: number; first: number; lastP: number }[] = [];
    for (let e = data.userStart[u]!; e < data.userStart[u + 1]!; e++) {
      const i = data.item[e]!;
      const m = data.minute[e]!;
      let r = at.get(i);
      if (r === undefined) {
        r = rows.length;
        at.set(i, r);
        rows.push({ i, last: m, kinds: 0, days: 0, first: -1, lastP: -1 });
      }
      const row = rows[r]!;
      row.last = m;
      row.kinds |= 1 << data.kind[e]!;
      if (data.kind[e] === 0) {
        if (row.lastP < 0 || Math.floor(m / 1440) > Math.floor(row.lastP / 1440)) row.days++;
        if (row.first < 0) row.first = m;
        row.lastP = m;
      }
    }
    // Each cap on its own kind of row, then one list in time order.
    const bought = rows.filter((r) => r.lastP >= 0).sort((a, b) => a.last - b.last || a.i - b.i);
    const other = rows.filter((r) => r.lastP < 0).sort((a, b) => a.last - b.last || a.i - b.i);
    const kept = [...bought.slice(-HISTORY_PURCHASED), ...other.slice(-HISTORY_OTHER)].sort(
      (a, b) => a.last - b.last || a.i - b.i,
    );
    for (const row of kept) {
      item.push(row.i);
      lastMinute.push(row.last);
      kinds.push(row.kinds);
      purchaseDays.push(row.days);
      firstPurchase.push(row.first);
      lastPurchase.push(row.lastP);
    }
    start[u + 1] = item.length;
  }
  return {
    start,
    item: item.copy(),
    lastMinute: lastMinute.copy(),
    kinds: kinds.copy(),
    purchaseDays: purchaseDays.copy(),
    firstPurchase: firstPurchase.copy(),
    lastPurchase: lastPurchase.copy(),
  };
}

export type BuildProgress = (step: string, done: number, total: number) => void | Promise<void>;

export const MODEL_STEPS = [
  "histories",
  "community",
  "communityTop",
  "communityAll",
  "related",
  "relatedAll",
  "transitions",
  "similar",
  "similarText",
  "timePatterns",
] as const;

/** Builds every model; `progress` is told before each step (and may yield to the event loop). */
export async function buildModels(
  data: Interactions,
  facts: ItemFacts[],
  options: { progress?: BuildProgress; now?: number; community?: CommunityBuild } = {},
): Promise<Models> {
  const stats: Models["stats"] = {};
  let peak = process.memoryUsage().rss;
  const sample = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 200);
  sample.unref?.();
  let stepNo = 0;
  async function step<T>(name: (typeof MODEL_STEPS)[number], run: () => T): Promise<T> {
    await options.progress?.(name, stepNo++, MODEL_STEPS.length);
    const started = performance.now();
    peak = process.memoryUsage().rss;
    const out = run();
    peak = Math.max(peak, process.memoryUsage().rss);
    stats[name] = { ms: Math.round(performance.now() - started), peakMb: Math.round(peak / 1048576) };
    return out;
  }
  try {
    const hist = await step("histories", () => histories(data));
    const collaborative = (kinds: number, customersOnly: boolean) =>
      communityNeighbours(data, kinds, customersOnly, options.community);
    const community = await step("community", () => collaborative(PURCHASES, true));
    const communityTop = await step("communityTop", () => communityTopLists(hist, community));
    const communityAll = await step("communityAll", () => collaborative(ALL_KINDS, false));
    const related = await step("related", () => buildNeighbours(orderBaskets(data), RELATED_SCORING));
    const relatedAll = await step("relatedAll", () =>
      buildNeighbours(sessionBaskets(data, { kinds: ALL_KINDS, gapMinutes: SESSION_GAP_MINUTES }), {
        k: NEIGHBOURS_K,
        minSupport: RELATED_MIN_SUPPORT,
        score: (_w, count, ci, cj) => count / Math.sqrt(ci * cj),
      }),
    );
    const transitions = await step("transitions", () =>
      buildNeighbours(sessionBaskets(data, { kinds: ALL_KINDS, gapMinutes: SESSION_GAP_MINUTES, chainNext: true }), {
        k: NEIGHBOURS_K,
        minSupport: 1,
        score: (_w, count, _ci, cj) => count / cj ** 0.3,
      }),
    );
    const popular = popularity(data, POPULARITY_DAYS);
    const similar = await step("similar", () => similarItems(facts, NEIGHBOURS_K, popular));
    const textModel = await step("similarText", () => {
      const text = textVectors(facts);
      return { text, neighbours: textNeighbours(text, NEIGHBOURS_K), features: itemFeatures(facts) };
    });
    const [timePurchases, timeAll] = await step("timePatterns", () => [
      timePatterns(data, PURCHASES),
      timePatterns(data, ALL_KINDS),
    ]);
    const models: Models = {
      builtAt: options.now ?? Date.now(),
      lastEventMs: data.lastMs,
      events: data.item.length,
      itemIds: data.itemIds,
      users: data.users,
      histories: hist,
      community,
      communityTop,
      communityAll,
      related,
      relatedAll,
      transitions,
      similar,
      similarText: textModel.neighbours,
      text: textModel.text,
      features: textModel.features,
      timePurchases,
      timeAll,
      stats,
    };
    return models;
  } finally {
    clearInterval(sample);
  }
}

/** Distinct visitors per item (any kind) in the last `days` of the data. */
const POPULARITY_DAYS = 90;
export function popularity(data: Interactions, days: number): Float32Array {
  const out = new Float32Array(data.itemIds.length);
  const since = data.lastMs / 60_000 - days * 1440;
  const seen = new Set<number>();
  for (let u = 0; u < data.users.length; u++) {
    seen.clear();
    for (let e = data.userStart[u]!; e < data.userStart[u + 1]!; e++) {
      if (data.minute[e]! < since || seen.has(data.item[e]!)) continue;
      seen.add(data.item[e]!);
      out[data.item[e]!]!++;
    }
  }
  return out;
}
