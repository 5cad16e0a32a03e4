/**
 * The in-memory product index: an inverted index over the analysed terms of each item's name
 * (weight 1) and its other texts (each with its own weight), updated one item at a time.
 *
 * Ranking, per query (./plan-query.ts turns the query into words and their expansions):
 * 1. Per word, a document keeps its best expansion, scored BM25-style: rarity (idf ** idfPower)
 *    x saturated term frequency (name length normalised) x the expansion's weight.
 * 2. relevance = sum over words x coverage ** coveragePower, coverage being the share of the
 *    query's words (by rarity, times match quality) the document matched: items matching every
 *    word rank above items matching the rarest one well.
 * 3. The best rerankDepth are re-ordered by word order in the name (consecutive query words
 *    standing together gain; words matched only after the name's first in/with/for clause lose).
 * 4. score = relevance x the item's boost (popularity, availability; 1 by default).
 * match_score does not depend on rarity: the mean over the query's words of the match quality
 * (1 exact in the name ... 0 unmatched) x 100, so it compares across queries.
 */
import { analyze, STOPWORDS, type Term } from "./analyze";
import { type Expansion, planQuery, type QueryWord } from "./plan-query";
import { DEFAULT_SCORE_PARAMS, type ScoreParams } from "./score";
import type { SynonymTable } from "./synonyms";
import { TopK } from "./top-k";
import { Vocabulary } from "./vocabulary";

export interface IndexField {
  text: string;
  /** Weight of a match in this field relative to the name (1). */
  weight: number;
}

export interface IndexInput {
  key: string;
  name: string;
  fields?: IndexField[];
  /** Multiplies the final score (popularity, availability); 1 by default. */
  boost?: number;
}

export interface IndexHit {
  key: string;
  /** 0-100: how well the item matches, comparable across queries. */
  match_score: number;
  /** The text relevance before boosts, scaled to about 0-100 for this query. */
  relevance: number;
  /** The ordering score: relevance times the item's boost (same scale). */
  score: number;
  /** The index terms of this item that matched (when the request asked to explain). */
  matched: string[];
}

export interface SearchRequest {
  term: string;
  /** The most hits to return. */
  limit: number;
  /** Hits with a lower match_score are dropped. */
  minMatch?: number;
  synonyms?: SynonymTable;
  /** Treat the last word as possibly unfinished (search as you type). Default true. */
  prefixLast?: boolean;
  /** Fill IndexHit.matched (the terms that matched, for highlighting). */
  explain?: boolean;
}

const EMPTY: readonly number[] = [];
const CLAUSE_WORDS = new Set(["in", "with", "for"]);
const indexable = (t: Term) => !(t.kind === "word" && STOPWORDS.has(t.term));

type Scratch = Int32Array | Float32Array | Float64Array | Uint8Array | Uint16Array;

export class SearchIndex {
  readonly params: ScoreParams;
  private vocab = new Vocabulary();
  // Documents by slot. A re-indexed or removed item leaves a dead slot until compaction.
  private keys: (string | undefined)[] = [];
  private slotOf = new Map<string, number>();
  private alive = new Uint8Array(1024);
  private nameLen = new Float32Array(1024);
  private boosts = new Float32Array(1024);
  /** Distinct term ids of each slot, sorted: to unindex it and to explain its matches. */
  private docTerms: (Int32Array | undefined)[] = [];
  /** The name's term ids in order, and how many stand before its first in/with/for clause. */
  private nameSeq: (Int32Array | undefined)[] = [];
  private headLen = new Uint16Array(1024);
  private live = 0;
  private dead = 0;
  private totalNameLen = 0;
  // Postings by term id: slots, term frequency in the name, weighted frequency elsewhere.
  private pDocs: number[][] = [];
  private pName: number[][] = [];
  private pOther: number[][] = [];
  // Scratch space of one query (queries run one at a time on the event loop).
  private stamp = new Int32Array(1024);
  private best = new Float64Array(1024);
  private bestQ = new Float32Array(1024);
  private seen = new Int32Array(1024);
  private total = new Float64Array(1024);
  private quality = new Float32Array(1024);
  private coverage = new Float32Array(1024);
  private conjStamp = new Int32Array(1024);
  private conjCount = new Int32Array(1024);
  private conjScore = new Float64Array(1024);
  private conjName = new Uint8Array(1024);
  private generation = 0;
  private queries = 0;
  private mask = new Uint32Array(1024);

  constructor(params: Partial<ScoreParams> = {}) {
    this.params = { ...DEFAULT_SCORE_PARAMS, ...params };
  }

  /** Live items. */
  get size(): number {
    return this.live;
  }

  get terms(): number {
    return this.vocab.size;
  }

  has(key: string): boolean {
    return this.slotOf.has(key);
  }

  /** Adds or replaces an item. */
  upsert(input: IndexInput): void {
    this.remove(input.key);
    const slot = this.keys.length;
    this.ensureCapacity(slot + 1);
    this.keys.push(input.key);
    this.slotOf.set(input.key, slot);
    this.alive[slot] = 1;
    this.boosts[slot] = input.boost ?? 1;
    const counts = new Map<number, { name: number; other: number }>();
    const count = (term: string) => {
      const id = this.intern(term);
      let c = counts.get(id);
      if (!c) {
        c = { name: 0, other: 0 };
        counts.set(id, c);
      }
      return c;
    };
    const analysed = analyze(input.name);
    const seq: number[] = [];
    let head = -1;
    for (const [k, t] of analysed.entries()) {
      if (indexable(t)) {
        count(t.term).name += 1;
        seq.push(this.vocab.id(t.term)!);
      } else if (head < 0 && k > 0 && CLAUSE_WORDS.has(t.term)) {
        head = seq.length;
      }
    }
    this.nameSeq[slot] = Int32Array.from(seq);
    this.headLen[slot] = Math.min(head < 0 ? seq.length : head, 65535);
    for (const field of input.fields ?? []) {
      if (!field.text) continue;
      for (const t of analyze(field.text)) if (indexable(t)) count(t.term).other += field.weight;
    }
    const ids = [...counts.keys()].sort((a, b) => a - b);
    for (const id of ids) {
      const c = counts.get(id)!;
      this.pDocs[id]!.push(slot);
      this.pName[id]!.push(c.name);
      this.pOther[id]!.push(c.other);
      this.vocab.df[id]! += 1;
    }
    this.docTerms[slot] = Int32Array.from(ids);
    this.nameLen[slot] = Math.max(seq.length, 1);
    this.totalNameLen += this.nameLen[slot]!;
    this.live += 1;
  }

  /** Removes an item (no-op when absent). */
  remove(key: string): void {
    const slot = this.slotOf.get(key);
    if (slot === undefined) return;
    this.slotOf.delete(key);
    this.alive[slot] = 0;
    this.keys[slot] = undefined;
    for (const id of this.docTerms[slot] ?? EMPTY) this.vocab.df[id]! -= 1;
    this.docTerms[slot] = undefined;
    this.nameSeq[slot] = undefined;
    this.totalNameLen -= this.nameLen[slot]!;
    this.live -= 1;
    this.dead += 1;
    if (this.dead > 1000 && this.dead > this.live / 4) this.compact();
  }

  /** Changes an item's boost without re-indexing it. */
  setBoost(key: string, boost: number): void {
    const slot = this.slotOf.get(key);
    if (slot !== undefined) this.boosts[slot] = boost;
  }

  /** Drops dead slots from the postings (the slots themselves stay unused). */
  compact(): void {
    for (let id = 0; id < this.pDocs.length; id++) {
      const docs = this.pDocs[id]!;
      if (docs.length === this.vocab.df[id]) continue;
      const name = this.pName[id]!;
      const other = this.pOther[id]!;
      let w = 0;
      for (let k = 0; k < docs.length; k++) {
        if (!this.alive[docs[k]!]) continue;
        docs[w] = docs[k]!;
        name[w] = name[k]!;
        other[w] = other[k]!;
        w++;
      }
      docs.length = w;
      name.length = w;
      other.length = w;
    }
    this.dead = 0;
  }

  /** The query's words and their expansions (for tests and explanations). */
  plan(term: string, options: { synonyms?: SynonymTable; prefixLast?: boolean } = {}): QueryWord[] {
    return planQuery({
      text: term,
      vocabulary: this.vocab,
      idf: (id) => this.idf(id),
      params: this.params,
      synonyms: options.synonyms,
      prefixLast: options.prefixLast ?? true,
    });
  }

  /** The name of an index term (for explanations). */
  termName(id: number): string {
    return this.vocab.terms[id] ?? "";
  }

  search(request: SearchRequest): IndexHit[] {
    const words = this.plan(request.term, request);
    if (words.length === 0 || this.live === 0 || request.limit <= 0) return [];
    const p = this.params;
    const avg = this.totalNameLen / this.live;
    const query: QueryState = { id: ++this.queries, candidates: [], avg, share: 0, gen: 0 };
    const depth = Math.max(request.limit, p.rerankDepth);
    const minQuality = ((request.minMatch ?? 0) * words.length) / 100 - 1e-9;
    let importanceSum = 0;
    for (const w of words) importanceSum += w.importance;
    let ideal = 0;
    for (const word of words) {
      query.gen = ++this.generation;
      query.share = word.importance / importanceSum;
      // The exact term first: later expansions only add what they improve on it.
      for (const e of word.expansions) {
        if (e.terms.length === 1) this.scoreTerm(e.terms[0]!, e, query);
        else this.scoreConjunction(e, query);
      }
      ideal += word.importance * (p.k1 + 1);
    }
    // Candidates -> the best rerankDepth by score, without allocating per candidate.
    const top = new TopK(depth);
    const { total, coverage, quality, boosts } = this;
    const square = p.coveragePower === 2;
    for (const d of query.candidates) {
      const c = coverage[d]!;
      const score = total[d]! * (square ? c * c : c ** p.coveragePower) * boosts[d]!;
      if (top.full && score <= top.minScore) continue;
      if (quality[d]! < minQuality) continue;
      top.push(d, score);
    }
    const ranked = this.rerank(
      top.sorted().map((slot) => {
        const c = coverage[slot]!;
        const relevance = total[slot]! * (square ? c * c : c ** p.coveragePower);
        return { slot, relevance, score: relevance * boosts[slot]!, match: (quality[slot]! / words.length) * 100 };
      }),
      words,
    ).slice(0, request.limit);
    const scale = ideal > 0 ? 100 / ideal : 0;
    return ranked.map((h) => ({
      key: this.keys[h.slot]!,
      match_score: Math.round(h.match * 100) / 100,
      relevance: Math.round(h.relevance * scale * 100) / 100,
      score: Math.round(h.score * scale * 100) / 100,
      matched: request.explain ? this.matchedTerms(h.slot, words) : [],
    }));
  }

  /** The terms of a document that some expansion of the query matched. */
  private matchedTerms(slot: number, words: QueryWord[]): string[] {
    const doc = this.docTerms[slot]!;
    const out = new Set<string>();
    for (const word of words) {
      for (const e of word.expansions) {
        if (e.terms.every((id) => binaryHas(doc, id))) for (const id of e.terms) out.add(this.vocab.terms[id]!);
      }
    }
    return [...out];
  }

  /** Consecutive query words standing together gain; words matched only in the name's tail lose. */
  private rerank(ranked: Ranked[], words: QueryWord[]): Ranked[] {
    const p = this.params;
    if (ranked.length < 2) return ranked;
    // Bit i of mask[term] says the term matches word i (single-term expansions).
    if (this.mask.length < this.vocab.size)
      this.mask = new Uint32Array(Math.max(this.vocab.size, this.mask.length * 2));
    const mask = this.mask;
    const n = Math.min(words.length, 32);
    const marked: number[] = [];
    for (let i = 0; i < n; i++) {
      for (const e of words[i]!.expansions) {
        if (e.terms.length !== 1) continue;
        const id = e.terms[0]!;
        if (mask[id] === 0) marked.push(id);
        mask[id] = mask[id]! | (1 << i);
      }
    }
    let importanceSum = 0;
    for (const w of words) importanceSum += w.importance;
    const first = new Int32Array(n);
    for (const h of ranked) {
      const seq = this.nameSeq[h.slot]!;
      const head = this.headLen[h.slot]!;
      first.fill(-1);
      let together = 0;
      for (let k = 0; k < seq.length; k++) {
        const m = mask[seq[k]!]!;
        if (m === 0) continue;
        const after = (k + 1 < seq.length ? mask[seq[k + 1]!]! : 0) | (k + 2 < seq.length ? mask[seq[k + 2]!]! : 0);
        // Word i here and word i + 1 right after.
        together |= m & (after >>> 1);
        for (let i = 0; i < n; i++) if (first[i] === -1 && m & (1 << i)) first[i] = k;
      }
      let adjacent = 0;
      for (let bits = together; bits !== 0; bits &= bits - 1) adjacent++;
      let tail = 0;
      for (let i = 0; i < n; i++) if (first[i]! >= head) tail += words[i]!.importance;
      const factor =
        (words.length > 1 ? 1 + (p.proximityWeight * adjacent) / (words.length - 1) : 1) *
        (1 - ((1 - p.tailFactor) * tail) / importanceSum);
      h.relevance *= factor;
      h.score *= factor;
    }
    for (const id of marked) mask[id] = 0;
    return ranked.sort((a, b) => b.score - a.score || a.slot - b.slot);
  }

  private scoreTerm(id: number, e: Expansion, query: QueryState): void {
    const docs = this.pDocs[id]!;
    const name = this.pName[id]!;
    const other = this.pOther[id]!;
    const p = this.params;
    const weight = (e.idf ?? this.idf(id)) * e.weight;
    const k1 = p.k1;
    const k1b = k1 * (1 - p.b);
    const k1bAvg = (k1 * p.b) / query.avg;
    const otherFactor = p.otherFieldFactor * (k1 + 1);
    const inName = e.quality;
    const elsewhere = e.quality * p.otherQuality;
    // credit() inlined: this loop is most of a search's time.
    const { alive, nameLen, seen, stamp, best, bestQ, total, quality, coverage } = this;
    const { id: qid, gen, share, candidates } = query;
    for (let k = 0; k < docs.length; k++) {
      const d = docs[k]!;
      if (alive[d] === 0) continue;
      const tf = name[k]!;
      const of = other[k]!;
      let s = tf > 0 ? (tf * (k1 + 1)) / (tf + k1b + k1bAvg * nameLen[d]!) : 0;
      if (of > 0) s += (otherFactor * of) / (of + k1);
      s *= weight;
      const q = tf > 0 ? inName : elsewhere;
      if (seen[d] !== qid) {
        seen[d] = qid;
        total[d] = 0;
        quality[d] = 0;
        coverage[d] = 0;
        candidates.push(d);
      }
      if (stamp[d] !== gen) {
        stamp[d] = gen;
        best[d] = s;
        bestQ[d] = q;
        total[d] = total[d]! + s;
        quality[d] = quality[d]! + q;
        coverage[d] = coverage[d]! + share * q;
        continue;
      }
      const b = best[d]!;
      if (s > b) {
        best[d] = s;
        total[d] = total[d]! + s - b;
      }
      const bq = bestQ[d]!;
      if (q > bq) {
        bestQ[d] = q;
        quality[d] = quality[d]! + q - bq;
        coverage[d] = coverage[d]! + share * (q - bq);
      }
    }
  }

  /**
   * Counts a document's match of the current word: a word counts once, by its best expansion
   * (score and quality each), so a better expansion adds only its improvement.
   */
  private credit(d: number, s: number, q: number, query: QueryState): void {
    if (this.seen[d] !== query.id) {
      this.seen[d] = query.id;
      this.total[d] = 0;
      this.quality[d] = 0;
      this.coverage[d] = 0;
      query.candidates.push(d);
    }
    if (this.stamp[d] !== query.gen) {
      this.stamp[d] = query.gen;
      this.best[d] = s;
      this.bestQ[d] = q;
      this.total[d] = this.total[d]! + s;
      this.quality[d] = this.quality[d]! + q;
      this.coverage[d] = this.coverage[d]! + query.share * q;
      return;
    }
    const best = this.best[d]!;
    if (s > best) {
      this.best[d] = s;
      this.total[d] = this.total[d]! + s - best;
    }
    const bestQ = this.bestQ[d]!;
    if (q > bestQ) {
      this.bestQ[d] = q;
      this.quality[d] = this.quality[d]! + q - bestQ;
      this.coverage[d] = this.coverage[d]! + query.share * (q - bestQ);
    }
  }

  /** Documents holding every term of the expansion score the mean of the terms' scores. */
  private scoreConjunction(e: Expansion, query: QueryState): void {
    const p = this.params;
    const cgen = ++this.generation;
    const ids = [...e.terms].sort((a, b) => this.pDocs[a]!.length - this.pDocs[b]!.length);
    const k1 = p.k1;
    for (const [j, id] of ids.entries()) {
      const docs = this.pDocs[id]!;
      const name = this.pName[id]!;
      const other = this.pOther[id]!;
      const idf = this.idf(id);
      const last = j === ids.length - 1;
      for (let k = 0; k < docs.length; k++) {
        const d = docs[k]!;
        if (this.alive[d] === 0) continue;
        if (j === 0) {
          this.conjStamp[d] = cgen;
          this.conjCount[d] = 0;
          this.conjScore[d] = 0;
          this.conjName[d] = 1;
        } else if (this.conjStamp[d] !== cgen || this.conjCount[d] !== j) continue;
        const tf = name[k]!;
        const of = other[k]!;
        let s = tf > 0 ? (tf * (k1 + 1)) / (tf + k1 * (1 - p.b + (p.b * this.nameLen[d]!) / query.avg)) : 0;
        if (of > 0) s += (p.otherFieldFactor * of * (k1 + 1)) / (of + k1);
        this.conjScore[d] = this.conjScore[d]! + s * idf;
        if (tf === 0) this.conjName[d] = 0;
        this.conjCount[d] = j + 1;
        if (last) {
          const q = e.quality * (this.conjName[d] ? 1 : p.otherQuality);
          this.credit(d, (this.conjScore[d]! / ids.length) * e.weight, q, query);
        }
      }
    }
  }

  private idf(id: number): number {
    const df = this.vocab.df[id]!;
    return Math.log(1 + (this.live - df + 0.5) / (df + 0.5)) ** this.params.idfPower;
  }

  private intern(term: string): number {
    const id = this.vocab.intern(term);
    if (id === this.pDocs.length) {
      this.pDocs.push([]);
      this.pName.push([]);
      this.pOther.push([]);
    }
    return id;
  }

  private ensureCapacity(n: number): void {
    if (n <= this.alive.length) return;
    const size = Math.max(n, this.alive.length * 2);
    const grow = <T extends Scratch>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(size);
      b.set(a);
      return b;
    };
    this.alive = grow(this.alive);
    this.nameLen = grow(this.nameLen);
    this.boosts = grow(this.boosts);
    this.headLen = grow(this.headLen);
    this.stamp = grow(this.stamp);
    this.best = grow(this.best);
    this.bestQ = grow(this.bestQ);
    this.seen = grow(this.seen);
    this.total = grow(this.total);
    this.quality = grow(this.quality);
    this.coverage = grow(this.coverage);
    this.conjStamp = grow(this.conjStamp);
    this.conjCount = grow(this.conjCount);
    this.conjScore = grow(this.conjScore);
    this.conjName = grow(this.conjName);
  }
}

function binaryHas(sorted: Int32Array, value: number): boolean {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = sorted[mid]!;
    if (v === value) return true;
    if (v < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

interface Ranked {
  slot: number;
  score: number;
  relevance: number;
  match: number;
}

interface QueryState {
  /** Marks the documents this query touched (seen[d] === id). */
  id: number;
  candidates: number[];
  avg: number;
  /** The current word's share of the query, and its generation stamp. */
  share: number;
  gen: number;
}
