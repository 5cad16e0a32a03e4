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
  private sorted: string[] | undefined;
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
    this.sorted = undefined;
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

  /** Live terms starting with `prefix` (not `except`), most used first. */
  completions(prefix: string, except: number | undefined, max: number): number[] {
    this.sorted ??= [...this.terms].sort();
    const sorted = this.sorted;
    const numeric = /^\d/.test(prefix);
    const found: number[] = [];
    for (let i = lowerBound(sorted, prefix); i < sorted.length; i++) {
      const term = sorted[i]!;
      if (!term.startsWith(prefix)) break;
      const id = this.ids.get(term)!;
      if (id !== except && this.df[id]! > 0 && /^\d/.test(term) === numeric) found.push(id);
    }
    return found.sort((a, b) => this.df[b]! - this.df[a]!).slice(0, max);
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
