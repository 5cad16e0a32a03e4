/**
 * Baskets cut from the interactions (./interactions.ts) for the neighbour models (./neighbours.ts):
 * orders (purchases sharing an order id; without one, a visitor's purchases of the same day),
 * sessions (a visitor's interactions of any kind with no gap longer than the session gap), and
 * visitors (everything a visitor did). Items are distinct within a basket; a basket keeps its most
 * recent `maxSize` items, which bounds the quadratic cost of a bulk buyer.
 */

import { Growable } from "./growable";
import { COOKIE_VISITOR, type Interactions, KIND } from "./interactions";
import type { Baskets } from "./neighbours";

class BasketWriter {
  private readonly starts = new Growable((n) => new Int32Array(n));
  private readonly items = new Growable((n) => new Int32Array(n));
  private readonly users = new Growable((n) => new Int32Array(n));
  constructor(
    private readonly nItems: number,
    private readonly maxSize: number,
  ) {
    this.starts.push(0);
  }
  /** Writes one basket from items in time order (the last `maxSize` distinct ones). */
  write(items: number[], user: number): void {
    const seen = new Set<number>();
    const kept: number[] = [];
    for (let k = items.length - 1; k >= 0 && kept.length < this.maxSize; k--) {
      const i = items[k]!;
      if (!seen.has(i)) {
        seen.add(i);
        kept.push(i);
      }
    }
    if (kept.length === 0) return;
    for (let k = kept.length - 1; k >= 0; k--) this.items.push(kept[k]!);
    this.starts.push(this.items.length);
    this.users.push(user);
  }
  finish(options: { chainNext?: boolean } = {}): Baskets & { user: Int32Array } {
    const user = this.users.copy();
    const out: Baskets & { user: Int32Array } = {
      nItems: this.nItems,
      start: this.starts.copy(),
      item: this.items.copy(),
      user,
    };
    if (options.chainNext) {
      const partner = new Int32Array(user.length);
      for (let b = 0; b < user.length; b++) partner[b] = b + 1 < user.length && user[b + 1] === user[b] ? b + 1 : -1;
      out.partner = partner;
    }
    return out;
  }
}

/** One basket per order, in each visitor's time order. */
export function orderBaskets(data: Interactions, options: { maxSize?: number } = {}) {
  const writer = new BasketWriter(data.itemIds.length, options.maxSize ?? 50);
  const nUsers = data.users.length;
  for (let u = 0; u < nUsers; u++) {
    // Orders of a visitor, in the order of their first line; purchases without an order id by day.
    const orders = new Map<number, number[]>();
    for (let e = data.userStart[u]!; e < data.userStart[u + 1]!; e++) {
      if (data.kind[e] !== KIND.purchase) continue;
      const key = data.order[e]! >= 0 ? data.order[e]! : -1 - Math.floor(data.minute[e]! / 1440);
      let items = orders.get(key);
      if (!items) {
        items = [];
        orders.set(key, items);
      }
      items.push(data.item[e]!);
    }
    for (const items of orders.values()) writer.write(items, u);
  }
  return writer.finish();
}

/**
 * A visitor's interactions of the kinds in `kinds` (bit mask), cut where the gap exceeds
 * gapMinutes; with chainNext, each session points to the visitor's next one (transitions).
 */
export function sessionBaskets(
  data: Interactions,
  options: { kinds: number; gapMinutes: number; maxSize?: number; chainNext?: boolean; customersOnly?: boolean },
) {
  const writer = new BasketWriter(data.itemIds.length, options.maxSize ?? 50);
  for (let u = 0; u < data.users.length; u++) {
    if (options.customersOnly && data.users[u]!.startsWith(COOKIE_VISITOR)) continue;
    let items: number[] = [];
    let last = Number.NEGATIVE_INFINITY;
    for (let e = data.userStart[u]!; e < data.userStart[u + 1]!; e++) {
      if (!(options.kinds & (1 << data.kind[e]!))) continue;
      const m = data.minute[e]!;
      if (m - last > options.gapMinutes && items.length) {
        writer.write(items, u);
        items = [];
      }
      items.push(data.item[e]!);
      last = m;
    }
    writer.write(items, u);
  }
  return writer.finish({ chainNext: options.chainNext });
}

/** One basket per visitor: the distinct items of `kinds`, the most recent maxSize. */
export function visitorBaskets(
  data: Interactions,
  options: { kinds: number; maxSize?: number; customersOnly?: boolean },
) {
  return sessionBaskets(data, { ...options, gapMinutes: Number.POSITIVE_INFINITY, maxSize: options.maxSize ?? 200 });
}
