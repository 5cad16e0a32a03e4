/**
 * The in-memory product index: an inverted index over the analysed terms of each item's name
 * (field weight 1) and its other texts (ids, other names, categories, attributes, descriptions,
 * each with its own weight), updated one item at a time.
 *
 * Scoring (see ./score.ts for the constants and README of lib/search for the reasoning):
 * every word of the query is expanded to index terms (the exact term; a measure's number; the
 * parts of a joined code; prefixes of the last word as typed; one-edit typos of words of 5+
 * letters; the shop's synonyms; compounds written apart or together). Per word a document keeps
 * its best expansion, scored BM25-style (term rarity x saturated term frequency, name length
 * normalised) times the expansion's weight. A document's relevance is the sum over words, scaled
 * by the share of the query's words it matched (coverage), so items matching every word rank
 * above items matching the rarest one only. match_score is independent of rarity: the mean over
 * query words of the match quality (1 exact in the name ... 0 unmatched), times 100.
 */
import { analyze, root, STOPWORDS, stem, type Term } from "./analyze";
import { TrigramVocabulary } from "./fuzzy";
import { DEFAULT_SCORE_PARAMS, type ScoreParams } from "./score";
import type { SynonymTable } from "./synonyms";

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

export type MatchKind = "exact" | "synonym" | "prefix" | "typo" | "partial";

interface Expansion {
  /** Index term ids; more than one means all must be present (a phrase or the parts of a code). */
  terms: number[];
  weight: number;
  /** Match quality for match_score (before the field factor). */
  quality: number;
  kind: MatchKind;
  /** Scores with this rarity instead of the term's own (a stand-in must not beat the word itself). */
  idf?: number;
}

export interface QueryWord {
  text: string;
  term: string;
  expansions: Expansion[];
  /** Importance for coverage (the rarity of its best-known form). */
  importance: number;
}

export interface IndexHit {
  key: string;
  /** 0-100: how well the item matches, comparable across queries. */
  match_score: number;
  /** The text relevance before boosts, scaled to about 0-100 for this query. */
  relevance: number;
  /** The ordering score: relevance times the item's boost. */
  score: number;
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
}

const ALPHABET = "abcdefghijklmnopqrstuvwxyz";
const EMPTY: number[] = [];

export class SearchIndex {
  readonly params: ScoreParams;
  // Documents, by slot. A re-indexed or removed item leaves a dead slot behind until compaction.
  private keys: (string | undefined)[] = [];
  private alive = new Uint8Array(1024);
  private nameLen = new Float32Array(1024);
  private boosts = new Float32Array(1024);
  /** Distinct term ids of each slot (sorted), to unindex it and to explain matches. */
  private docTerms: (Int32Array | undefined)[] = [];
  /** The name's term ids in order, and how many come before its first " in/with/for" clause. */
  private nameSeq: (Int32Array | undefined)[] = [];
  private headLen = new Uint16Array(1024);
  private slotOf = new Map<string, number>();
  private live = 0;
  private dead = 0;
  private totalNameLen = 0;
  // Vocabulary and postings, by term id.
  private termIds = new Map<string, number>();
  private terms: string[] = [];
  private df: number[] = [];
  /** Names whose head ends with the term (it names what the item is: "... Faucet in Chrome"). */
  private typeCount: number[] = [];
  private pDocs: number[][] = [];
  private pName: number[][] = [];
  private pOther: number[][] = [];
  private sorted: string[] | undefined;
  /** Root -> the term ids with that root (other forms of a word). */
  private roots = new Map<string, number[]>();
  /** Letter-only words of 7+ letters, for two-edit typos. */
  private longWords = new TrigramVocabulary();
  // Scratch space of one query (queries run one at a time on the event loop).
  private stamp = new Int32Array(1024);
  private best = new Float64Array(1024);
  private bestQ = new Float32Array(1024);
  private seen = new Int32Array(1024);
  private total = new Float64Array(1024);
  private quality = new Float32Array(1024);
  private coverage = new Float32Array(1024);
  private conjCount = new Int32Array(1024);
  private conjStamp = new Int32Array(1024);
  private conjScore = new Float64Array(1024);
  private conjName = new Uint8Array(1024);
  private generation = 0;
  private queries = 0;

  constructor(params: Partial<ScoreParams> = {}) {
    this.params = { ...DEFAULT_SCORE_PARAMS, ...params };
  }

  get size(): number {
    return this.live;
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
    const analysed = analyze(input.name);
    const nameTerms: Term[] = [];
    let head = -1;
    for (const [k, t] of analysed.entries()) {
      if (indexable(t)) {
        this.count(counts, t.term).name += 1;
        nameTerms.push(t);
      } else if (head < 0 && k > 0 && CLAUSE_WORDS.has(t.term)) {
        head = nameTerms.length;
      }
    }
    this.nameSeq[slot] = Int32Array.from(nameTerms, (t) => this.termIds.get(t.term)!);
    this.headLen[slot] = Math.min(head < 0 ? nameTerms.length : head, 65535);
    const typeTerm = this.typeTermOf(slot);
    if (typeTerm >= 0) this.typeCount[typeTerm] = this.typeCount[typeTerm]! + 1;
    for (const field of input.fields ?? []) {
      if (!field.text) continue;
      for (const t of analyze(field.text).filter(indexable)) this.count(counts, t.term).other += field.weight;
    }
    const ids = [...counts.keys()].sort((a, b) => a - b);
    for (const id of ids) {
      const c = counts.get(id)!;
      this.pDocs[id]!.push(slot);
      this.pName[id]!.push(c.name);
      this.pOther[id]!.push(c.other);
      this.df[id]! += 1;
    }
    this.docTerms[slot] = Int32Array.from(ids);
    this.nameLen[slot] = Math.max(nameTerms.length, 1);
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
    for (const id of this.docTerms[slot] ?? EMPTY) this.df[id]! -= 1;
    const typeTerm = this.typeTermOf(slot);
    if (typeTerm >= 0) this.typeCount[typeTerm] = this.typeCount[typeTerm]! - 1;
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

  /** Drops dead slots from the postings (their slots stay unused). */
  compact(): void {
    for (let id = 0; id < this.terms.length; id++) {
      const docs = this.pDocs[id]!;
      if (docs.length === this.df[id]) continue;
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

  /** The index terms of a text that a query's matches explain (for highlighting). */
  matchedTerms(key: string, term: string, synonyms?: SynonymTable): Set<string> {
    const slot = this.slotOf.get(key);
    const out = new Set<string>();
    if (slot === undefined) return out;
    const doc = this.docTerms[slot]!;
    for (const word of this.plan(term, { synonyms, prefixLast: true })) {
      for (const e of word.expansions) {
        if (e.terms.every((id) => binaryHas(doc, id))) for (const id of e.terms) out.add(this.terms[id]!);
      }
    }
    return out;
  }

  search(request: SearchRequest): IndexHit[] {
    const words = this.plan(request.term, { synonyms: request.synonyms, prefixLast: request.prefixLast ?? true });
    if (words.length === 0 || this.live === 0) return [];
    const p = this.params;
    const avg = this.totalNameLen / this.live;
    const qid = ++this.queries;
    const candidates: number[] = [];
    let importanceSum = 0;
    for (const w of words) importanceSum += w.importance;
    let ideal = 0;
    for (const word of words) {
      const gen = ++this.generation;
      const touched: number[] = [];
      for (const e of word.expansions) {
        if (e.terms.length === 1) this.scoreTerm(e.terms[0]!, e, gen, touched, avg);
        else this.scoreConjunction(e, gen, touched, avg);
      }
      ideal += word.importance * (p.k1 + 1);
      const share = word.importance / importanceSum;
      for (const d of touched) {
        if (this.seen[d] !== qid) {
          // First word this document matched in this query.
          this.seen[d] = qid;
          this.total[d] = 0;
          this.quality[d] = 0;
          this.coverage[d] = 0;
          candidates.push(d);
        }
        this.total[d] = this.total[d]! + this.best[d]!;
        this.quality[d] = this.quality[d]! + this.bestQ[d]!;
        this.coverage[d] = this.coverage[d]! + share * (p.coverageByQuality ? this.bestQ[d]! : 1);
      }
    }
    const minMatch = request.minMatch ?? 0;
    const n = words.length;
    const heap = new TopK(Math.max(request.limit, p.rerankDepth));
    for (const d of candidates) {
      const match = (this.quality[d]! / n) * 100;
      if (match + 1e-9 < minMatch) continue;
      const relevance = this.total[d]! * this.coverage[d]! ** p.coveragePower;
      heap.push(d, relevance * this.boosts[d]!, relevance, match);
    }
    const ranked = this.rerank(heap.sorted(), words).slice(0, request.limit);
    return ranked.map((h) => ({
      key: this.keys[h.slot]!,
      match_score: Math.round(h.match * 100) / 100,
      relevance: Math.round((h.relevance / ideal) * 10000) / 100,
      score: Math.round((h.score / ideal) * 10000) / 100,
    }));
  }

  /**
   * Word order in the name: the best candidates gain when consecutive query words stand next to
   * each other in the name, and lose when words match only after the name's first in/with/for
   * clause ("... Faucet in Chrome", "... with Screws": details, not what the item is).
   */
  private rerank(ranked: Ranked[], words: QueryWord[]): Ranked[] {
    const p = this.params;
    if (ranked.length === 0 || (p.proximityWeight === 0 && p.tailFactor === 1)) return ranked;
    const sets = words.map((w) => new Set(w.expansions.filter((e) => e.terms.length === 1).map((e) => e.terms[0]!)));
    let importanceSum = 0;
    for (const w of words) importanceSum += w.importance;
    const positions = new Int32Array(words.length);
    for (const h of ranked) {
      const seq = this.nameSeq[h.slot]!;
      const head = this.headLen[h.slot]!;
      positions.fill(-1);
      let adjacent = 0;
      for (let i = 0; i < sets.length; i++) {
        const set = sets[i]!;
        const next = sets[i + 1];
        let together = false;
        for (let k = 0; k < seq.length; k++) {
          if (!set.has(seq[k]!)) continue;
          if (positions[i] === -1) positions[i] = k;
          if (next && !together && (next.has(seq[k + 1]!) || next.has(seq[k + 2]!))) together = true;
        }
        if (together) adjacent++;
      }
      let tail = 0;
      for (let i = 0; i < words.length; i++) if (positions[i]! >= head) tail += words[i]!.importance;
      const last = positions[words.length - 1]!;
      const typeMatch = last >= 0 && (last === head - 1 || seq.length === 0) ? p.typeBoost : 0;
      const brand = positions.some((x) => x === 0) ? p.brandBoost : 0;
      const factor =
        (words.length > 1 ? 1 + (p.proximityWeight * adjacent) / (words.length - 1) : 1) *
        (1 - ((1 - p.tailFactor) * tail) / importanceSum) *
        (1 + typeMatch + brand);
      h.relevance *= factor;
      h.score *= factor;
    }
    return ranked.sort((a, b) => b.score - a.score || a.slot - b.slot);
  }

  /** The query's words with their expansions to index terms. */
  plan(text: string, options: { synonyms?: SynonymTable; prefixLast: boolean }): QueryWord[] {
    const p = this.params;
    const all = analyze(text);
    let picked = all.filter((t) => !t.covered && !(t.kind === "word" && STOPWORDS.has(t.term)));
    if (picked.length === 0) picked = all.filter((t) => !t.covered);
    // A code the catalog does not know ("nails18") is searched as its parts.
    if (p.splitUnknownCodes) {
      picked = picked.flatMap((t) => {
        if (t.kind !== "joined" || this.known(t.term)) return [t];
        const parts = all.filter((x) => x.covered && x.start >= t.start && x.end <= t.end && x !== t);
        return parts.length > 0 ? parts.map((x) => ({ ...x, covered: false })) : [t];
      });
    }
    picked = picked.slice(0, 16);
    const words: QueryWord[] = picked.map((t, i) => {
      const expansions: Expansion[] = [];
      const exact = this.termIds.get(t.term);
      if (exact !== undefined && this.df[exact]! > 0) {
        expansions.push({ terms: [exact], weight: 1, quality: 1, kind: "exact" });
      }
      const parts = all.filter((x) => x.covered && x.start >= t.start && x.end <= t.end && x !== t);
      if (t.kind === "measure") {
        const number = parts.find((x) => x.kind === "number");
        const id = number && this.termIds.get(number.term);
        if (id !== undefined) expansions.push({ terms: [id], weight: p.partialWeight, quality: 0.5, kind: "partial" });
      } else if ((t.kind === "dimension" || t.kind === "joined") && parts.length > 1) {
        const ids = parts.map((x) => this.termIds.get(x.term));
        if (ids.every((id) => id !== undefined && this.df[id]! > 0)) {
          const whole = t.kind === "joined";
          expansions.push({
            terms: ids as number[],
            weight: whole ? p.jointWeight : p.partialWeight,
            quality: whole ? 0.9 : 0.6,
            kind: whole ? "exact" : "partial",
          });
        }
      }
      const isLast = i === picked.length - 1;
      if (t.kind === "word" || t.kind === "joined") {
        const surface = t.surface ?? t.term;
        if (options.prefixLast && isLast && surface.length >= p.prefixMinLength) {
          this.addPrefixes(expansions, surface, exact);
        } else if (exact === undefined && surface.length >= p.unknownPrefixMinLength) {
          this.addPrefixes(expansions, surface, exact);
        }
        if (t.kind === "word" && p.formWeight > 0) {
          for (const id of this.roots.get(root(t.term)) ?? EMPTY) {
            if (id !== exact && this.df[id]! > 0) {
              expansions.push({ terms: [id], weight: p.formWeight, quality: 0.9, kind: "exact" });
            }
          }
        }
        const typoMin = this.known(t.term) ? p.typoMinLength : p.typoMinLengthUnknown;
        if (surface.length >= typoMin && !/\d/.test(surface)) this.addTypos(expansions, t.term, exact);
        if (surface.length >= 6 && !/\d/.test(surface)) this.addSplits(expansions, surface, exact);
      }
      const known = exact !== undefined && this.df[exact]! > 0;
      const rarity = known
        ? this.idf(exact)
        : Math.max(0, ...expansions.map((e) => Math.max(...e.terms.map((id) => this.idf(id)))));
      // Words that usually name the product type weigh more than its modifiers.
      const typeness = known ? this.typeCount[exact]! / this.df[exact]! : 0;
      const importance = Math.max(rarity, 0.1) * (1 + p.typeWeight * typeness);
      return { text: t.surface ?? t.term, term: t.term, expansions, importance };
    });
    // Two words written together in the catalog ("shower head" -> "showerhead").
    for (let i = 0; i + 1 < picked.length; i++) {
      const a = picked[i]!;
      const b = picked[i + 1]!;
      if (a.kind !== "word" || b.kind !== "word") continue;
      const id = this.termIds.get(stem(`${a.surface}${b.surface}`));
      if (id === undefined || this.df[id]! === 0) continue;
      for (const w of [words[i]!, words[i + 1]!]) {
        const own = w.expansions.find((e) => e.kind === "exact" && e.terms.length === 1);
        const idf = own ? Math.min(this.idf(own.terms[0]!), this.idf(id)) : undefined;
        w.expansions.push({ terms: [id], weight: p.jointWeight, quality: 0.9, kind: "exact", idf });
      }
    }
    if (options.synonyms) this.addSynonyms(words, picked, options.synonyms);
    if (p.lastWordBoost !== 1 && words.length > 1) words[words.length - 1]!.importance *= p.lastWordBoost;
    return words;
  }

  private addPrefixes(expansions: Expansion[], surface: string, exact: number | undefined): void {
    const p = this.params;
    const sorted = this.sortedTerms();
    let lo = lowerBound(sorted, surface);
    const found: number[] = [];
    for (; lo < sorted.length; lo++) {
      const term = sorted[lo]!;
      if (!term.startsWith(surface)) break;
      const id = this.termIds.get(term)!;
      if (id === exact || this.df[id]! === 0 || /^\d/.test(term) !== /^\d/.test(surface)) continue;
      found.push(id);
    }
    found.sort((a, b) => this.df[b]! - this.df[a]!);
    for (const id of found.slice(0, p.maxPrefixTerms)) {
      const completed = surface.length / this.terms[id]!.length;
      const weight = (exact === undefined ? p.prefixWeight : p.prefixWeightKnown) * (0.5 + 0.5 * completed);
      expansions.push({ terms: [id], weight, quality: 0.6 + 0.3 * completed, kind: "prefix" });
    }
  }

  private addTypos(expansions: Expansion[], term: string, exact: number | undefined): void {
    const p = this.params;
    const own = exact === undefined ? 0 : this.df[exact]!;
    const seen = new Set<number>();
    const consider = (candidate: string) => {
      const id = this.termIds.get(candidate);
      if (id === undefined || id === exact || seen.has(id)) return;
      const df = this.df[id]!;
      // A known word is corrected only towards a much more common one.
      if (df === 0 || df <= own * p.typoCommonRatio) return;
      seen.add(id);
    };
    for (let i = 0; i < term.length; i++) {
      const head = term.slice(0, i);
      const tail = term.slice(i + 1);
      consider(head + tail);
      if (i + 1 < term.length) consider(head + term[i + 1] + term[i] + term.slice(i + 2));
      for (const c of ALPHABET) {
        if (c !== term[i]) consider(head + c + tail);
        consider(head + c + term.slice(i));
      }
    }
    for (const c of ALPHABET) consider(term + c);
    if (seen.size === 0 && own === 0 && term.length >= p.typo2MinLength) {
      for (const near of this.longWords.near(term, 2)) consider(near.word);
    }
    const best = [...seen].sort((a, b) => this.df[b]! - this.df[a]!).slice(0, p.maxTypoTerms);
    for (const id of best) {
      expansions.push({ terms: [id], weight: p.typoWeight, quality: 0.7, kind: "typo" });
    }
  }

  private addSplits(expansions: Expansion[], surface: string, exact: number | undefined): void {
    if (exact !== undefined && this.df[exact]! >= this.params.splitMaxDf) return;
    for (let i = 3; i <= surface.length - 3; i++) {
      const a = this.termIds.get(stem(surface.slice(0, i)));
      const b = this.termIds.get(stem(surface.slice(i)));
      if (a === undefined || b === undefined || !this.df[a] || !this.df[b] || STOPWORDS.has(surface.slice(i))) continue;
      expansions.push({ terms: [a, b], weight: this.params.jointWeight, quality: 0.9, kind: "exact" });
    }
  }

  private addSynonyms(words: QueryWord[], picked: Term[], table: SynonymTable): void {
    const keys = picked.map((t) => t.term);
    for (let start = 0; start < keys.length; start++) {
      for (let len = Math.min(table.maxWords, keys.length - start); len >= 1; len--) {
        const alternatives = table.map.get(keys.slice(start, start + len).join(" "));
        if (!alternatives) continue;
        for (const alternative of alternatives) {
          const ids = alternative.map((t) => this.termIds.get(t));
          if (!ids.every((id) => id !== undefined && this.df[id]! > 0)) continue;
          for (let k = start; k < start + len; k++) {
            words[k]!.expansions.push({
              terms: ids as number[],
              weight: this.params.synonymWeight,
              quality: 0.9,
              kind: "synonym",
            });
          }
        }
      }
    }
  }

  private scoreTerm(id: number, e: Expansion, gen: number, touched: number[], avg: number): void {
    const docs = this.pDocs[id]!;
    const name = this.pName[id]!;
    const other = this.pOther[id]!;
    const p = this.params;
    const idf = (e.idf ?? this.idf(id)) * e.weight;
    const k1 = p.k1;
    const k1b = k1 * (1 - p.b);
    const k1bAvg = (k1 * p.b) / avg;
    const otherFactor = p.otherFieldFactor;
    for (let k = 0; k < docs.length; k++) {
      const d = docs[k]!;
      if (this.alive[d] === 0) continue;
      const tf = name[k]!;
      const of = other[k]!;
      let s = tf > 0 ? (tf * (k1 + 1)) / (tf + k1b + k1bAvg * this.nameLen[d]!) : 0;
      if (of > 0) s += (otherFactor * of * (k1 + 1)) / (of + k1);
      s *= idf;
      const q = e.quality * (tf > 0 ? 1 : p.otherQuality);
      if (this.stamp[d] !== gen) {
        this.stamp[d] = gen;
        this.best[d] = s;
        this.bestQ[d] = q;
        touched.push(d);
      } else if (s > this.best[d]!) {
        this.best[d] = s;
        this.bestQ[d] = Math.max(q, this.bestQ[d]!);
      } else if (q > this.bestQ[d]!) {
        this.bestQ[d] = q;
      }
    }
  }

  /** Documents holding every term of the expansion: the mean of the terms' scores. */
  private scoreConjunction(e: Expansion, gen: number, touched: number[], avg: number): void {
    const p = this.params;
    const cgen = ++this.generation;
    const ids = [...e.terms].sort((a, b) => this.pDocs[a]!.length - this.pDocs[b]!.length);
    const k1 = p.k1;
    for (const [j, id] of ids.entries()) {
      const docs = this.pDocs[id]!;
      const name = this.pName[id]!;
      const other = this.pOther[id]!;
      const idf = this.idf(id);
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
        let s = tf > 0 ? (tf * (k1 + 1)) / (tf + k1 * (1 - p.b + (p.b * this.nameLen[d]!) / avg)) : 0;
        if (of > 0) s += (p.otherFieldFactor * of * (k1 + 1)) / (of + k1);
        this.conjScore[d] = this.conjScore[d]! + s * idf;
        if (tf === 0) this.conjName[d] = 0;
        this.conjCount[d] = this.conjCount[d]! + 1;
        if (j === ids.length - 1) {
          const score = (this.conjScore[d]! / ids.length) * e.weight;
          const q = e.quality * (this.conjName[d] ? 1 : p.otherQuality);
          if (this.stamp[d] !== gen) {
            this.stamp[d] = gen;
            this.best[d] = score;
            this.bestQ[d] = q;
            touched.push(d);
          } else {
            if (score > this.best[d]!) this.best[d] = score;
            if (q > this.bestQ[d]!) this.bestQ[d] = q;
          }
        }
      }
    }
  }

  /** The last term of a name's head (before its first in/with/for clause), or -1. */
  private typeTermOf(slot: number): number {
    const seq = this.nameSeq[slot];
    const head = this.headLen[slot]!;
    if (!seq || head === 0) return -1;
    // Skip trailing numbers and measures: "Drill 18-Volt" names a drill.
    for (let k = Math.min(head, seq.length) - 1; k >= 0; k--) {
      if (/^[a-z]+$/.test(this.terms[seq[k]!]!)) return seq[k]!;
    }
    return -1;
  }

  private known(term: string): boolean {
    const id = this.termIds.get(term);
    return id !== undefined && this.df[id]! > 0;
  }

  private idf(id: number): number {
    const df = this.df[id]!;
    return Math.log(1 + (this.live - df + 0.5) / (df + 0.5)) ** this.params.idfPower;
  }

  private count(counts: Map<number, { name: number; other: number }>, term: string) {
    let id = this.termIds.get(term);
    if (id === undefined) {
      id = this.terms.length;
      this.termIds.set(term, id);
      this.terms.push(term);
      this.df.push(0);
      this.typeCount.push(0);
      this.pDocs.push([]);
      this.pName.push([]);
      this.pOther.push([]);
      this.sorted = undefined;
      const r = root(term);
      const same = this.roots.get(r);
      if (same) same.push(id);
      else this.roots.set(r, [id]);
      if (term.length >= 6 && /^[a-z]+$/.test(term)) this.longWords.add(term);
    }
    let c = counts.get(id);
    if (!c) {
      c = { name: 0, other: 0 };
      counts.set(id, c);
    }
    return c;
  }

  private sortedTerms(): string[] {
    this.sorted ??= [...this.terms].sort();
    return this.sorted;
  }

  private ensureCapacity(n: number): void {
    if (n <= this.alive.length) return;
    const size = Math.max(n, this.alive.length * 2);
    const grow = <T extends Int32Array | Float32Array | Float64Array | Uint8Array | Uint16Array>(a: T): T => {
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
    this.conjCount = grow(this.conjCount);
    this.conjStamp = grow(this.conjStamp);
    this.conjScore = grow(this.conjScore);
    this.conjName = grow(this.conjName);
  }
}

const indexable = (t: Term) => !(t.kind === "word" && STOPWORDS.has(t.term));
const CLAUSE_WORDS = new Set(["in", "with", "for"]);

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

function lowerBound(sorted: string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

interface Ranked {
  slot: number;
  score: number;
  relevance: number;
  match: number;
}

/** The k best by score (ties: lower slot first, i.e. the item indexed earlier), as a min-heap. */
class TopK {
  private heap: Ranked[] = [];
  constructor(private readonly k: number) {}

  private worse(a: Ranked, b: Ranked): boolean {
    return a.score < b.score || (a.score === b.score && a.slot > b.slot);
  }

  push(slot: number, score: number, relevance: number, match: number): void {
    const h = this.heap;
    if (this.k <= 0) return;
    const item = { slot, score, relevance, match };
    if (h.length < this.k) {
      h.push(item);
      let i = h.length - 1;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.worse(h[i]!, h[parent]!)) break;
        [h[i], h[parent]] = [h[parent]!, h[i]!];
        i = parent;
      }
      return;
    }
    if (!this.worse(h[0]!, item)) return;
    h[0] = item;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < h.length && this.worse(h[l]!, h[m]!)) m = l;
      if (r < h.length && this.worse(h[r]!, h[m]!)) m = r;
      if (m === i) break;
      [h[i], h[m]] = [h[m]!, h[i]!];
      i = m;
    }
  }

  sorted(): Ranked[] {
    return [...this.heap].sort((a, b) => (this.worse(a, b) ? 1 : this.worse(b, a) ? -1 : 0));
  }
}
