/**
 * Words of the vocabulary within two edits of a long unknown word ("sprkinler" -> "sprinkler"),
 * found through shared trigrams and checked with the optimal-string-alignment distance.
 * One-edit variants of shorter words are generated directly (see search-index.ts).
 */
export class TrigramVocabulary {
  private grams = new Map<string, number[]>();
  private words: string[] = [];

  add(word: string): void {
    const id = this.words.length;
    this.words.push(word);
    for (const g of trigrams(word)) {
      const list = this.grams.get(g);
      if (list) {
        if (list[list.length - 1] !== id) list.push(id);
      } else this.grams.set(g, [id]);
    }
  }

  /** Words at distance 1..maxDistance from `word`, nearest first. */
  near(word: string, maxDistance: number): { word: string; distance: number }[] {
    const own = trigrams(word);
    const shared = new Map<number, number>();
    for (const g of new Set(own)) {
      for (const id of this.grams.get(g) ?? []) shared.set(id, (shared.get(id) ?? 0) + 1);
    }
    // Each edit changes at most three trigrams.
    const needed = Math.max(1, new Set(own).size - 3 * maxDistance);
    const out: { word: string; distance: number }[] = [];
    for (const [id, count] of shared) {
      if (count < needed) continue;
      const candidate = this.words[id]!;
      if (Math.abs(candidate.length - word.length) > maxDistance || candidate === word) continue;
      const distance = editDistance(word, candidate, maxDistance);
      if (distance <= maxDistance) out.push({ word: candidate, distance });
    }
    return out.sort((a, b) => a.distance - b.distance);
  }
}

function trigrams(word: string): string[] {
  const padded = `^${word}$`;
  const out: string[] = [];
  for (let i = 0; i + 3 <= padded.length; i++) out.push(padded.slice(i, i + 3));
  return out;
}

// Rows of the distance table, reused (searches run one at a time).
let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/** Optimal string alignment distance (adjacent transpositions count 1), or max + 1 when above max. */
export function editDistance(a: string, b: string, max: number): number {
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > max) return max + 1;
  if (rows[0]!.length <= m) rows = [new Int32Array(m + 1), new Int32Array(m + 1), new Int32Array(m + 1)];
  let [prev2, prev, cur] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= m; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (
        i > 1 &&
        j > 1 &&
        a.charCodeAt(i - 1) === b.charCodeAt(j - 2) &&
        a.charCodeAt(i - 2) === b.charCodeAt(j - 1)
      ) {
        v = Math.min(v, prev2[j - 2]! + 1);
      }
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[m]!;
}
