/**
 * Item-to-item neighbour lists, the core of most learned kinds. Every model here is built the same
 * way: "baskets" (an order, a visitor's session, a visitor's whole history) are sets of items; for
 * each item i, walk the baskets holding it and count the items of the same basket (co-occurrence)
 * or of the basket that follows it (transitions), in a dense scratch array; score the touched items
 * and keep the best K in a CSR layout. The cost is the sum over baskets of |basket|^2, bounded by
 * capping a basket's size (its most recent items).
 */

import { Growable } from "./growable";

export interface Neighbours {
  /** Neighbours of item i: [start[i], start[i + 1]). */
  start: Int32Array;
  item: Int32Array;
  score: Float32Array;
  /** Baskets the pair shares (co-occurrences or transitions): the evidence shown in previews. */
  support: Int32Array;
  /**
   * Baskets holding each item (|U_i|), kept by co-occurrence models: an incremental update
   * (../model-update.ts) scores touched items' rows against every other item's count without
   * reading every basket again. Builds before it have none (then they are not updated).
   */
  count?: Int32Array;
}

/** Some items' rows of a neighbour model: row r is item rows[r]'s, [start[r], start[r + 1]). */
export interface NeighbourRows {
  rows: Int32Array;
  start: Int32Array;
  item: Int32Array;
  score: Float32Array;
  support: Int32Array;
}

export interface Baskets {
  nItems: number;
  /** Items of basket b: [start[b], start[b + 1]); distinct within a basket. */
  start: Int32Array;
  item: Int32Array;
  /** The basket whose items count as i's partners for basket b (itself, or the visitor's next one); -1: none. */
  partner?: Int32Array;
}

/** Scores a pair (i, j) from its weighted co-occurrence, its raw count and the two items' basket counts. */
export type PairScore = (
  weighted: number,
  count: number,
  countI: number,
  countJ: number,
  i: number,
  j: number,
) => number;

export interface NeighbourOptions {
  k: number;
  /** Pairs seen in fewer baskets are left out. */
  minSupport: number;
  score: PairScore;
  /** The weight basket b gives its pairs (default 1). */
  basketWeight?: (size: number) => number;
}

/** Growing CSR output: appends item i's neighbours in order. */
class CsrWriter {
  private readonly item = new Growable((n) => new Int32Array(n));
  private readonly score = new Growable((n) => new Float32Array(n));
  private readonly support = new Growable((n) => new Int32Array(n));
  readonly start: Int32Array;
  constructor(nItems: number) {
    this.start = new Int32Array(nItems + 1);
  }
  push(j: number, s: number, c: number): void {
    this.item.push(j);
    this.score.push(s);
    this.support.push(c);
  }
  close(i: number): void {
    this.start[i + 1] = this.item.length;
  }
  finish(): Neighbours {
    return { start: this.start, item: this.item.copy(), score: this.score.copy(), support: this.support.copy() };
  }
}

/**
 * The best k of (score, id) pairs, best first (a bounded min-heap). Ties go to the smaller id, so
 * the best k are exactly the first k of the whole ranking (whatever the order of the offers).
 */
export class TopK {
  private readonly ids: Int32Array;
  private readonly scores: Float64Array;
  size = 0;
  constructor(private readonly k: number) {
    this.ids = new Int32Array(k);
    this.scores = new Float64Array(k);
  }
  reset(): void {
    this.size = 0;
  }
  /** The score an entry must reach to get in (an equal one gets in only with a smaller id). */
  floor(): number {
    return this.size < this.k ? Number.NEGATIVE_INFINITY : this.scores[0]!;
  }
  /** Whether (score a, id a) ranks below (score b, id b): a lower score, or the same and a larger id. */
  private static below(sa: number, ia: number, sb: number, ib: number): boolean {
    return sa < sb || (sa === sb && ia > ib);
  }
  offer(id: number, score: number): void {
    const below = TopK.below;
    if (this.size < this.k) {
      let c = this.size++;
      while (c > 0) {
        const p = (c - 1) >> 1;
        if (below(this.scores[p]!, this.ids[p]!, score, id)) break;
        this.scores[c] = this.scores[p]!;
        this.ids[c] = this.ids[p]!;
        c = p;
      }
      this.scores[c] = score;
      this.ids[c] = id;
      return;
    }
    if (!below(this.scores[0]!, this.ids[0]!, score, id)) return;
    let c = 0;
    for (;;) {
      const l = 2 * c + 1;
      if (l >= this.size) break;
      const r = l + 1;
      const m = r < this.size && below(this.scores[r]!, this.ids[r]!, this.scores[l]!, this.ids[l]!) ? r : l;
      if (!below(this.scores[m]!, this.ids[m]!, score, id)) break;
      this.scores[c] = this.scores[m]!;
      this.ids[c] = this.ids[m]!;
      c = m;
    }
    this.scores[c] = score;
    this.ids[c] = id;
  }
  /** The entries, best first (ties by smaller id). */
  sorted(): { id: number; score: number }[] {
    const out: { id: number; score: number }[] = [];
    for (let i = 0; i < this.size; i++) out.push({ id: this.ids[i]!, score: this.scores[i]! });
    return out.sort((a, b) => b.score - a.score || a.id - b.id);
  }
}

/** Item -> baskets holding it (the transpose), and each item's basket count. */
function transpose(b: Baskets): { start: Int32Array; basket: Int32Array; count: Int32Array } {
  const nBaskets = b.start.length - 1;
  const count = basketCounts(b);
  const start = new Int32Array(b.nItems + 1);
  for (let i = 0; i < b.nItems; i++) start[i + 1] = start[i]! + count[i]!;
  const cursor = start.slice(0, b.nItems);
  const basket = new Int32Array(b.item.length);
  for (let bk = 0; bk < nBaskets; bk++) {
    for (let e = b.start[bk]!; e < b.start[bk + 1]!; e++) basket[cursor[b.item[e]!]!++] = bk;
  }
  return { start, basket, count };
}

/** Co-occurrence (or transition) neighbours of every item. */
export function buildNeighbours(b: Baskets, options: NeighbourOptions): Neighbours {
  const t = transpose(b);
  const out = new CsrWriter(b.nItems);
  writeRows(b, options, t, t.count, b.nItems, (i) => i, out);
  return { ...out.finish(), count: t.count };
}

/**
 * The rows of `rows` only, as buildNeighbours makes them (the same loop and scorer), from baskets
 * that hold every basket of those items (others may be there: they are never read for these
 * rows) and the items' basket counts over all baskets (`count`: the model's, kept up to date).
 * Candidates numbered `candidates` or above are not offered (items the base model has no number for).
 */
export function neighbourRows(
  b: Baskets,
  options: NeighbourOptions,
  rows: Int32Array,
  count: Int32Array,
  candidates: number,
): NeighbourRows {
  const out = new CsrWriter(rows.length);
  writeRows(b, options, transpose(b), count, candidates, (r) => rows[r]!, out);
  const { start, item, score, support } = out.finish();
  return { rows, start, item, score, support };
}

/** Baskets holding each item. */
export function basketCounts(b: Baskets): Int32Array {
  const count = new Int32Array(b.nItems);
  for (let e = 0; e < b.item.length; e++) count[b.item[e]!]!++;
  return count;
}

function writeRows(
  b: Baskets,
  options: NeighbourOptions,
  t: { start: Int32Array; basket: Int32Array },
  count: Int32Array,
  candidates: number,
  itemOf: (r: number) => number,
  out: CsrWriter,
): void {
  const { start: itemStart, basket } = t;
  const weighted = new Float64Array(b.nItems);
  const raw = new Int32Array(b.nItems);
  const touched = new Int32Array(b.nItems);
  const top = new TopK(options.k);
  const weightOf = options.basketWeight ?? (() => 1);
  const nRows = out.start.length - 1;
  for (let r = 0; r < nRows; r++) {
    const i = itemOf(r);
    let nTouched = 0;
    for (let p = itemStart[i]!; p < itemStart[i + 1]!; p++) {
      const source = basket[p]!;
      const target = b.partner ? b.partner[source]! : source;
      if (target < 0) continue;
      const from = b.start[target]!;
      const to = b.start[target + 1]!;
      const w = weightOf(to - from);
      for (let e = from; e < to; e++) {
        const j = b.item[e]!;
        if (j === i) continue;
        if (raw[j] === 0) touched[nTouched++] = j;
        raw[j]!++;
        weighted[j]! += w;
      }
    }
    top.reset();
    for (let q = 0; q < nTouched; q++) {
      const j = touched[q]!;
      if (raw[j]! >= options.minSupport && j < candidates) {
        top.offer(j, options.score(weighted[j]!, raw[j]!, count[i]!, count[j]!, i, j));
      }
    }
    for (const { id, score } of top.sorted()) out.push(id, score, raw[id]!);
    for (let q = 0; q < nTouched; q++) {
      raw[touched[q]!] = 0;
      weighted[touched[q]!] = 0;
    }
    out.close(r);
  }
}

/** Neighbour lists from a scorer: visit(i, offer) offers item i's candidates (score, support). */
export function buildTopK(
  nItems: number,
  k: number,
  visit: (i: number, offer: (j: number, score: number, support: number) => void) => void,
): Neighbours {
  const top = new TopK(k);
  const support = new Map<number, number>();
  const out = new CsrWriter(nItems);
  for (let i = 0; i < nItems; i++) {
    top.reset();
    support.clear();
    visit(i, (j, score, s) => {
      if (score > 0 && score >= top.floor()) {
        top.offer(j, score);
        if (s) support.set(j, s);
      }
    });
    for (const { id, score } of top.sorted()) out.push(id, score, support.get(id) ?? 0);
    out.close(i);
  }
  return out.finish();
}
