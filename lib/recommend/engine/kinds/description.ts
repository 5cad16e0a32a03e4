/**
 * ai-description-based: items whose text (TF-IDF, ../content.ts) matches a profile of words made
 * from the visitor's items or, for a product, from the product and what its buyers buy most.
 */
import { ANY, type Ask, anchorsFor, type Pick, type Skip, top } from "../ask";
import type { Models } from "../models";

/** Community neighbours of a product whose words join its own in ai-description-based's profile. */
const DESCRIBED_BUYS = 5;
const DESCRIBED_BUYS_WEIGHT = 0.5;

/**
 * Items whose text matches a profile of words: for a visitor, their 20 latest items' TF-IDF
 * vectors; for a product, its own vector plus those of the DESCRIBED_BUYS items its buyers buy
 * most (community neighbours, half weight at most), so the words reach past the product's own
 * (similar-products-ai is the product's text neighbours alone).
 */
export function described(m: Models, ask: Ask, skip: Skip): Pick[] {
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
    if (skip.blocked(j)) continue;
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
