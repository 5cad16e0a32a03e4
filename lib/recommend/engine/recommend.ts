/**
 * A learned kind's ranked items for one visitor or product, from the models (./models.ts), with
 * the evidence of each (./explain.ts turns it into words). Synchronous and allocation-light: it
 * runs on the content route's hot path. Anchors are the items a recommendation starts from: the
 * product for a product identity, else items of the customer's history (which ones depends on the
 * kind); each candidate's score sums anchor weight x neighbour score, and the anchor that gave the
 * most is its evidence.
 */
import { LEARNED_RULE_TYPES } from "../rule-constants";
import { KIND_WEIGHT, PURCHASES } from "./interactions";
import { COMMUNITY_SHARPEN, type Models } from "./models";
import { type Neighbours, TopK } from "./neighbours";
import { dueness, SEASON_AHEAD, seasonal, seasonVisitors, type TimePatterns, WEEKS } from "./time-patterns";

export const LEARNED_KINDS = LEARNED_RULE_TYPES;
export type LearnedKind = (typeof LEARNED_KINDS)[number];

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
  evidence: Evidence;
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

interface Anchor {
  item: number;
  weight: number;
  /** Minute of the visitor's latest interaction with it. */
  minute?: number;
}

/** Per models: dense scratch arrays reused by every request (one JavaScript thread). */
interface Scratch {
  score: Float64Array;
  best: Float64Array;
  bestAnchor: Int32Array;
  support: Int32Array;
  secondBest: Float64Array;
  secondAnchor: Int32Array;
  secondSupport: Int32Array;
  touched: Int32Array;
}
const scratchOf = new WeakMap<Models, Scratch>();
function scratch(m: Models): Scratch {
  let s = scratchOf.get(m);
  if (!s) {
    const n = m.itemIds.length;
    s = {
      score: new Float64Array(n),
      best: new Float64Array(n),
      bestAnchor: new Int32Array(n),
      support: new Int32Array(n),
      secondBest: new Float64Array(n),
      secondAnchor: new Int32Array(n).fill(-1),
      secondSupport: new Int32Array(n),
      touched: new Int32Array(n),
    };
    scratchOf.set(m, s);
  }
  return s;
}

/**
 * The visitor's history items (most recent first) of the given kinds, the first `n`: the models'
 * history with the live items (ask.live) merged in by time, an item in both once.
 */
function recent(m: Models, ask: Ask, kinds: number, n: number): { item: number; minute: number; kinds: number }[] {
  const u = ask.user;
  const out: { item: number; minute: number; kinds: number }[] = [];
  const live = ask.live?.length ? ask.live : undefined;
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
    const i = at.get(l.item);
    if (i === undefined) {
      if (l.kinds & kinds) {
        at.set(l.item, out.length);
        out.push({ item: l.item, minute: l.minute, kinds: l.kinds });
      }
    } else {
      const r = out[i]!;
      r.kinds |= l.kinds;
      r.minute = Math.max(r.minute, l.minute);
    }
  }
  out.sort((a, b) => b.minute - a.minute || a.item - b.item);
  return out.length > n ? out.slice(0, n) : out;
}

function kindWeight(kinds: number): number {
  for (let k = 0; k < KIND_WEIGHT.length; k++) if (kinds & (1 << k)) return KIND_WEIGHT[k]!;
  return 0;
}

/** Whether item j may be placed: not skipped, and inside the rule's filter when it has one. */
function blocked(ask: Ask, skip: Set<number>, j: number): boolean {
  return skip.has(j) || (ask.allow !== undefined && ask.allow[j] !== 1);
}

/** Items bought within excludeDays of now. */
function excluded(m: Models, ask: Ask): Set<number> {
  const out = new Set<number>();
  if (ask.user === undefined || !(ask.excludeDays > 0)) return out;
  const h = m.histories;
  const since = ask.nowMs / 60_000 - ask.excludeDays * 1440;
  for (let p = h.start[ask.user]!; p < h.start[ask.user + 1]!; p++) {
    if (h.lastPurchase[p]! >= 0 && h.lastPurchase[p]! >= since) out.add(h.item[p]!);
  }
  return out;
}

/** excluded() with the live purchases (a visitor the models do not know yet has only those). */
function excludedWithLive(m: Models, ask: Ask): Set<number> {
  const out = excluded(m, ask);
  if (!ask.live || !(ask.excludeDays > 0)) return out;
  const since = ask.nowMs / 60_000 - ask.excludeDays * 1440;
  for (const l of ask.live) if (l.kinds & PURCHASES && l.minute >= since) out.add(l.item);
  return out;
}

/**
 * Serving parameters the eval tunes (npm run eval:recs, on validation customers only); serving
 * uses the defaults.
 */
export const servingParameters = { communitySharpen: COMMUNITY_SHARPEN };

/** Neighbour scores raised to a power, computed once per model and power (not per request). */
const sharpened = new WeakMap<Neighbours, { power: number; scores: Float32Array }>();
function scoresOf(nb: Neighbours, sharpen: number): Float32Array {
  if (sharpen === 1) return nb.score;
  let out = sharpened.get(nb);
  if (!out || out.power !== sharpen) {
    out = { power: sharpen, scores: nb.score.map((x) => x ** sharpen) };
    sharpened.set(nb, out);
  }
  return out.scores;
}

function neighbourPicks(m: Models, model: NeighbourModel, anchors: Anchor[], ask: Ask, skip: Set<number>): Pick[] {
  const nb = m[model];
  const sharpen = model === "community" || model === "communityAll" ? servingParameters.communitySharpen : 1;
  const scores = scoresOf(nb, sharpen);
  const s = scratch(m);
  let nTouched = 0;
  for (const a of anchors) {
    for (let q = nb.start[a.item]!; q < nb.start[a.item + 1]!; q++) {
      const j = nb.item[q]!;
      if (blocked(ask, skip, j)) continue;
      const c = a.weight * scores[q]!;
      if (!(c > 0)) continue;
      if (s.score[j] === 0) {
        s.touched[nTouched++] = j;
        s.secondAnchor[j] = -1;
      }
      s.score[j]! += c;
      if (c > s.best[j]!) {
        if (s.best[j]! > 0) {
          s.secondBest[j] = s.best[j]!;
          s.secondAnchor[j] = s.bestAnchor[j]!;
          s.secondSupport[j] = s.support[j]!;
        }
        s.best[j] = c;
        s.bestAnchor[j] = a.item;
        s.support[j] = nb.support[q]!;
      } else if (c > s.secondBest[j]!) {
        s.secondBest[j] = c;
        s.secondAnchor[j] = a.item;
        s.secondSupport[j] = nb.support[q]!;
      }
    }
  }
  // The best `limit` by score first (no allocation per candidate), then objects for those only.
  const best = new TopK(ask.limit);
  for (let t = 0; t < nTouched; t++) best.offer(s.touched[t]!, s.score[s.touched[t]!]!);
  const minuteOf = new Map(anchors.map((a) => [a.item, a.minute]));
  const picks: Pick[] = best.sorted().map(({ id: j, score }) => {
    const anchor = s.bestAnchor[j]!;
    const minute = minuteOf.get(anchor);
    const second = s.secondAnchor[j]!;
    return {
      item: j,
      score,
      evidence: {
        type: "neighbour",
        model,
        anchor,
        share: s.best[j]! / score,
        support: s.support[j]!,
        ...(second >= 0
          ? { second: { anchor: second, share: s.secondBest[j]! / score, support: s.secondSupport[j]! } }
          : {}),
        ...(minute !== undefined ? { anchorDays: Math.floor((ask.nowMs / 60_000 - minute) / 1440) } : {}),
      },
    };
  });
  for (let t = 0; t < nTouched; t++) {
    const j = s.touched[t]!;
    s.score[j] = 0;
    s.best[j] = 0;
    s.secondBest[j] = 0;
  }
  return picks;
}

function top(picks: Pick[], limit: number): Pick[] {
  picks.sort((a, b) => b.score - a.score || a.item - b.item);
  return picks.length > limit ? picks.slice(0, limit) : picks;
}

/** The anchors of a kind: the product, else the visitor's items (recent ones weigh more where it says so). */
function anchorsFor(m: Models, ask: Ask, kinds: number, n: number, decay: number): Anchor[] {
  if (ask.product !== undefined) return [{ item: ask.product, weight: 1 }];
  return recent(m, ask, kinds, n).map((r, rank) => ({
    item: r.item,
    weight: decay ** rank * (kinds === PURCHASES ? 1 : kindWeight(r.kinds)),
    minute: r.minute,
  }));
}

const ANY = 0b1111;
const LEAFLET_PRIOR = 1;

/** The neighbour kinds: which neighbours, from which of the visitor's items (kinds, how many, recency decay). */
const NEIGHBOUR_KINDS: Partial<
  Record<LearnedKind, { model: NeighbourModel; kinds: number; n: number; decay: number }>
> = {
  "ai-community-based": { model: "community", kinds: PURCHASES, n: 200, decay: 1 },
  "ai-community-based-interactions": { model: "communityAll", kinds: ANY, n: 200, decay: 1 },
  "related-products": { model: "related", kinds: PURCHASES, n: 5, decay: 0.8 },
  "related-products-ai": { model: "relatedAll", kinds: ANY, n: 5, decay: 0.8 },
  "similar-products": { model: "similar", kinds: ANY, n: 3, decay: 0.7 },
  "similar-products-ai": { model: "similarText", kinds: ANY, n: 3, decay: 0.7 },
};

export function recommend(m: Models, ask: Ask): Pick[] {
  const skip = excludedWithLive(m, ask);
  if (ask.product !== undefined) skip.add(ask.product);
  const neighbours = NEIGHBOUR_KINDS[ask.kind];
  if (neighbours) {
    const anchors = anchorsFor(m, ask, neighbours.kinds, neighbours.n, neighbours.decay);
    return neighbourPicks(m, neighbours.model, anchors, ask, skip);
  }
  switch (ask.kind) {
    case "history-based":
      return historyBased(m, ask, skip, "related", PURCHASES);
    case "history-based-interactions":
      return historyBased(m, ask, skip, "relatedAll", ANY);
    case "ai-next-gen":
      return nextGen(m, ask, skip);
    case "time-based":
      return timeBased(m, ask, skip, m.timePurchases, PURCHASES);
    case "time-based-interactions":
      return timeBased(m, ask, skip, m.timeAll, ANY);
    case "ai-description-based":
      return described(m, ask, skip);
    case "ai-attribute-based-leaflet":
      return leaflet(m, ask, skip);
    default:
      return [];
  }
}

/** Days over which an item of the visitor's history loses half its weight (history-based). */
export const HISTORY_HALF_LIFE_DAYS = 30;
/** The weight of items in the visitor's latest session (their current intent) against older ones. */
export const LATEST_SESSION_BOOST = 2;
const SESSION_GAP = 60;

/**
 * history-based: from the visitor's own history, not from customers like them. Each item of the
 * history weighs by how often and how lately the visitor had it: (1 + log2 of its purchase days)
 * x 2^(-age / HISTORY_HALF_LIFE_DAYS) x its kind's weight, doubled for the items of their latest
 * session (interactions at most an hour apart, back from the latest); candidates are what is
 * bought in the same order as those items (-interactions: in the same visit). A product has no
 * history: nothing here (the rule's fallback, said so in the preview).
 */
function historyBased(m: Models, ask: Ask, skip: Set<number>, model: NeighbourModel, kinds: number): Pick[] {
  if (ask.user === undefined && !ask.live?.length) return [];
  const items = recent(m, ask, kinds, Number.POSITIVE_INFINITY);
  if (items.length === 0) return [];
  const h = m.histories;
  const days = new Map<number, number>();
  if (ask.user !== undefined) {
    for (let p = h.start[ask.user]!; p < h.start[ask.user + 1]!; p++) days.set(h.item[p]!, h.purchaseDays[p]!);
  }
  const nowMinute = ask.nowMs / 60_000;
  // The latest session: back from the latest interaction while the gaps stay under an hour.
  let sessionFrom = items[0]!.minute;
  for (let r = 1; r < items.length && sessionFrom - items[r]!.minute <= SESSION_GAP; r++)
    sessionFrom = items[r]!.minute;
  const anchors: Anchor[] = items.map((r) => ({
    item: r.item,
    weight:
      (1 + Math.log2(Math.max(1, days.get(r.item) ?? 1))) *
      2 ** (-Math.max(0, nowMinute - r.minute) / 1440 / HISTORY_HALF_LIFE_DAYS) *
      (kinds === PURCHASES ? 1 : kindWeight(r.kinds)) *
      (r.minute >= sessionFrom ? LATEST_SESSION_BOOST : 1),
    minute: r.minute,
  }));
  return neighbourPicks(m, model, anchors, ask, skip);
}

/** Transitions from the latest items (the latest weighs most), backed off to community neighbours. */
function nextGen(m: Models, ask: Ask, skip: Set<number>): Pick[] {
  const anchors = anchorsFor(m, ask, ANY, 8, 0.6);
  const picks = neighbourPicks(m, "transitions", anchors, ask, skip);
  if (picks.length >= ask.limit) return picks;
  const have = new Set(picks.map((p) => p.item));
  const backoff = neighbourPicks(m, "community", anchors, ask, new Set([...skip, ...have]));
  const floor = picks.length ? Math.min(...picks.map((p) => p.score)) : 1;
  const scale = backoff.length ? (0.5 * floor) / backoff[0]!.score : 0;
  return [...picks, ...backoff.map((p) => ({ ...p, score: p.score * scale }))].slice(0, ask.limit);
}

/** Per week of the year, the items selling most in that season (made once per models). */
const seasonTops = new WeakMap<TimePatterns, Int32Array[]>();
const SEASON_TOP = 300;
function seasonTop(p: TimePatterns, nItems: number, week: number): Int32Array {
  let tops = seasonTops.get(p);
  if (!tops) {
    tops = [];
    seasonTops.set(p, tops);
  }
  let list = tops[week];
  if (!list) {
    const ms = Date.UTC(2001, 0, 1) + week * 7 * 86_400_000 + 3 * 86_400_000;
    const scored: { i: number; s: number }[] = [];
    for (let i = 0; i < nItems; i++) {
      const s = seasonal(p, i, ms);
      if (s > 0) scored.push({ i, s });
    }
    scored.sort((a, b) => b.s - a.s || a.i - b.i);
    list = Int32Array.from(scored.slice(0, SEASON_TOP).map((x) => x.i));
    tops[week] = list;
  }
  return list;
}

/**
 * How likely a bought item is bought again now: the more distinct days it was bought on, the
 * more; recent purchases more (fading over RECENCY_DAYS); and an item not yet due by its interval
 * half as much as one that is (dueness peaks at the interval and stays there once overdue).
 * Chosen on the eval split's repurchases against recency alone and other blends.
 */
const RECENCY_DAYS = 90;
export function repurchaseScore(daysAgo: number, intervalDays: number, days: number): number {
  return days * Math.exp(-daysAgo / RECENCY_DAYS) * (0.5 + dueness(Math.min(daysAgo, intervalDays), intervalDays));
}

const squash = (x: number) => x / (1 + x);

/** Seasonal lift of item i at ms: its visitors in these weeks against its average weeks. */
function seasonLift(p: TimePatterns, i: number, ms: number): number {
  let all = 0;
  for (let w = 0; w < WEEKS; w++) all += p.weekly[i * WEEKS + w]!;
  const now = seasonal(p, i, ms);
  return Math.min(3, (now + 1) / ((all * (SEASON_AHEAD + 2)) / WEEKS + 1));
}

/**
 * Items due again (by the visitor's own rhythm or the item's), ranked first; then new items: the
 * visitor's community neighbours scaled by what sells at this time of year and week (or, for a
 * visitor without history, the season's best sellers).
 */
function timeBased(m: Models, ask: Ask, skip: Set<number>, p: TimePatterns, kinds: number): Pick[] {
  const picks: Pick[] = [];
  const h = m.histories;
  const nowMinute = ask.nowMs / 60_000;
  if (ask.user !== undefined) {
    for (let q = h.start[ask.user]!; q < h.start[ask.user + 1]!; q++) {
      const i = h.item[q]!;
      if (blocked(ask, skip, i) || !(h.kinds[q]! & kinds)) continue;
      const last = kinds === PURCHASES ? h.lastPurchase[q]! : h.lastMinute[q]!;
      if (last < 0) continue;
      const days = Math.max(1, h.purchaseDays[q]!);
      // The visitor's own rhythm from two purchase days on; an item bought once has only the
      // item's interval across customers, and is never called due.
      const personal = days >= 2 && kinds === PURCHASES && h.firstPurchase[q]! >= 0;
      const interval = personal
        ? Math.max(1, (h.lastPurchase[q]! - h.firstPurchase[q]!) / 1440 / (days - 1))
        : p.interval[i]!;
      const daysAgo = (nowMinute - last) / 1440;
      const score = repurchaseScore(daysAgo, interval, days);
      if (score >= 0.3) {
        picks.push({
          item: i,
          // Repurchases first: scores in (1, 2); the others in (0, 1).
          score: 1 + squash(score),
          evidence: {
            type: "due",
            daysAgo: Math.round(daysAgo),
            times: days,
            intervalDays: Math.round(interval),
            personal,
            due: personal && daysAgo >= interval,
          },
        });
      }
    }
  }
  const due = new Set(picks.map((x) => x.item));
  const community = kinds === PURCHASES ? "ai-community-based" : "ai-community-based-interactions";
  const neighbours =
    ask.user !== undefined || ask.product !== undefined || ask.live?.length
      ? recommend(m, { ...ask, kind: community, limit: ask.limit * 3 })
      : [];
  for (const n of neighbours) {
    if (due.has(n.item) || skip.has(n.item)) continue;
    const lift = seasonLift(p, n.item, ask.nowMs);
    picks.push({
      item: n.item,
      score: squash(n.score * lift),
      evidence:
        lift > 1.2
          ? { type: "season", visitors: seasonVisitors(p, n.item, ask.nowMs), purchases: kinds === PURCHASES }
          : n.evidence,
    });
  }
  if (neighbours.length === 0) {
    const week = Math.min(
      WEEKS - 1,
      Math.floor((ask.nowMs - Date.UTC(new Date(ask.nowMs).getUTCFullYear(), 0, 1)) / 86_400_000 / 7),
    );
    for (const i of seasonTop(p, m.itemIds.length, week)) {
      if (picks.length >= ask.limit + due.size) break;
      if (due.has(i) || blocked(ask, skip, i)) continue;
      picks.push({
        item: i,
        score: squash(seasonal(p, i, ask.nowMs)),
        evidence: { type: "season", visitors: seasonVisitors(p, i, ask.nowMs), purchases: kinds === PURCHASES },
      });
    }
  }
  return top(picks, ask.limit);
}

/** Community neighbours of a product whose words join its own in ai-description-based's profile. */
const DESCRIBED_BUYS = 5;
const DESCRIBED_BUYS_WEIGHT = 0.5;

/**
 * Items whose text matches a profile of words: for a visitor, their 20 latest items' TF-IDF
 * vectors; for a product, its own vector plus those of the DESCRIBED_BUYS items its buyers buy
 * most (community neighbours, half weight at most), so the words reach past the product's own
 * (similar-products-ai is the product's text neighbours alone).
 */
function described(m: Models, ask: Ask, skip: Set<number>): Pick[] {
  const anchors = anchorsFor(m, ask, ANY, 20, 0.9);
  if (ask.product !== undefined && anchors.length === 1) {
    const nb = m.community;
    const from = nb.start[ask.product]!;
    const to = Math.min(nb.start[ask.product + 1]!, from + DESCRIBED_BUYS);
    for (let q = from; q < to; q++) {
      anchors.push({ item: nb.item[q]!, weight: (DESCRIBED_BUYS_WEIGHT * nb.score[q]!) / nb.score[from]! });
    }
  }
  if (anchors.length === 0) return [];
  const v = m.text;
  const profile = new Map<number, number>();
  for (const a of anchors) {
    for (let p = v.start[a.item]!; p < v.start[a.item + 1]!; p++) {
      profile.set(v.term[p]!, (profile.get(v.term[p]!) ?? 0) + a.weight * v.weight[p]!);
    }
  }
  const norm = Math.sqrt([...profile.values()].reduce((s, w) => s + w * w, 0)) || 1;
  const candidates = new Set<number>();
  const nb = m.similarText;
  for (const a of anchors) for (let q = nb.start[a.item]!; q < nb.start[a.item + 1]!; q++) candidates.add(nb.item[q]!);
  const picks: Pick[] = [];
  for (const j of candidates) {
    if (blocked(ask, skip, j)) continue;
    let s = 0;
    const shared: { t: number; c: number }[] = [];
    for (let p = v.start[j]!; p < v.start[j + 1]!; p++) {
      const w = profile.get(v.term[p]!);
      if (w) {
        s += w * v.weight[p]!;
        shared.push({ t: v.term[p]!, c: w * v.weight[p]! });
      }
    }
    if (s <= 0) continue;
    shared.sort((a, b) => b.c - a.c);
    picks.push({
      item: j,
      score: s / norm,
      evidence: { type: "words", terms: shared.slice(0, 3).map((x) => v.terms[x.t]!) },
    });
  }
  return top(picks, ask.limit);
}

/** The leaflet's items ranked by the visitor's affinity to their category names and attributes. */
function leaflet(m: Models, ask: Ask, skip: Set<number>): Pick[] {
  const items = ask.leaflet ?? [];
  const f = m.features;
  const affinity = new Map<number, number>();
  /** How many of the visitor's items have the feature (the count the explanation shows). */
  const holding = new Map<number, number>();
  const anchors = anchorsFor(m, { ...ask, product: undefined }, ANY, 100, 0.97);
  for (const a of anchors) {
    for (let p = f.start[a.item]!; p < f.start[a.item + 1]!; p++) {
      affinity.set(f.feature[p]!, (affinity.get(f.feature[p]!) ?? 0) + a.weight);
      holding.set(f.feature[p]!, (holding.get(f.feature[p]!) ?? 0) + 1);
    }
  }
  const total = anchors.reduce((sum, a) => sum + a.weight, 0) + (ask.product !== undefined ? 1 : 0) || 1;
  if (ask.product !== undefined) {
    for (let p = f.start[ask.product]!; p < f.start[ask.product + 1]!; p++) {
      affinity.set(f.feature[p]!, (affinity.get(f.feature[p]!) ?? 0) + 1);
      holding.set(f.feature[p]!, (holding.get(f.feature[p]!) ?? 0) + 1);
    }
  }
  const picks: Pick[] = [];
  for (const [rank, i] of items.entries()) {
    if (blocked(ask, skip, i)) continue;
    // The leaflet's own order (the shop's choice, usually by appeal) is the prior.
    const prior = LEAFLET_PRIOR * (1 - rank / items.length);
    let s = 0;
    let best = -1;
    let bestW = 0;
    const n = f.start[i + 1]! - f.start[i]!;
    for (let p = f.start[i]!; p < f.start[i + 1]!; p++) {
      const w = affinity.get(f.feature[p]!) ?? 0;
      s += w;
      if (w > bestW) {
        bestW = w;
        best = f.feature[p]!;
      }
    }
    if (s > 0 && best >= 0) {
      picks.push({
        item: i,
        score: prior + s / Math.sqrt(n || 1) / total,
        evidence: { type: "affinity", feature: f.names[best]!, items: holding.get(best) ?? 0 },
      });
    }
  }
  return top(picks, ask.limit);
}
