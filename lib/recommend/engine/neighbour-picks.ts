/**
 * The scoring most learned kinds share: each candidate's score sums, over the anchors, anchor
 * weight x the anchor's neighbour score for it (./neighbours.ts); the best `limit` are chosen
 * with a bounded heap (ties by item number), without an object per candidate. Candidates are only
 * the anchors' neighbours (never a scan of the catalog), scored into dense scratch arrays that
 * every request of the thread reuses. The evidence of a pick (the anchors that gave most, with
 * their shares) is worked out when read, from the same numbers (neighbourEvidence).
 */
import type { Anchor, Ask, Evidence, NeighbourModel, Pick, Skip } from "./ask";
import type { Models } from "./models";
import { type Neighbours, TopK } from "./neighbours";

/** A customer's score of j sums W(i, j)^COMMUNITY_SHARPEN over their items i (./models.ts). */
export const COMMUNITY_SHARPEN = 2;

/**
 * Serving parameters the eval tunes (npm run eval:recs, on validation customers only); serving
 * uses the defaults.
 */
export const servingParameters = { communitySharpen: COMMUNITY_SHARPEN };

export function sharpenOf(model: NeighbourModel): number {
  return model === "community" || model === "communityAll" ? servingParameters.communitySharpen : 1;
}

/**
 * Neighbour scores raised to a power, computed once per model and power (not per request): ahead,
 * when models are loaded (sharpenAhead), so a request finds them made; else by the first to ask.
 */
const sharpened = new WeakMap<Neighbours, { power: number; scores: Float32Array }>();
export function scoresOf(nb: Neighbours, sharpen: number): Float32Array {
  if (sharpen === 1) return nb.score;
  let out = sharpened.get(nb);
  if (!out || out.power !== sharpen) {
    out = { power: sharpen, scores: nb.score.map((x) => x ** sharpen) };
    sharpened.set(nb, out);
  }
  return out.scores;
}

/**
 * Drops a model's sharpened scores before the model itself goes: an incremental update's patched
 * copy replaces the build's community for good, while the build (held for the next patch) lives on.
 */
export function forgetSharpened(nb: Neighbours): void {
  sharpened.delete(nb);
}

/** Entries raised per turn of sharpenAhead between looks at the time slice. */
const SHARPEN_STEP = 1 << 16;

/**
 * The sharpened scores of the models' community neighbours (about 20M entries, ~1 s at the
 * reference size), computed before the models serve (lib/recommend/model-store.ts): in steps, each
 * awaiting `yieldTurn` (a time slice, lib/time-slice.ts), so the thread answers requests meanwhile.
 * The same numbers scoresOf makes (each float32 raised, rounded to float32).
 */
export async function sharpenAhead(
  m: { community: Neighbours; communityAll: Neighbours },
  yieldTurn: () => Promise<void> | undefined,
): Promise<void> {
  for (const model of ["community", "communityAll"] as const) {
    const nb = m[model];
    const power = sharpenOf(model);
    if (power === 1 || sharpened.get(nb)?.power === power) continue;
    const { score } = nb;
    const scores = new Float32Array(score.length);
    for (let from = 0; from < score.length; from += SHARPEN_STEP) {
      const to = Math.min(from + SHARPEN_STEP, score.length);
      for (let q = from; q < to; q++) scores[q] = score[q]! ** power;
      await yieldTurn();
    }
    // Asked meanwhile (a request computed them whole): keep the first.
    if (sharpened.get(nb)?.power !== power) sharpened.set(nb, { power, scores });
  }
}

/**
 * A dense score array and the list of its non-zero entries, and each pick's rank (-1: none),
 * reused by every request of the thread (each leaves them as it found them).
 */
let scratch = { score: new Float64Array(0), touched: new Int32Array(0), rank: new Int32Array(0) };
function scratchFor(nItems: number) {
  if (scratch.score.length < nItems) {
    scratch = {
      score: new Float64Array(nItems),
      touched: new Int32Array(nItems),
      rank: new Int32Array(nItems).fill(-1),
    };
  }
  return scratch;
}

/**
 * Every candidate's score (the anchors' neighbours, nothing else) into the scratch array; calls
 * `each(item, score)` for each candidate with a positive score (in no particular order), then
 * clears the scratch.
 */
export function scoreNeighbours(
  nb: Neighbours,
  sharpen: number,
  anchors: readonly Anchor[],
  skip: Skip | undefined,
  each: (item: number, score: number) => void,
): void {
  const scores = scoresOf(nb, sharpen);
  const nItems = nb.start.length - 1;
  const { score, touched } = scratchFor(nItems);
  let nTouched = 0;
  for (const a of anchors) {
    const w = a.weight;
    const to = nb.start[a.item + 1]!;
    for (let q = nb.start[a.item]!; q < to; q++) {
      const j = nb.item[q]!;
      if (skip?.blocked(j)) continue;
      const c = w * scores[q]!;
      if (!(c > 0)) continue;
      if (score[j] === 0) touched[nTouched++] = j;
      score[j]! += c;
    }
  }
  try {
    for (let t = 0; t < nTouched; t++) each(touched[t]!, score[touched[t]!]!);
  } finally {
    for (let t = 0; t < nTouched; t++) score[touched[t]!] = 0;
  }
}

/**
 * Why `item` scored what it did from these anchors: the anchor that gave most (first in anchor
 * order among equals) and the second, with their shares of the score (summed here again, in the
 * same order as scoreNeighbours, so the same number) and the baskets each shares with the item;
 * how long ago the visitor had the first.
 */
export function neighbourEvidence(
  m: Models,
  model: NeighbourModel,
  anchors: readonly Anchor[],
  item: number,
  nowMs: number,
): Evidence {
  const nb = m[model];
  const scores = scoresOf(nb, sharpenOf(model));
  let score = 0;
  let best = 0;
  let bestAnchor: Anchor | undefined;
  let support = 0;
  let secondBest = 0;
  let secondAnchor = -1;
  let secondSupport = 0;
  for (const a of anchors) {
    const to = nb.start[a.item + 1]!;
    for (let q = nb.start[a.item]!; q < to; q++) {
      if (nb.item[q] !== item) continue;
      const c = a.weight * scores[q]!;
      if (!(c > 0)) break;
      score += c;
      if (c > best) {
        if (best > 0) {
          secondBest = best;
          secondAnchor = bestAnchor!.item;
          secondSupport = support;
        }
        best = c;
        bestAnchor = a;
        support = nb.support[q]!;
      } else if (c > secondBest) {
        secondBest = c;
        secondAnchor = a.item;
        secondSupport = nb.support[q]!;
      }
      break;
    }
  }
  const minute = bestAnchor?.minute;
  return {
    type: "neighbour",
    model,
    anchor: bestAnchor?.item ?? -1,
    share: best / score,
    support,
    ...(secondAnchor >= 0
      ? { second: { anchor: secondAnchor, share: secondBest / score, support: secondSupport } }
      : {}),
    ...(minute !== undefined ? { anchorDays: Math.floor((nowMs / 60_000 - minute) / 1440) } : {}),
  };
}

/**
 * The evidence of each of `picks` (see neighbourEvidence; the same numbers, in one pass over the
 * anchors for all of them).
 */
function picksEvidence(
  nb: Neighbours,
  scores: Float32Array,
  model: NeighbourModel,
  anchors: readonly Anchor[],
  picks: readonly { id: number; score: number }[],
  nowMs: number,
): Evidence[] {
  const { rank } = scratchFor(nb.start.length - 1);
  const n = picks.length;
  const best = new Float64Array(n);
  const bestAnchor = new Int32Array(n).fill(-1);
  const support = new Int32Array(n);
  const secondBest = new Float64Array(n);
  const secondAnchor = new Int32Array(n).fill(-1);
  const secondSupport = new Int32Array(n);
  for (let r = 0; r < n; r++) rank[picks[r]!.id] = r;
  try {
    for (let x = 0; x < anchors.length; x++) {
      const a = anchors[x]!;
      const to = nb.start[a.item + 1]!;
      for (let q = nb.start[a.item]!; q < to; q++) {
        const r = rank[nb.item[q]!]!;
        if (r < 0) continue;
        const c = a.weight * scores[q]!;
        if (!(c > 0)) continue;
        if (c > best[r]!) {
          if (best[r]! > 0) {
            secondBest[r] = best[r]!;
            secondAnchor[r] = anchors[bestAnchor[r]!]!.item;
            secondSupport[r] = support[r]!;
          }
          best[r] = c;
          bestAnchor[r] = x;
          support[r] = nb.support[q]!;
        } else if (c > secondBest[r]!) {
          secondBest[r] = c;
          secondAnchor[r] = a.item;
          secondSupport[r] = nb.support[q]!;
        }
      }
    }
  } finally {
    for (const p of picks) rank[p.id] = -1;
  }
  return picks.map(({ score }, r): Evidence => {
    const anchor = anchors[bestAnchor[r]!];
    const minute = anchor?.minute;
    return {
      type: "neighbour",
      model,
      anchor: anchor?.item ?? -1,
      share: best[r]! / score,
      support: support[r]!,
      ...(secondAnchor[r]! >= 0
        ? { second: { anchor: secondAnchor[r]!, share: secondBest[r]! / score, support: secondSupport[r]! } }
        : {}),
      ...(minute !== undefined ? { anchorDays: Math.floor((nowMs / 60_000 - minute) / 1440) } : {}),
    };
  });
}

/** The best `limit` candidates of the anchors' neighbours, best first, with their evidence. */
export function neighbourPicks(
  m: Models,
  model: NeighbourModel,
  anchors: readonly Anchor[],
  ask: Ask,
  skip: Skip,
  limit = ask.limit,
): Pick[] {
  const nb = m[model];
  const sharpen = sharpenOf(model);
  const best = new TopK(limit);
  scoreNeighbours(nb, sharpen, anchors, skip, (j, s) => best.offer(j, s));
  const picks = best.sorted();
  const evidence = picksEvidence(nb, scoresOf(nb, sharpen), model, anchors, picks, ask.nowMs);
  return picks.map(({ id, score }, r) => ({ item: id, score, evidence: evidence[r]! }));
}
