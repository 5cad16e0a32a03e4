/**
 * Models from what the catalog says about items, not from events:
 * - similar-products: closeness in category path, attributes and price. Candidates share the
 *   item's deepest category (its parent's when that is small), the PRICE_WINDOW nearest in price;
 *   score = 0.5 * category path overlap + 0.3 * attribute Jaccard + 0.2 * price closeness
 *   (exp(-|ln(p_i / p_j)|)).
 * - text vectors (similar-products-ai, ai-description-based): TF-IDF over name, descriptions,
 *   attribute values and category names (log tf, idf, L2-normalised, the MAX_TERMS heaviest terms of
 *   each item); neighbours by cosine through an inverted index, skipping terms in more than
 *   MAX_DF_SHARE of the catalog (at most MAX_DF items): such common words weigh little, and
 *   skipping them bounds the cost on a large catalog.
 * - item features (ai-attribute-based-leaflet): brand, category names and attributes as feature ids.
 */
import { buildTopK, type Neighbours } from "./neighbours";

export interface ItemFacts {
  name: string;
  /** Descriptions and other text. */
  text: string;
  /** Category names by level (0 = top). */
  categories: string[];
  /** "name=value" pairs (brand included). */
  attributes: string[];
  price: number;
}

const PRICE_WINDOW = 150;
const MIN_GROUP = 30;

function pathOverlap(a: string[], b: string[]): number {
  const depth = Math.max(a.length, b.length);
  if (depth === 0) return 0;
  let same = 0;
  while (same < depth && a[same] !== undefined && a[same] === b[same]) same++;
  return same / depth;
}

function jaccard(a: string[], b: string[]): number {
  if (a.length === 0 && b.length === 0) return 0;
  let common = 0;
  for (const x of a) if (b.includes(x)) common++;
  return common / (a.length + b.length - common);
}

function priceCloseness(a: number, b: number): number {
  if (!(a > 0) || !(b > 0)) return 0;
  return Math.exp(-Math.abs(Math.log(a / b)));
}

export function similarity(a: ItemFacts, b: ItemFacts): number {
  return (
    0.5 * pathOverlap(a.categories, b.categories) +
    0.3 * jaccard(a.attributes, b.attributes) +
    0.2 * priceCloseness(a.price, b.price)
  );
}

/**
 * similar-products: for each item, the k closest by category path, attributes and price; among
 * equally close items the more popular first (`popularity`: recent visitors per item, adds at most
 * POPULARITY_WEIGHT).
 */
const POPULARITY_WEIGHT = 0.15;
export function similarItems(facts: ItemFacts[], k: number, popularity?: Float32Array): Neighbours {
  let maxPop = 1;
  for (const p of popularity ?? []) maxPop = Math.max(maxPop, p);
  const prior = (j: number) =>
    popularity ? (POPULARITY_WEIGHT * Math.log1p(popularity[j] ?? 0)) / Math.log1p(maxPop) : 0;
  // Groups by full category path and by its parent; each sorted by price.
  const groups = new Map<string, number[]>();
  const keyOf = (f: ItemFacts, depth: number) => f.categories.slice(0, depth).join("\u0001");
  facts.forEach((f, i) => {
    for (const depth of new Set([f.categories.length, Math.max(0, f.categories.length - 1)])) {
      const key = `${depth}:${keyOf(f, depth)}`;
      let g = groups.get(key);
      if (!g) {
        g = [];
        groups.set(key, g);
      }
      g.push(i);
    }
  });
  const positions = new Map<string, Map<number, number>>();
  for (const [key, g] of groups) {
    g.sort((x, y) => facts[x]!.price - facts[y]!.price || x - y);
    positions.set(key, new Map(g.map((item, p) => [item, p])));
  }
  return buildTopK(facts.length, k, (i, offer) => {
    const f = facts[i]!;
    let depth = f.categories.length;
    let key = `${depth}:${keyOf(f, depth)}`;
    if ((groups.get(key)?.length ?? 0) < MIN_GROUP && depth > 0) {
      depth = Math.max(0, depth - 1);
      key = `${depth}:${keyOf(f, depth)}`;
    }
    const g = groups.get(key) ?? [];
    const at = positions.get(key)?.get(i) ?? 0;
    for (let p = Math.max(0, at - PRICE_WINDOW); p < Math.min(g.length, at + PRICE_WINDOW + 1); p++) {
      const j = g[p]!;
      if (j !== i) offer(j, similarity(f, facts[j]!) + prior(j), 0);
    }
  });
}

const STOP = new Set("a an and are as at be by for from in is it of on or set the to with of x s pack size".split(" "));

export function tokens(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 1 && !STOP.has(t) && !/^\d+$/.test(t));
}

export interface TextVectors {
  terms: string[];
  /** Terms of item i: [start[i], start[i + 1]), weights L2-normalised. */
  start: Int32Array;
  term: Int32Array;
  weight: Float32Array;
}

const MAX_TERMS = 24;
const MAX_DF_SHARE = 0.05;
const MAX_DF = 2000;

export function textOf(f: ItemFacts): string {
  return [f.name, f.name, f.text, ...f.categories, ...f.attributes.map((a) => a.split("=")[1] ?? "")].join(" ");
}

/** TF-IDF vectors of every item (name counted twice). */
export function textVectors(facts: ItemFacts[]): TextVectors {
  const termNo = new Map<string, number>();
  const terms: string[] = [];
  const perItem = facts.map((f) => {
    const counts = new Map<number, number>();
    for (const t of tokens(textOf(f))) {
      let n = termNo.get(t);
      if (n === undefined) {
        n = terms.length;
        terms.push(t);
        termNo.set(t, n);
      }
      counts.set(n, (counts.get(n) ?? 0) + 1);
    }
    return counts;
  });
  const df = new Int32Array(terms.length);
  for (const counts of perItem) for (const t of counts.keys()) df[t]!++;
  const n = facts.length;
  const start = new Int32Array(n + 1);
  const term: number[] = [];
  const weight: number[] = [];
  perItem.forEach((counts, i) => {
    const weighted = [...counts].map(([t, c]) => ({ t, w: (1 + Math.log(c)) * Math.log(1 + n / df[t]!) }));
    weighted.sort((a, b) => b.w - a.w || a.t - b.t);
    const kept = weighted.slice(0, MAX_TERMS);
    const norm = Math.sqrt(kept.reduce((s, x) => s + x.w * x.w, 0)) || 1;
    for (const x of kept) {
      term.push(x.t);
      weight.push(x.w / norm);
    }
    start[i + 1] = term.length;
  });
  return { terms, start, term: Int32Array.from(term), weight: Float32Array.from(weight) };
}

/** similar-products-ai: each item's k nearest by cosine of the text vectors. */
export function textNeighbours(v: TextVectors, k: number): Neighbours {
  const n = v.start.length - 1;
  const postingsOf = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    for (let p = v.start[i]!; p < v.start[i + 1]!; p++) {
      const t = v.term[p]!;
      let list = postingsOf.get(t);
      if (!list) {
        list = [];
        postingsOf.set(t, list);
      }
      list.push(p);
    }
  }
  const owner = new Int32Array(v.term.length);
  for (let i = 0; i < n; i++) for (let p = v.start[i]!; p < v.start[i + 1]!; p++) owner[p] = i;
  const maxDf = Math.max(50, Math.min(MAX_DF, Math.floor(n * MAX_DF_SHARE)));
  const acc = new Float64Array(n);
  const touched: number[] = [];
  return buildTopK(n, k, (i, offer) => {
    for (let p = v.start[i]!; p < v.start[i + 1]!; p++) {
      const list = postingsOf.get(v.term[p]!)!;
      if (list.length > maxDf) continue;
      const w = v.weight[p]!;
      for (const q of list) {
        const j = owner[q]!;
        if (j === i) continue;
        if (acc[j] === 0) touched.push(j);
        acc[j]! += w * v.weight[q]!;
      }
    }
    for (const j of touched) offer(j, acc[j]!, 0);
    for (const j of touched) acc[j] = 0;
    touched.length = 0;
  });
}

/** Feature ids per item (category names by level, attributes) for attribute affinity. */
export interface ItemFeatures {
  names: string[];
  start: Int32Array;
  feature: Int32Array;
}

export function itemFeatures(facts: ItemFacts[]): ItemFeatures {
  const featureNo = new Map<string, number>();
  const names: string[] = [];
  const start = new Int32Array(facts.length + 1);
  const feature: number[] = [];
  facts.forEach((f, i) => {
    const keys = [...f.categories.map((c, level) => `category_level_${level}=${c}`), ...f.attributes];
    for (const key of new Set(keys)) {
      let n = featureNo.get(key);
      if (n === undefined) {
        n = names.length;
        names.push(key);
        featureNo.set(key, n);
      }
      feature.push(n);
    }
    start[i + 1] = feature.length;
  });
  return { names, start, feature: Int32Array.from(feature) };
}
