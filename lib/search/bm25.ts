/**
 * The plain BM25 baseline of the relevance evaluation (Robertson-Sparck Jones idf, k1 = 1.2,
 * b = 0.75, any-term match) over a caller's tokens. Not used for serving.
 */
export class Bm25 {
  private postings = new Map<string, { docs: number[]; tf: number[] }>();
  private lengths: number[] = [];
  private total = 0;

  constructor(
    private readonly k1 = 1.2,
    private readonly b = 0.75,
  ) {}

  get size(): number {
    return this.lengths.length;
  }

  /** Adds a document; its number is the order of addition. */
  add(tokens: string[]): number {
    const doc = this.lengths.length;
    const counts = new Map<string, number>();
    for (const t of tokens) counts.set(t, (counts.get(t) ?? 0) + 1);
    for (const [t, n] of counts) {
      let p = this.postings.get(t);
      if (!p) {
        p = { docs: [], tf: [] };
        this.postings.set(t, p);
      }
      p.docs.push(doc);
      p.tf.push(n);
    }
    this.lengths.push(tokens.length);
    this.total += tokens.length;
    return doc;
  }

  /** The best `limit` documents for the query tokens, best first (ties: earlier document first). */
  search(tokens: string[], limit: number): number[] {
    const n = this.lengths.length;
    const avg = this.total / Math.max(n, 1);
    const scores = new Map<number, number>();
    for (const t of new Set(tokens)) {
      const p = this.postings.get(t);
      if (!p) continue;
      const idf = Math.log(1 + (n - p.docs.length + 0.5) / (p.docs.length + 0.5));
      for (let k = 0; k < p.docs.length; k++) {
        const d = p.docs[k]!;
        const tf = p.tf[k]!;
        const s = (idf * tf * (this.k1 + 1)) / (tf + this.k1 * (1 - this.b + (this.b * this.lengths[d]!) / avg));
        scores.set(d, (scores.get(d) ?? 0) + s);
      }
    }
    // Keep the best `limit` in a small sorted list (limit is small).
    const top: [number, number][] = [];
    for (const [d, s] of scores) {
      if (top.length === limit && s <= top[top.length - 1]![1]) continue;
      let i = top.length;
      while (i > 0 && (top[i - 1]![1] < s || (top[i - 1]![1] === s && top[i - 1]![0] > d))) i--;
      top.splice(i, 0, [d, s]);
      if (top.length > limit) top.pop();
    }
    return top.map(([d]) => d);
  }
}
