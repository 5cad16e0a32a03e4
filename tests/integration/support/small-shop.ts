/**
 * A small shop for tests of learned kinds' plumbing: 8 items and 40 customers, each buying two of
 * them in one order 5-24 days ago, stored through the intake routes. Ids start with `prefix`
 * (`<prefix>-i0`..., `<prefix>-c0`..., `<prefix>-o0`...).
 */
import { expect } from "vitest";
import * as events from "@/app/api/latest/data/events/route";
import * as items from "@/app/api/latest/data/items/route";
import { call } from "../http";

const day = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 19);

export async function storeSmallShop(token: string, prefix: string): Promise<void> {
  const catalog = Array.from({ length: 8 }, (_, i) => ({
    item_id: `${prefix}-i${i}`,
    item_name: `Item ${i} (${prefix})`,
    product_price: 3 + i,
    stock: 10,
  }));
  const stored = await call(items.POST, { path: "/data/items", token, body: { items: catalog } });
  expect(stored.body.errors ?? [], JSON.stringify(stored.body)).toEqual([]);
  const list = Array.from({ length: 40 }, (_, c) =>
    [c % 8, (c * 3 + 1) % 8].map((i) => ({
      event_type: "purchase",
      customer_id: `${prefix}-c${c}`,
      item_id: `${prefix}-i${i}`,
      timestamp: day(5 + (c % 20)),
      order_id: `${prefix}-o${c}`,
    })),
  ).flat();
  const res = await call(events.POST, { path: "/data/events", token, body: { events: list } });
  expect(res.body.errors, JSON.stringify(res.body)).toEqual([]);
}
