/**
 * The shop's events as the recommendation engine reads them: every (visitor, item, kind, time,
 * order) in typed arrays, grouped by visitor in time order (a CSR layout: the events of visitor u
 * are [userStart[u], userStart[u + 1])). Items and visitors are numbered; a visitor is the
 * customer, else `cookie:<cookie_id>`. 10 million events take about 130 MB here.
 */

import { Growable } from "./growable";

/** Interaction kinds the models read, with their weight in the "-interactions" kinds. */
export const KIND = { purchase: 0, add_to_cart: 1, click: 2, view: 3 } as const;
export type KindName = keyof typeof KIND;
export const KIND_WEIGHT = [1, 0.6, 0.4, 0.25] as const;

export interface Interactions {
  itemIds: string[];
  users: string[];
  /** Per event, grouped by visitor, each visitor's events in time order. */
  item: Int32Array;
  kind: Uint8Array;
  /** Minutes since the Unix epoch. */
  minute: Int32Array;
  /** The order (a number per distinct order id, -1 when none). */
  order: Int32Array;
  userStart: Int32Array;
  /** The latest event's time (ms). */
  lastMs: number;
}

/** Collects events in any order; finish() groups them by visitor in time order. */
export class InteractionsBuilder {
  private readonly itemNo = new Map<string, number>();
  private readonly userNo = new Map<string, number>();
  private readonly orderNo = new Map<string, number>();
  private readonly itemIds: string[] = [];
  private readonly users: string[] = [];
  private readonly user = new Growable((n) => new Int32Array(n));
  private readonly item = new Growable((n) => new Int32Array(n));
  private readonly kind = new Growable((n) => new Uint8Array(n));
  private readonly minute = new Growable((n) => new Int32Array(n));
  private readonly order = new Growable((n) => new Int32Array(n));
  private lastMs = 0;

  /** Numbers an item even without events (so content models know every item). */
  itemIndex(itemId: string): number {
    let n = this.itemNo.get(itemId);
    if (n === undefined) {
      n = this.itemIds.length;
      this.itemIds.push(itemId);
      this.itemNo.set(itemId, n);
    }
    return n;
  }

  add(e: { visitor: string; itemId: string; kind: KindName; ms: number; orderId?: string | null }) {
    let u = this.userNo.get(e.visitor);
    if (u === undefined) {
      u = this.users.length;
      this.users.push(e.visitor);
      this.userNo.set(e.visitor, u);
    }
    let o = -1;
    if (e.orderId) {
      o = this.orderNo.get(e.orderId) ?? this.orderNo.size;
      if (o === this.orderNo.size) this.orderNo.set(e.orderId, o);
    }
    this.user.push(u);
    this.item.push(this.itemIndex(e.itemId));
    this.kind.push(KIND[e.kind]);
    this.minute.push(Math.floor(e.ms / 60_000));
    this.order.push(o);
    if (e.ms > this.lastMs) this.lastMs = e.ms;
  }

  finish(): Interactions {
    const user = this.user.view();
    const minute = this.minute.view();
    const n = user.length;
    const nUsers = this.users.length;
    // Counting sort by visitor (stable), then each visitor's events by time.
    const userStart = new Int32Array(nUsers + 1);
    for (let i = 0; i < n; i++) userStart[user[i]! + 1]!++;
    for (let u = 0; u < nUsers; u++) userStart[u + 1]! += userStart[u]!;
    const cursor = userStart.slice(0, nUsers);
    const perm = new Int32Array(n);
    for (let i = 0; i < n; i++) perm[cursor[user[i]!]!++] = i;
    for (let u = 0; u < nUsers; u++) {
      const from = userStart[u]!;
      const to = userStart[u + 1]!;
      if (to - from > 1) {
        const part = perm.subarray(from, to);
        part.sort((a, b) => minute[a]! - minute[b]! || a - b);
      }
    }
    const pick = <T extends Int32Array | Uint8Array>(src: T, make: (n: number) => T): T => {
      const out = make(n);
      for (let i = 0; i < n; i++) out[i] = src[perm[i]!]!;
      return out;
    };
    return {
      itemIds: this.itemIds,
      users: this.users,
      item: pick(this.item.view(), (k) => new Int32Array(k)),
      kind: pick(this.kind.view(), (k) => new Uint8Array(k)),
      minute: pick(minute, (k) => new Int32Array(k)),
      order: pick(this.order.view(), (k) => new Int32Array(k)),
      userStart,
      lastMs: this.lastMs,
    };
  }
}

/** How a visitor known only by a cookie is named. */
export const COOKIE_VISITOR = "cookie:";

export const PURCHASES = 1 << KIND.purchase;
export const ALL_KINDS = 0b1111;
