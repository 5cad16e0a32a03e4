/**
 * ai-community-based (-interactions): item-kNN over the customer x item matrix (./../models.ts,
 * community and communityAll). Anchors are all the visitor's items of the kind (purchases; any
 * kind for -interactions), each weighing 1 (x the kind's weight), halved per half-life it is older
 * than the visitor's latest; a candidate's score sums the anchors' weight x sharpened neighbour
 * score (../neighbour-picks.ts). For a product: its own neighbours.
 *
 * Served from lists made at build time (communityTopLists): each customer's ranking is fixed by
 * the build (their purchases are its anchors), so the build keeps, per customer with purchases,
 * the best COMMUNITY_TOP_KEEP items they have not bought, with the items they bought ranked among
 * them (a rule may leave those in: exclude_purchased_days). A request then only drops what it
 * excludes. Scored live instead when the list cannot answer exactly: a rule filter (the filter
 * applies over the whole eligible catalog), purchases in the live overlay (new anchors), another
 * sharpening or anchor half-life than the build's, an anchor whose row an incremental update
 * changed since (Models.communityStale), or more items asked than the list holds (the live
 * ranking then continues the list).
 */
import {
  type Anchor,
  type Ask,
  anchorsFor,
  itemMask,
  LazyPick,
  type LearnedKind,
  type Pick,
  type Skip,
  skipFor,
} from "../ask";
import { Growable } from "../growable";
import { PURCHASES } from "../interactions";
import type { Histories, Models } from "../models";
import { neighbourEvidence, neighbourPicks, scoreNeighbours, servingParameters } from "../neighbour-picks";
import { type Neighbours, TopK } from "../neighbours";

const ANY = 0b1111;
/** Anchors: the visitor's latest items of the kind, at most. */
const COMMUNITY_ANCHORS = 200;
/** Items a customer has not bought kept per customer in the build's lists. */
export const COMMUNITY_TOP_KEEP = 20;

const MODEL = { "ai-community-based": "community", "ai-community-based-interactions": "communityAll" } as const;
const KINDS = { "ai-community-based": PURCHASES, "ai-community-based-interactions": ANY } as const;
type CommunityKind = keyof typeof MODEL;

export function isCommunityKind(kind: LearnedKind): kind is CommunityKind {
  return kind in MODEL;
}

/**
 * Recency of the anchors: an anchor had `halfLifeDays` before the visitor's latest one weighs half
 * as much (0: all weigh the same). Relative to the latest anchor, not to the request's time, so a
 * ranking made at build time stays the live one. Chosen on the eval's validation window.
 */
export const COMMUNITY_HALF_LIFE_DAYS = 120;
export const communityServing = { halfLifeDays: COMMUNITY_HALF_LIFE_DAYS };

export function communityAnchors(m: { histories: Histories }, ask: Ask, kind: CommunityKind): Anchor[] {
  const anchors = anchorsFor(m, ask, KINDS[kind], COMMUNITY_ANCHORS, 1);
  const halfLife = communityServing.halfLifeDays * 1440;
  if (halfLife > 0 && ask.product === undefined) {
    let latest = Number.NEGATIVE_INFINITY;
    for (const a of anchors) if (a.minute !== undefined && a.minute > latest) latest = a.minute;
    for (const a of anchors) if (a.minute !== undefined) a.weight *= 0.5 ** ((latest - a.minute) / halfLife);
  }
  return anchors;
}

/** Live scoring: the best `limit` of the anchors' neighbours. */
export function community(m: Models, ask: Ask, skip: Skip, kind: CommunityKind, limit = ask.limit): Pick[] {
  return neighbourPicks(m, MODEL[kind], communityAnchors(m, ask, kind), ask, skip, limit);
}

/** Per customer with purchases, the start of their ranking (see the file's comment). */
export interface CommunityTop {
  /** The sharpening and anchor half-life the lists were ranked with (others are scored live). */
  sharpen: number;
  halfLifeDays: number;
  /** Items not bought kept per visitor (fewer: their ranking ends there). */
  keep: number;
  /** Visitor u's list: [start[u], start[u + 1]), best first (ties by item number). */
  start: Int32Array;
  item: Int32Array;
  /** The scores (float32 of the float64 sums; the order is that of the sums). */
  score: Float32Array;
}

/** Each visitor's list of ai-community-based (built once per build, after the community model). */
export function communityTopLists(
  histories: Histories,
  nb: Neighbours,
  keep = COMMUNITY_TOP_KEEP,
  sharpen = servingParameters.communitySharpen,
): CommunityTop {
  const nUsers = histories.start.length - 1;
  const start = new Int32Array(nUsers + 1);
  const item = new Growable((n) => new Int32Array(n));
  const score = new Growable((n) => new Float32Array(n));
  const bought = itemMask(nb.start.length - 1);
  const m = { histories };
  const h = histories;
  for (let u = 0; u < nUsers; u++) {
    const ask: Ask = { kind: "ai-community-based", user: u, nowMs: 0, excludeDays: 0, limit: 0 };
    const anchors = communityAnchors(m, ask, "ai-community-based");
    if (anchors.length > 0) {
      for (let p = h.start[u]!; p < h.start[u + 1]!; p++) if (h.lastPurchase[p]! >= 0) bought[h.item[p]!] = 1;
      // Enough for `keep` items not bought whatever the bought ones score.
      const best = new TopK(keep + anchors.length);
      scoreNeighbours(nb, sharpen, anchors, undefined, (j, s) => best.offer(j, s));
      let others = 0;
      for (const { id, score: s } of best.sorted()) {
        if (others >= keep) break;
        item.push(id);
        score.push(s);
        if (bought[id] === 0) others++;
      }
      for (let p = h.start[u]!; p < h.start[u + 1]!; p++) bought[h.item[p]!] = 0;
    }
    start[u + 1] = item.length;
  }
  const halfLifeDays = communityServing.halfLifeDays;
  return { sharpen, halfLifeDays, keep, start, item: item.copy(), score: score.copy() };
}

/**
 * ai-community-based for a customer from the build's list, the picks made only as they are read;
 * undefined when the ask needs live scoring (see the file's comment).
 */
export function listedCommunity(m: Models, ask: Ask): Iterable<Pick> | undefined {
  const t = m.communityTop;
  const u = ask.user;
  if (!t || ask.kind !== "ai-community-based" || u === undefined || ask.product !== undefined || ask.allow) {
    return undefined;
  }
  if (t.sharpen !== servingParameters.communitySharpen || t.halfLifeDays !== communityServing.halfLifeDays) {
    return undefined;
  }
  if (u + 1 >= t.start.length) return undefined;
  if (ask.live?.some((l) => l.kinds & PURCHASES)) return undefined;
  // An incremental update changed a row of one of their items since the list was ranked.
  if (m.communityStale?.[u]) return undefined;
  // The customer's bought items: 1 left out now, 2 kept.
  const h = m.histories;
  const mark = itemMask(m.itemIds.length);
  const since = ask.excludeDays > 0 ? ask.nowMs / 60_000 - ask.excludeDays * 1440 : Number.POSITIVE_INFINITY;
  for (let p = h.start[u]!; p < h.start[u + 1]!; p++) {
    if (h.lastPurchase[p]! >= 0) mark[h.item[p]!] = h.lastPurchase[p]! >= since ? 1 : 2;
  }
  const kept: number[] = [];
  let others = 0;
  for (let q = t.start[u]!; q < t.start[u + 1]!; q++) {
    const j = t.item[q]!;
    if (mark[j] === 0) others++;
    if (mark[j] !== 1 && kept.length < ask.limit) kept.push(q);
  }
  for (let p = h.start[u]!; p < h.start[u + 1]!; p++) mark[h.item[p]!] = 0;
  // Fewer items than kept at build: the ranking ended there (nothing further to score live).
  const complete = others < t.keep;
  return listed(m, ask, t, kept, complete);
}

/**
 * The evidence of a ranked list's picks, made only when asked (previews), their anchors found once
 * for all of them. A class, not a closure made per request: the server's build names every
 * closure it makes (esbuild keepNames), which cost about 1 µs per personalised answer.
 */
class ListedEvidence {
  #anchors: Anchor[] | undefined;
  constructor(
    private readonly m: Models,
    private readonly ask: Ask,
  ) {}
  of(j: number): () => ReturnType<typeof neighbourEvidence> {
    return () => {
      this.#anchors ??= communityAnchors(this.m, this.ask, "ai-community-based");
      return neighbourEvidence(this.m, "community", this.#anchors, j, this.ask.nowMs);
    };
  }
}

function* listed(m: Models, ask: Ask, t: CommunityTop, kept: number[], complete: boolean): Generator<Pick> {
  const evidence = new ListedEvidence(m, ask);
  for (const q of kept) yield new LazyPick(t.item[q]!, t.score[q]!, evidence.of(t.item[q]!));
  if (complete || kept.length >= ask.limit) return;
  // Asked past the list: the live ranking, whose start is the list's.
  const skip = skipFor(m, ask);
  let live: Pick[];
  try {
    live = community(m, ask, skip, "ai-community-based");
  } finally {
    skip.release();
  }
  for (let i = kept.length; i < live.length; i++) yield live[i]!;
}
