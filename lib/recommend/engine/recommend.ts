/**
 * A learned kind's ranked items for one visitor or product, from the models (./models.ts), with
 * the evidence of each (./explain.ts turns it into words). Synchronous and allocation-light: it
 * runs on the content route's hot path. Anchors are the items a recommendation starts from: the
 * product for a product identity, else items of the customer's history (which ones depends on the
 * kind); each candidate's score sums anchor weight x neighbour score, and the anchor that gave the
 * most is its evidence.
 */
import { LEARNED_RULE_TYPES } from "@/lib/touchpoints/constants";
import { KIND_WEIGHT, PURCHASES } from "./interactions";
import { COMMUNITY_SHARPEN, type Models } from "./models";
import { type Neighbours, TopK } from "./neighbours";
import { dueness, SEASON_AHEAD, seasonal, type TimePatterns, WEEKS } from "./time-patterns";

export const LEARNED_KINDS = LEARNED_RULE_TYPES;
export type LearnedKind = (typeof LEARNED_KINDS)[number];

export type Evidence =
  | { type: "neighbour"; model: NeighbourModel; anchor: number; support: number; second?: number; anchorDays?: number }
  | { type: "due"; daysAgo: number; intervalDays: number; personal: boolean }
  | { type: "season"; visitors: number }
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
  second: Int32Array;
  support: Int32Array;
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
      second: new Int32Array(n).fill(-1),
      support: new Int32Array(n),
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

/** Neighbour scores raised to a power, computed once per model (not per request). */
const sharpened = new WeakMap<Neighbours, Float32Array>();
function scoresOf(nb: Neighbours, sharpen: number): Float32Array {
  if (sharpen === 1) return nb.score;
  let out = sharpened.get(nb);
  if (!out) {
    out = nb.score.map((x) => x ** sharpen);
    sharpened.set(nb, out);
  }
  return out;
}

function neighbourPicks(m: Models, model: NeighbourModel, anchors: Anchor[], ask: Ask, skip: Set<number>): Pick[] {
  const nb = m[model];
  const scores = scoresOf(nb, model === "community" || model === "communityAll" ? COMMUNITY_SHARPEN : 1);
  const s = scratch(m);
  let nTouched = 0;
  for (const a of anchors) {
    for (let q = nb.start[a.item]!; q < nb.start[a.item + 1]!; q++) {
      const j = nb.item[q]!;
      if (skip.has(j)) continue;
      const c = a.weight * scores[q]!;
      if (s.score[j] === 0) {
        s.touched[nTouched++] = j;
        s.second[j] = -1;
      }
      s.score[j]! += c;
      if (c > s.best[j]!) {
        if (s.best[j]! > 0) s.second[j] = s.bestAnchor[j]!;
        s.best[j] = c;
        s.bestAnchor[j] = a.item;
        s.support[j] = nb.support[q]!;
      } else if (s.second[j] === -1) s.second[j] = a.item;
    }
  }
  // The best `limit` by score first (no allocation per candidate), then objects for those only.
  const best = new TopK(ask.limit);
  for (let t = 0; t < nTouched; t++) best.offer(s.touched[t]!, s.score[s.touched[t]!]!);
  const minuteOf = new Map(anchors.map((a) => [a.item, a.minute]));
  const picks: Pick[] = best.sorted().map(({ id: j, score }) => {
    const anchor = s.bestAnchor[j]!;
    const minute = minuteOf.get(anchor);
    return {
      item: j,
      score,
      evidence: {
        type: "neighbour",
        model,
        anchor,
        support: s.support[j]!,
        ...(s.second[j]! >= 0 ? { second: s.second[j]! } : {}),
        ...(minute !== undefined ? { anchorDays: Math.floor((ask.nowMs / 60_000 - minute) / 1440) } : {}),
      },
    };
  });
  for (let t = 0; t < nTouched; t++) {
    s.score[s.touched[t]!] = 0;
    s.best[s.touched[t]!] = 0;
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
  "history-based": { model: "community", kinds: PURCHASES, n: 10, decay: 0.8 },
  "history-based-interactions": { model: "communityAll", kinds: ANY, n: 10, decay: 0.8 },
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
      if (skip.has(i) || !(h.kinds[q]! & kinds)) continue;
      const last = kinds === PURCHASES ? h.lastPurchase[q]! : h.lastMinute[q]!;
      if (last < 0) continue;
      const days = Math.max(1, h.purchaseDays[q]!);
      const personal = days >= 3 && kinds === PURCHASES;
      const interval = personal ? (h.lastPurchase[q]! - h.firstPurchase[q]!) / 1440 / (days - 1) : p.interval[i]!;
      const daysAgo = (nowMinute - last) / 1440;
      const score = repurchaseScore(daysAgo, interval, days);
      if (score >= 0.3) {
        picks.push({
          item: i,
          // Due items first: scores in (1, 2); the others in (0, 1).
          score: 1 + squash(score),
          evidence: { type: "due", daysAgo: Math.round(daysAgo), intervalDays: Math.round(interval), personal },
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
      evidence: lift > 1.2 ? { type: "season", visitors: Math.round(seasonal(p, n.item, ask.nowMs)) } : n.evidence,
    });
  }
  if (neighbours.length === 0) {
    const week = Math.min(
      WEEKS - 1,
      Math.floor((ask.nowMs - Date.UTC(new Date(ask.nowMs).getUTCFullYear(), 0, 1)) / 86_400_000 / 7),
    );
    for (const i of seasonTop(p, m.itemIds.length, week)) {
      if (picks.length >= ask.limit + due.size) break;
      if (due.has(i) || skip.has(i)) continue;
      picks.push({
        item: i,
        score: squash(seasonal(p, i, ask.nowMs)),
        evidence: { type: "season", visitors: Math.round(seasonal(p, i, ask.nowMs)) },
      });
    }
  }
  return top(picks, ask.limit);
}

/** Items whose text matches the visitor's profile (their recent items' TF-IDF vectors), or the product's. */
function described(m: Models, ask: Ask, skip: Set<number>): Pick[] {
  const anchors = anchorsFor(m, ask, ANY, 20, 0.9);
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
    if (skip.has(j)) continue;
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
  const anchors = anchorsFor(m, { ...ask, product: undefined }, ANY, 100, 0.97);
  for (const a of anchors) {
    for (let p = f.start[a.item]!; p < f.start[a.item + 1]!; p++) {
      affinity.set(f.feature[p]!, (affinity.get(f.feature[p]!) ?? 0) + a.weight);
    }
  }
  const total = anchors.reduce((sum, a) => sum + a.weight, 0) + (ask.product !== undefined ? 1 : 0) || 1;
  if (ask.product !== undefined) {
    for (let p = f.start[ask.product]!; p < f.start[ask.product + 1]!; p++) {
      affinity.set(f.feature[p]!, (affinity.get(f.feature[p]!) ?? 0) + 1);
    }
  }
  const picks: Pick[] = [];
  for (const [rank, i] of items.entries()) {
    if (skip.has(i)) continue;
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
        evidence: { type: "affinity", feature: f.names[best]!, items: Math.round(bestW) },
      });
    }
  }
  return top(picks, ask.limit);
}
