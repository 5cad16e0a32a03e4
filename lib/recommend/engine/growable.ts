/**
 * The one growable typed array of lib/recommend: the interactions builder, basket and neighbour
 * writers append with push(); the identity index writes values by entry number with set() (slots
 * never written read as `fill`). Capacity doubles, so n appends cost O(n) copies in all.
 */
export type NumberArray = Int32Array | Uint32Array | Float32Array | Uint8Array;

export class Growable<T extends NumberArray> {
  private array: T;
  /** One past the highest index written (the number of pushes, when only pushed). */
  length = 0;

  constructor(
    private readonly make: (size: number) => T,
    private readonly fill = 0,
    capacity = 1024,
  ) {
    this.array = this.fresh(capacity);
  }

  /** The value at n; `fill` for a slot never written. */
  get(n: number): number {
    return n < this.length ? this.array[n]! : this.fill;
  }

  set(n: number, value: number): void {
    if (n >= this.array.length) this.reserve(n + 1);
    this.array[n] = value;
    if (n >= this.length) this.length = n + 1;
  }

  push(value: number): void {
    if (this.length === this.array.length) this.reserve(this.length + 1);
    this.array[this.length++] = value;
  }

  /** The values written, without a copy (valid until the next write that grows). */
  view(): T {
    return this.array.subarray(0, this.length) as T;
  }

  /** The values written, as an array of their own (exactly `length` long). */
  copy(): T {
    return this.array.slice(0, this.length) as T;
  }

  get byteLength(): number {
    return this.array.byteLength;
  }

  private reserve(size: number): void {
    let capacity = Math.max(1, this.array.length * 2);
    while (capacity < size) capacity *= 2;
    const bigger = this.fresh(capacity);
    bigger.set(this.array);
    this.array = bigger;
  }

  private fresh(size: number): T {
    const array = this.make(size);
    if (this.fill !== 0) array.fill(this.fill);
    return array;
  }
}

/** A copy of `array` in a new array of `size` (the rest zero): for arrays grown by hand. */
export function grown<T extends NumberArray>(array: T, size: number): T {
  const bigger = new (array.constructor as new (n: number) => T)(size);
  bigger.set(array);
  return bigger;
}
