/**
 * The k best of many scored slots, kept in a min-heap of typed arrays (no allocation per push).
 * Ties go to the slot `before` puts first (default the lower slot), so results do not depend on the
 * order of pushes.
 */
export class TopK {
  private slots: Int32Array;
  private scores: Float64Array;
  private n = 0;

  constructor(
    private readonly k: number,
    /** On equal scores, whether slot a goes before slot b (the search index: by item id). */
    private readonly before: (a: number, b: number) => boolean = (a, b) => a < b,
  ) {
    this.slots = new Int32Array(k);
    this.scores = new Float64Array(k);
  }

  get full(): boolean {
    return this.n === this.k;
  }

  /** The score a newcomer must beat once full. */
  get minScore(): number {
    return this.scores[0]!;
  }

  private worse(i: number, j: number): boolean {
    const a = this.scores[i]!;
    const b = this.scores[j]!;
    return a < b || (a === b && this.before(this.slots[j]!, this.slots[i]!));
  }

  private swap(i: number, j: number): void {
    const s = this.slots[i]!;
    this.slots[i] = this.slots[j]!;
    this.slots[j] = s;
    const v = this.scores[i]!;
    this.scores[i] = this.scores[j]!;
    this.scores[j] = v;
  }

  push(slot: number, score: number): void {
    if (this.k <= 0) return;
    if (this.n < this.k) {
      let i = this.n++;
      this.slots[i] = slot;
      this.scores[i] = score;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.worse(i, parent)) break;
        this.swap(i, parent);
        i = parent;
      }
      return;
    }
    if (score < this.scores[0]! || (score === this.scores[0]! && !this.before(slot, this.slots[0]!))) return;
    this.slots[0] = slot;
    this.scores[0] = score;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < this.n && this.worse(l, m)) m = l;
      if (r < this.n && this.worse(r, m)) m = r;
      if (m === i) break;
      this.swap(i, m);
      i = m;
    }
  }

  /** The slots, best first. */
  sorted(): number[] {
    const order = Array.from({ length: this.n }, (_, i) => i);
    order.sort((a, b) => (this.worse(a, b) ? 1 : this.worse(b, a) ? -1 : 0));
    return order.map((i) => this.slots[i]!);
  }
}
