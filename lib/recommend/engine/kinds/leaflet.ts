/**
 * ai-attribute-based-leaflet: the discount's items (the rule's leaflet) ranked by the visitor's
 * affinity to their category names and attributes (../content.ts, item features), the leaflet's
 * own order as the prior.
 */
import { ANY, type Ask, anchorsFor, type Pick, type Skip, top } from "../ask";
import type { Models } from "../models";

const LEAFLET_PRIOR = 1;

/** The leaflet's items ranked by the visitor's affinity to their category names and attributes. */
export function leaflet(m: Models, ask: Ask, skip: Skip): Pick[] {
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
    if (skip.blocked(i)) continue;
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
