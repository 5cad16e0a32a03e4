/**
 * The index's terms: ids, how many live items use each (df), and the look-ups that turn a typed
 * word into other terms: completions of a prefix, one- and two-edit typos, other forms of the
 * same word, and a split of a compound into two known words.
 */
import { root, STOPWORDS, stem } from "./analyze";
import { editDistance, TrigramVocabulary } from "./fuzzy";

const EMPTY: readonly number[] = [];

export class Vocabulary {
  private ids = new Map<string, number>();
  readonly terms: string[] = [];
  /** Live items holding the term. */
  readonly df: number[] = [];
  private roots = new Map<string, number[]>();
  /** Term ids in the order of their terms (UTF-16 code units), and ids added since it was sorted. */
  private sorted: number[] = [];
  private unsorted: number[] = [];
  /** Bumped whenever a df changes: completions cached for a prefix hold until then. */
  private version = 0;
  private completed = new Map<string, number[]>();
  private completedVersion = 0;
  /** Letter-only words of 6+ letters (any script), for two-edit typos. */
  private longWords = new TrigramVocabulary();
  /** Each letter-only word minus one letter -> the words (ids) that give it. */
  private deletes = new Map<string, number | number[]>();

  get size(): number {
    return this.terms.length;
  }

  id(term: string): number | undefined {
    return this.ids.get(term);
  }

  /** The term's id when some live item uses it. */
  live(term: string): number | undefined {
    const id = this.ids.get(term);
    return id !== undefined && this.df[id]! > 0 ? id : undefined;
  }

  /** The id of a term, added when new. */
  intern(term: string): number {
    let id = this.ids.get(term);
    if (id !== undefined) return id;
    id = this.terms.length;
    this.ids.set(term, id);
    this.terms.push(term);
    this.df.push(0);
    this.unsorted.push(id);
    const r = root(term);
    const same = this.roots.get(r);
    if (same) same.push(id);
    else this.roots.set(r, [id]);
    // Words of letters (any script; Cyrillic is already Latin): typo candidates.
    if (/^\p{L}+$/u.test(term)) {
      if (term.length >= 6) this.longWords.add(term);
      for (let i = 0; i < term.length; i++) {
        const key = term.slice(0, i) + term.slice(i + 1);
        const seen = this.deletes.get(key);
        if (seen === undefined) this.deletes.set(key, id);
        else if (typeof seen === "number") {
          if (seen !== id) this.deletes.set(key, [seen, id]);
        } else if (seen[seen.length - 1] !== id) seen.push(id);
      }
    }
    return id;
  }

  /** One more (`delta` 1) or one fewer (-1) live item holds the term. */
  countUse(id: number, delta: number): void {
    this.df[id]! += delta;
    this.version += 1;
  }

  /**
   * Live terms starting with `prefix` (not `except`), most used first (equally used: in the
   * terms' order), numbers for a prefix that starts with a digit and words otherwise. The prefix's
   * range of the sorted terms is found by binary search; the answer of a wide range (a prefix of a
   * letter or two, the first keystrokes of every visitor) is kept until a df changes.
   */
  completions(prefix: string, except: number | undefined, max: number): number[] {
    const sorted = this.sortedIds();
    const terms = this.terms;
    const lo = lowerBound(sorted, terms, prefix);
    // The terms with the prefix stand together from lo: the first one without it ends the range.
    let hi = sorted.length;
    for (let a = lo; a < hi; ) {
      const mid = (a + hi) >> 1;
      if (terms[sorted[mid]!]!.startsWith(prefix)) a = mid + 1;
      else hi = mid;
    }
    if (hi - lo <= CACHE_FROM) return withoutExcept(this.mostUsed(sorted, lo, hi, prefix, max + 1), except, max);
    if (this.completedVersion !== this.version || this.completed.size >= MAX_CACHED) {
      this.completed.clear();
      this.completedVersion = this.version;
    }
    const key = `${max}|${prefix}`;
    let found = this.completed.get(key);
    if (!found) {
      found = this.mostUsed(sorted, lo, hi, prefix, max + 1);
      this.completed.set(key, found);
    }
    return withoutExcept(found, except, max);
  }

  /** The `max` most used live terms of sorted[lo, hi) that are numbers when `prefix` is one, else words. */
  private mostUsed(sorted: number[], lo: number, hi: number, prefix: string, max: number): number[] {
    const numeric = startsWithDigit(prefix);
    const { df, terms } = this;
    const found: number[] = [];
    for (let i = lo; i < hi; i++) {
      const id = sorted[i]!;
      const uses = df[id]!;
      if (uses <= 0 || (found.length === max && uses <= df[found[max - 1]!]!)) continue;
      if (startsWithDigit(terms[id]!) !== numeric) continue;
      // After the ones used as much: equally used terms keep their sorted order.
      let at = found.length;
      while (at > 0 && df[found[at - 1]!]! < uses) at--;
      found.splice(at, 0, id);
      if (found.length > max) found.pop();
    }
    return found;
  }

  /** The term ids in sorted order: new ones inserted one by one, or all sorted again when many. */
  private sortedIds(): number[] {
    const added = this.unsorted;
    if (added.length === 0) return this.sorted;
    const terms = this.terms;
    if (added.length > 1000) {
      this.sorted = Array.from(terms.keys()).sort((a, b) => (terms[a]! < terms[b]! ? -1 : 1));
    } else {
      for (const id of added) this.sorted.splice(lowerBound(this.sorted, terms, terms[id]!), 0, id);
    }
    this.unsorted = [];
    return this.sorted;
  }

  /** Live terms with the same root ("lighting", "lighted" for "light"). */
  forms(term: string, except: number | undefined): number[] {
    return (this.roots.get(root(term)) ?? EMPTY).filter((id) => id !== except && this.df[id]! > 0);
  }

  /**
   * Spelling corrections of `term`: live terms one edit away (insert, delete, substitute, swap
   * neighbours), or two edits away for long unknown words, used by more than `minDf` items;
   * the most used first. One-edit candidates come from the deletion index: two words are one
   * edit apart only if one is the other minus a letter, or both give the same word minus a letter.
   */
  corrections(term: string, options: { minDf: number; twoEdits: boolean; max: number }): number[] {
    const found = new Set<number>();
    const consider = (id: number | undefined, check: boolean) => {
      if (id === undefined || this.df[id]! <= options.minDf || found.has(id)) return;
      const candidate = this.terms[id]!;
      if (candidate !== term && (!check || editDistance(term, candidate, 1) <= 1)) found.add(id);
    };
    const each = (ids: number | number[] | undefined, check: boolean) => {
      if (typeof ids === "number") consider(ids, check);
      else if (ids) for (const id of ids) consider(id, check);
    };
    each(this.deletes.get(term), false);
    for (let i = 0; i < term.length; i++) {
      const shorter = term.slice(0, i) + term.slice(i + 1);
      consider(this.ids.get(shorter), false);
      each(this.deletes.get(shorter), true);
    }
    if (found.size === 0 && options.twoEdits) {
      for (const near of this.longWords.near(term, 2)) consider(this.ids.get(near.word), false);
    }
    return [...found].sort((a, b) => this.df[b]! - this.df[a]!).slice(0, options.max);
  }

  /** Two known words that make up `word` ("showerhead" -> shower + head), each split once. */
  splits(word: string): [number, number][] {
    const out: [number, number][] = [];
    for (let i = 3; i <= word.length - 3; i++) {
      if (STOPWORDS.has(word.slice(i))) continue;
      const a = this.live(stem(word.slice(0, i)));
      const b = this.live(stem(word.slice(i)));
      if (a !== undefined && b !== undefined) out.push([a, b]);
    }
    return out;
  }
}

/** Completions of a prefix with more terms than this are kept until a df changes... */
const CACHE_FROM = 256;
/** ...for at most this many prefixes. */
const MAX_CACHED = 4096;

const startsWithDigit = (term: string) => {
  const c = term.charCodeAt(0);
  return c >= 48 && c <= 57;
};

/** The first `max` of `ids` that are not `except`. */
function withoutExcept(ids: number[], except: number | undefined, max: number): number[] {
  const out: number[] = [];
  for (const id of ids) if (id !== except && out.length < max) out.push(id);
  return out;
}

/** The first position of `sorted` (term ids) whose term is not below `value`. */
function lowerBound(sorted: number[], terms: string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (terms[sorted[mid]!]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
