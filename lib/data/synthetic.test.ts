import { describe, expect, it } from "vitest";
import {
  BUILT_IN_FIT,
  customerId,
  EVENT_MIX,
  fromQuantiles,
  itemId,
  planEvents,
  QUANTILE_LEVELS,
  syntheticCustomers,
  syntheticEvents,
  syntheticItems,
} from "./synthetic";

const size = { items: 60, customers: 40, events: 5000, seed: 7, end: new Date("2026-11-21T00:00:00Z") };
const all = (seed = size.seed) => ({
  items: [...syntheticItems(BUILT_IN_FIT, { ...size, seed })],
  customers: [...syntheticCustomers(BUILT_IN_FIT, { ...size, seed })],
  events: [...syntheticEvents(BUILT_IN_FIT, { ...size, seed })],
});

describe("synthetic shop", () => {
  it("is deterministic: the same seed gives the same shop, another seed another", () => {
    const a = all();
    expect(all()).toEqual(a);
    const b = all(8);
    expect(b.items.map((i) => i.item_name)).not.toEqual(a.items.map((i) => i.item_name));
    expect(b.events.slice(0, 50)).not.toEqual(a.events.slice(0, 50));
  });

  it("labels what it makes synthetic and keeps ids and references consistent", () => {
    const { items, customers, events } = all();
    expect(items).toHaveLength(size.items);
    expect(customers).toHaveLength(size.customers);
    expect(events).toHaveLength(size.events);
    expect(items.map((i) => i.item_id)).toEqual(items.map((_, k) => itemId(k, size.items)));
    expect(customers.map((c) => c.customer_id)).toEqual(customers.map((_, k) => customerId(k, size.customers)));
    expect(new Set(events.map((e) => e.event_id)).size).toBe(events.length);
    for (const e of events) expect(String(e.event_id)).toMatch(/^syn-/);
    for (const c of customers) expect(String(c.email)).toMatch(/@example\.com$/);

    const itemIds = new Set(items.map((i) => i.item_id));
    const customerIds = new Set(customers.map((c) => c.customer_id));
    const prices = new Map(items.map((i) => [i.item_id, i.product_price]));
    const start = size.end.getTime() - 365 * 86_400_000;
    for (const e of events) {
      expect(itemIds.has(e.item_id)).toBe(true);
      // A known customer, or an anonymous visitor known by a cookie, who does not buy.
      if (e.customer_id === undefined) {
        expect(e.cookie_id).toMatch(/^syn-anon-/);
        expect(e.event_type).not.toBe("purchase");
      } else expect(customerIds.has(e.customer_id)).toBe(true);
      const at = Date.parse(`${e.timestamp}Z`);
      expect(at).toBeGreaterThanOrEqual(start);
      expect(at).toBeLessThan(size.end.getTime() + 86_400_000);
      if (e.event_type === "purchase") {
        expect(e.order_id).toMatch(/^syn-order-/);
        expect(e.price).toBe(prices.get(e.item_id));
        expect(Number(e.quantity)).toBeGreaterThan(0);
      }
    }
  });

  it("follows the event mix and the order size fitted on the real data", () => {
    const { events } = all();
    const count = (type: string) => events.filter((e) => e.event_type === type).length / events.length;
    for (const [type, share] of Object.entries(EVENT_MIX)) expect(count(type)).toBeCloseTo(share, 1);
    const lines = new Map<string, number>();
    for (const e of events) if (e.order_id) lines.set(String(e.order_id), (lines.get(String(e.order_id)) ?? 0) + 1);
    const plan = planEvents(BUILT_IN_FIT, size);
    const mean = [...lines.values()].reduce((s, n) => s + n, 0) / lines.size;
    expect(mean).toBeGreaterThan(plan.meanLinesPerOrder * 0.4);
    expect(mean).toBeLessThan(plan.meanLinesPerOrder * 1.6);
  });

  it("samples quantile tables monotonically between their ends", () => {
    const table = QUANTILE_LEVELS.map((_, k) => k * 10);
    let last = Number.NEGATIVE_INFINITY;
    for (let u = 0; u < 1; u += 0.01) {
      const v = fromQuantiles(table, u);
      expect(v).toBeGreaterThanOrEqual(last);
      last = v;
    }
    expect(fromQuantiles(table, 0)).toBe(table[0]);
    expect(fromQuantiles(table, 0.999999)).toBeLessThanOrEqual(table.at(-1)!);
  });
});
