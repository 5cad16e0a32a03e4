/**
 * The product-led kinds: related-products (bought in the same order), related-products-ai (in
 * the same visit), similar-products (catalog: category, attributes, price), similar-products-ai
 * (TF-IDF text). Anchors: the product, else the visitor's few latest items, recent ones weighing
 * more; candidates are the anchors' neighbours in the kind's model (../models.ts).
 */
import { ANY, type Ask, anchorsFor, type LearnedKind, type NeighbourModel, type Pick, type Skip } from "../ask";
import { PURCHASES } from "../interactions";
import type { Models } from "../models";
import { neighbourPicks } from "../neighbour-picks";

/** Which neighbours, from which of the visitor's items (kinds, how many, recency decay). */
const SIMILAR_KINDS = {
  "related-products": { model: "related", kinds: PURCHASES, n: 5, decay: 0.8 },
  "related-products-ai": { model: "relatedAll", kinds: ANY, n: 5, decay: 0.8 },
  "similar-products": { model: "similar", kinds: ANY, n: 3, decay: 0.7 },
  "similar-products-ai": { model: "similarText", kinds: ANY, n: 3, decay: 0.7 },
} as const satisfies Partial<Record<LearnedKind, { model: NeighbourModel; kinds: number; n: number; decay: number }>>;
type SimilarKind = keyof typeof SIMILAR_KINDS;

export function isSimilarKind(kind: LearnedKind): kind is SimilarKind {
  return kind in SIMILAR_KINDS;
}

export function similar(m: Models, ask: Ask, skip: Skip, kind: SimilarKind): Pick[] {
  const { model, kinds, n, decay } = SIMILAR_KINDS[kind];
  return neighbourPicks(m, model, anchorsFor(m, ask, kinds, n, decay), ask, skip);
}
