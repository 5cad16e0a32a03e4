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
import { stopwordsFor } from "./stopwords";
import type { SynonymTable } from "./synonyms";
import { TopK } from "./top-k";
import { Vocabulary } from "./vocabulary";

export interface IndexField {
  text: string;
  /** Weight of a match in this field relative to the name (1). */
  weight: number;
  /** The text's language (a description's description_language): its stop words are left out. English when absent. */
  language?: string;
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
const indexable = (t: Term, stopwords: ReadonlySet<string> = STOPWORDS) =>
  !(t.kind === "word" && stopwords.has(t.term));

type Scratch = Int32Array | Float32Array | Float64Array | Uint8Array | Uint16Array;

/** The pass counters are stored in Int32Arrays: at this value they wrap (and their stamps are cleared). */
export const MAX_STAMP = 0x7fffffff;
/** Free slots are squeezed out when they outnumber the live ones (and at least this many). */
const MIN_COMPACT = 1024;

/** What the index holds, for tests and health: it stays the size of the catalog. */
export interface IndexStats {
  live: number;
  /** Slots in use or free (free ones are reused before new ones are added). */
  slots: number;
  free: number;
  /** Length of the per-slot arrays. */
  capacity: number;
  /** Posting entries over all terms (one per live item and term). */
  postings: number;
  terms: number;
  /** Items tokenised since the index was made (a change of stock or price alone is not). */
  tokenised: number;
}

export class SearchIndex {
  readonly params: ScoreParams;
  private vocab = new Vocabulary();
  // Documents by slot. An updated item keeps its slot; a removed item's slot is reused by the
  // next new item, and free slots are squeezed out when they outnumber the live ones.
  private keys: (string | undefined)[] = [];
  private slotOf = new Map<string, number>();
  private free: number[] = [];
  private nameLen = new Float32Array(1024);
  private boosts = new Float32Array(1024);
  /** A hash of the texts a slot was indexed from: an update with the same texts is not re-tokenised. */
  private hashes = new Float64Array(1024);
  /** Distinct term ids of each slot, sorted: to unindex it and to explain its matches. */
  private docTerms: (Int32Array | undefined)[] = [];
  /** The name's term ids in order, and how many stand before its first in/with/for clause. */
  private nameSeq: (Int32Array | undefined)[] = [];
  private headLen = new Uint16Array(1024);
  private live = 0;
  private totalNameLen = 0;
  private tokenised = 0;
  // Postings by term id, sorted by slot, live slots only: slots, term frequency in the name,
  // weighted frequency elsewhere.
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
  // Pass counters (one per word, per conjunction, per query) stamped into the Int32Arrays above;
  // each wraps at MAX_STAMP, clearing its stamps, so a stamp never matches a pass it is not from.
  private generation: number;
  private conjGeneration: number;
  private queries: number;
  private mask = new Uint32Array(1024);
  /** One bit per term: set when mask[term] is not 0 (a few kB, read before mask, mostly 0). */
  private marks = new Int32Array(32);
  /** On equal scores the lower item id goes first, so pages stay put while the catalog changes. */
  private readonly before = (a: number, b: number) => {
    // Many items score alike: the first six characters of their ids, as numbers, decide most ties.
    const codes = this.keyCodes;
    const x = codes[2 * a]!;
    const y = codes[2 * b]!;
    if (x !== y) return x < y;
    const u = codes[2 * a + 1]!;
    const v = codes[2 * b + 1]!;
    if (u !== v) return u < v;
    return this.keys[a]! < this.keys[b]!;
  };
  /** Per slot, two numbers in the order of its item id (keyCode): ties are broken without reading the ids. */
  private keyCodes = new Float64Array(1024 * 2);

  /** `counters`: where the pass counters start (tests of their wrap). */
  constructor(params: Partial<ScoreParams> = {}, counters = 0) {
    this.params = { ...DEFAULT_SCORE_PARAMS, ...params };
    this.generation = counters;
    this.conjGeneration = counters;
    this.queries = counters;
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

  stats(): IndexStats {
    let postings = 0;
    for (const docs of this.pDocs) postings += docs.length;
    return {
      live: this.live,
      slots: this.keys.length,
      free: this.free.length,
      capacity: this.nameLen.length,
      postings,
      terms: this.vocab.size,
      tokenised: this.tokenised,
    };
  }

  /**
   * Adds or replaces an item. A known item keeps its slot; when its texts are the ones it was
   * indexed from (a stock or price change), only its boost changes.
   */
  upsert(input: IndexInput): void {
    const hash = textHash(input);
    let slot = this.slotOf.get(input.key);
    if (slot !== undefined) {
      this.boosts[slot] = input.boost ?? 1;
      if (this.hashes[slot] === hash) return;
      this.totalNameLen -= this.nameLen[slot]!;
    } else {
      slot = this.free.pop() ?? this.keys.length;
      this.ensureCapacity(slot + 1);
      this.keys[slot] = input.key;
      this.keyCodes[2 * slot] = keyCode(input.key, 0);
      this.keyCodes[2 * slot + 1] = keyCode(input.key, 3);
      this.slotOf.set(input.key, slot);
      this.boosts[slot] = input.boost ?? 1;
      this.live += 1;
    }
    this.hashes[slot] = hash;
    this.tokenised += 1;
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
      const stopwords = stopwordsFor(field.language);
      for (const t of analyze(field.text)) if (indexable(t, stopwords)) count(t.term).other += field.weight;
    }
    const ids = Int32Array.from(counts.keys()).sort();
    // Terms the old version had and this one has not leave their postings; the others are set in place.
    for (const id of this.docTerms[slot] ?? EMPTY) {
      if (counts.has(id)) continue;
      this.unpost(id, slot);
      this.vocab.countUse(id, -1);
    }
    for (const id of ids) {
      const c = counts.get(id)!;
      if (this.post(id, slot, c.name, c.other)) this.vocab.countUse(id, 1);
    }
    this.docTerms[slot] = ids;
    this.nameLen[slot] = Math.max(seq.length, 1);
    this.totalNameLen += this.nameLen[slot]!;
  }

  /** Removes an item (no-op when absent); its slot is reused by the next new item. */
  remove(key: string): void {
    const slot = this.slotOf.get(key);
    if (slot === undefined) return;
    this.slotOf.delete(key);
    this.keys[slot] = undefined;
    for (const id of this.docTerms[slot] ?? EMPTY) {
      this.unpost(id, slot);
      this.vocab.countUse(id, -1);
    }
    this.docTerms[slot] = undefined;
    this.nameSeq[slot] = undefined;
    this.hashes[slot] = 0;
    this.totalNameLen -= this.nameLen[slot]!;
    this.live -= 1;
    this.free.push(slot);
    if (this.free.length >= MIN_COMPACT && this.free.length > this.live) this.compact();
  }

  /** Changes an item's boost without re-indexing it. */
  setBoost(key: string, boost: number): void {
    const slot = this.slotOf.get(key);
    if (slot !== undefined) this.boosts[slot] = boost;
  }

  /**
   * Renumbers the live slots 0..live-1 (in their order, so postings stay sorted) and shrinks the
   * per-slot arrays: after many removals with few additions.
   */
  compact(): void {
    const size = Math.max(MIN_COMPACT, this.live);
    const renumber = new Int32Array(this.keys.length).fill(-1);
    const keys: string[] = [];
    const docTerms: (Int32Array | undefined)[] = [];
    const nameSeq: (Int32Array | undefined)[] = [];
    const nameLen = new Float32Array(size);
    const boosts = new Float32Array(size);
    const hashes = new Float64Array(size);
    const keyCodes = new Float64Array(size * 2);
    const headLen = new Uint16Array(size);
    for (let slot = 0; slot < this.keys.length; slot++) {
      const key = this.keys[slot];
      if (key === undefined) continue;
      const to = keys.length;
      renumber[slot] = to;
      keys.push(key);
      this.slotOf.set(key, to);
      docTerms.push(this.docTerms[slot]);
      nameSeq.push(this.nameSeq[slot]);
      nameLen[to] = this.nameLen[slot]!;
      boosts[to] = this.boosts[slot]!;
      hashes[to] = this.hashes[slot]!;
      keyCodes[2 * to] = this.keyCodes[2 * slot]!;
      keyCodes[2 * to + 1] = this.keyCodes[2 * slot + 1]!;
      headLen[to] = this.headLen[slot]!;
    }
    for (const docs of this.pDocs) for (let k = 0; k < docs.length; k++) docs[k] = renumber[docs[k]!]!;
    this.keys = keys;
    this.docTerms = docTerms;
    this.nameSeq = nameSeq;
    this.nameLen = nameLen;
    this.boosts = boosts;
    this.hashes = hashes;
    this.keyCodes = keyCodes;
    this.headLen = headLen;
    this.free = [];
    // Fresh scratch arrays hold no stamp, so the counters can go on from where they are.
    this.stamp = new Int32Array(size);
    this.best = new Float64Array(size);
    this.bestQ = new Float32Array(size);
    this.seen = new Int32Array(size);
    this.total = new Float64Array(size);
    this.quality = new Float32Array(size);
    this.coverage = new Float32Array(size);
    this.conjStamp = new Int32Array(size);
    this.conjCount = new Int32Array(size);
    this.conjScore = new Float64Array(size);
    this.conjName = new Uint8Array(size);
  }

  /** Sets the slot's entry in the term's postings; true when it is new. */
  private post(id: number, slot: number, name: number, other: number): boolean {
    const docs = this.pDocs[id]!;
    const at = lowerBound(docs, slot);
    if (docs[at] === slot) {
      this.pName[id]![at] = name;
      this.pOther[id]![at] = other;
      return false;
    }
    if (at === docs.length) {
      docs.push(slot);
      this.pName[id]!.push(name);
      this.pOther[id]!.push(other);
    } else {
      docs.splice(at, 0, slot);
      this.pName[id]!.splice(at, 0, name);
      this.pOther[id]!.splice(at, 0, other);
    }
    return true;
  }

  private unpost(id: number, slot: number): void {
    const docs = this.pDocs[id]!;
    const at = lowerBound(docs, slot);
    if (docs[at] !== slot) return;
    docs.splice(at, 1);
    this.pName[id]!.splice(at, 1);
    this.pOther[id]!.splice(at, 1);
  }

  private nextGeneration(): number {
    if (this.generation >= MAX_STAMP) {
      this.stamp.fill(0);
      this.generation = 0;
    }
    return ++this.generation;
  }

  private nextConjunction(): number {
    if (this.conjGeneration >= MAX_STAMP) {
      this.conjStamp.fill(0);
      this.conjGeneration = 0;
    }
    return ++this.conjGeneration;
  }

  private nextQuery(): number {
    if (this.queries >= MAX_STAMP) {
      this.seen.fill(0);
      this.queries = 0;
    }
    return ++this.queries;
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
    const query: QueryState = { id: this.nextQuery(), candidates: [], avg, share: 0, gen: 0 };
    const depth = Math.max(request.limit, p.rerankDepth);
    const minQuality = ((request.minMatch ?? 0) * words.length) / 100 - 1e-9;
    let importanceSum = 0;
    for (const w of words) importanceSum += w.importance;
    let ideal = 0;
    for (const word of words) {
      query.gen = this.nextGeneration();
      query.share = word.importance / importanceSum;
      // The exact term first: later expansions only add what they improve on it.
      for (const e of word.expansions) {
        if (e.terms.length === 1) this.scoreTerm(e.terms[0]!, e, query);
        else this.scoreConjunction(e, query);
      }
      ideal += word.importance * (p.k1 + 1);
    }
    // Candidates -> the best rerankDepth by score, without allocating per candidate.
    const top = new TopK(depth, this.before);
    const { total, coverage, quality, boosts } = this;
    const square = p.coveragePower === 2;
    for (const d of query.candidates) {
      const c = coverage[d]!;
      const score = total[d]! * (square ? c * c : c ** p.coveragePower) * boosts[d]!;
      if (top.full && score < top.minScore) continue;
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
    if (this.mask.length < this.vocab.size) {
      this.mask = new Uint32Array(Math.max(this.vocab.size, this.mask.length * 2));
      this.marks = new Int32Array((this.mask.length >>> 5) + 1);
    }
    const { mask, marks } = this;
    // The term's bits, mask read only for the few marked terms: the name's other terms stay in cache.
    const bitsOf = (id: number) => ((marks[id >>> 5]! >>> (id & 31)) & 1 ? mask[id]! : 0);
    const n = Math.min(words.length, 32);
    const marked: number[] = [];
    for (let i = 0; i < n; i++) {
      for (const e of words[i]!.expansions) {
        if (e.terms.length !== 1) continue;
        const id = e.terms[0]!;
        if (mask[id] === 0) marked.push(id);
        mask[id] = mask[id]! | (1 << i);
        marks[id >>> 5] = marks[id >>> 5]! | (1 << (id & 31));
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
        const m = bitsOf(seq[k]!);
        if (m === 0) continue;
        const after = (k + 1 < seq.length ? bitsOf(seq[k + 1]!) : 0) | (k + 2 < seq.length ? bitsOf(seq[k + 2]!) : 0);
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
    for (const id of marked) {
      mask[id] = 0;
      marks[id >>> 5] = 0;
    }
    const keys = this.keys;
    return ranked.sort((a, b) => b.score - a.score || (keys[a.slot]! < keys[b.slot]! ? -1 : 1));
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
    const { nameLen, seen, stamp, best, bestQ, total, quality, coverage } = this;
    const { id: qid, gen, share, candidates } = query;
    for (let k = 0; k < docs.length; k++) {
      const d = docs[k]!;
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
    const cgen = this.nextConjunction();
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
    if (n <= this.nameLen.length) return;
    const size = Math.max(n, this.nameLen.length * 2);
    const grow = <T extends Scratch>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(size);
      b.set(a);
      return b;
    };
    this.nameLen = grow(this.nameLen);
    this.boosts = grow(this.boosts);
    this.hashes = grow(this.hashes);
    const keyCodes = new Float64Array(size * 2);
    keyCodes.set(this.keyCodes);
    this.keyCodes = keyCodes;
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

/** The first position in a sorted list whose value is not below `value`. */
function lowerBound(sorted: number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Three UTF-16 units of `key` from `from` as one number (17 bits each, unit + 1, 0 past the end):
 * keys in string order have codes in the same order, or equal codes.
 */
function keyCode(key: string, from: number): number {
  let code = 0;
  for (let i = from; i < from + 3; i++) code = code * 131072 + (i < key.length ? key.charCodeAt(i) + 1 : 0);
  return code;
}

/** A 53-bit hash (cyrb53) of the texts an item is indexed from and their weights. */
function textHash(input: IndexInput): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  const add = (text: string) => {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 2654435761);
      h2 = Math.imul(h2 ^ c, 1597334677);
    }
    h1 = Math.imul(h1 ^ 0x1f, 2654435761);
    h2 = Math.imul(h2 ^ 0x1f, 1597334677);
  };
  add(input.name);
  for (const field of input.fields ?? []) {
    add(String(field.weight));
    add(field.language ?? "");
    add(field.text);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
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
