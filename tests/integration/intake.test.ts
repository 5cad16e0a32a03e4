import { describe, expect, it } from "vitest";
import * as customers from "@/app/api/latest/data/customers/route";
import * as discounts from "@/app/api/latest/data/discounts/route";
import * as events from "@/app/api/latest/data/events/route";
import * as items from "@/app/api/latest/data/items/route";
import * as segments from "@/app/api/latest/data/segments/route";
import { getDataOverview } from "@/lib/data/get-data-overview";
import { db } from "@/lib/db/client";
import { call, tokenFor } from "./http";

describe("data intake", () => {
  it("keeps the good records and reports the bad ones by index", async () => {
    const token = await tokenFor("advanced");
    const res = await call(items.POST, {
      path: "/data/items",
      token,
      body: {
        items: [
          {
            item_id: "mix-1",
            item_name: "Red mug",
            product_price: 4.5,
            categories: [{ category_level: "category_level_0", category_name: "Kitchen" }],
          },
          { item_name: "no id" },
          { item_id: "mix-2", product_price: -3 },
          { item_id: "mix-3", attributes: [{ attribute_name: "attribute_color", attribute_value: "red" }] },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.received).toBe(4);
    expect(res.body.upserted).toBe(2);
    expect(res.body.errors.map((e: { index: number }) => e.index)).toEqual([1, 2]);
    expect(res.body.errors[0].detail).toContain("item_id");
    expect(res.body.errors[1].detail).toContain("product_price");
    const prisma = await db();
    expect(await prisma.item.count({ where: { item_id: { in: ["mix-1", "mix-2", "mix-3"] } } })).toBe(2);
  });

  it("upserts: fields left out keep their value", async () => {
    const token = await tokenFor("advanced");
    await call(items.POST, {
      path: "/data/items",
      token,
      body: { items: [{ item_id: "up-1", item_name: "Lamp", product_price: 10, stock: 5 }] },
    });
    await call(items.POST, { path: "/data/items", token, body: { items: [{ item_id: "up-1", product_price: 12 }] } });
    const row = await (await db()).item.findUniqueOrThrow({ where: { item_id: "up-1" } });
    expect(row).toMatchObject({ item_name: "Lamp", product_price: 12, stock: 5, is_active: true });
  });

  it("re-importing events is idempotent (by event_id, else by content)", async () => {
    const token = await tokenFor("advanced");
    const batch = {
      events: [
        {
          event_id: "e-1",
          event_type: "view",
          customer_id: "idem-c",
          item_id: "up-1",
          timestamp: "2026-01-02T10:00:00",
        },
        {
          event_type: "purchase",
          customer_id: "idem-c",
          item_id: "up-1",
          quantity: 2,
          price: 3,
          order_id: "o-1",
          timestamp: "2026-01-02T10:05:00",
        },
      ],
    };
    const first = await call(events.POST, { path: "/data/events", token, body: batch });
    expect(first.body).toMatchObject({ received: 2, upserted: 2, errors: [] });
    await call(events.POST, { path: "/data/events", token, body: batch });
    const prisma = await db();
    expect(await prisma.event.count({ where: { customer_id: "idem-c" } })).toBe(2);
    // The Data page's counter follows inserts exactly, re-imports included.
    expect((await getDataOverview()).events).toBe(await prisma.event.count());
  });

  it("links cookies to customers and keeps segments with counts", async () => {
    const token = await tokenFor("super");
    const res = await call(customers.POST, {
      path: "/data/customers",
      token,
      body: {
        customers: [
          {
            customer_id: "seg-1",
            first_name: "Ana",
            email: "ana@example.com",
            segment_id: "gold",
            segment_name: "Gold",
            cookie_ids: ["ck-1"],
            email_consent: true,
          },
          { customer_id: "seg-2", segment_id: "gold", segment_name: "Gold" },
          { customer_id: "seg-3", email: "broken" },
        ],
      },
    });
    expect(res.body.upserted).toBe(2);
    expect(res.body.errors[0]).toMatchObject({ index: 2 });
    await call(events.POST, {
      path: "/data/events",
      token,
      body: {
        events: [
          {
            event_type: "purchase",
            cookie_id: "ck-1",
            item_id: "up-1",
            price: 5,
            quantity: 1,
            timestamp: "2026-01-03T09:00:00",
          },
        ],
      },
    });
    const prisma = await db();
    const ana = await prisma.customer.findUniqueOrThrow({ where: { customer_id: "seg-1" } });
    expect(ana.clv_value).toBe(5);
    const list = await call(segments.GET, { path: "/data/segments", token, query: { limit: 100 } });
    const gold = list.body.segments.find((s: { segment_id: string }) => s.segment_id === "gold");
    expect(gold).toEqual({ segment_id: "gold", segment_name: "Gold", customer_count: 2 });
  });

  it("validates discounts (valid_to after valid_from)", async () => {
    const res = await call(discounts.POST, {
      path: "/data/discounts",
      token: await tokenFor("advanced"),
      body: {
        discounts: [
          {
            discount_id: "d-1",
            leaflet_id: "l-1",
            item_ids: ["up-1"],
            discount_percent: 20,
            valid_from: "2026-01-01T00:00:00",
            valid_to: "2026-02-01T00:00:00",
          },
          { discount_id: "d-2", valid_from: "2026-03-01T00:00:00", valid_to: "2026-02-01T00:00:00" },
        ],
      },
    });
    expect(res.body.upserted).toBe(1);
    expect(res.body.errors[0]).toMatchObject({ index: 1, detail: expect.stringContaining("valid_to") });
    const list = await call(discounts.GET, {
      path: "/data/discounts",
      token: await tokenFor("user"),
      query: { leaflet_id: "l-1" },
    });
    expect(list.body).toMatchObject({
      count: 1,
      discounts: [{ discount_id: "d-1", item_ids: ["up-1"], is_valid_now: false }],
    });
  });

  it("refuses more than 10,000 records with 422", async () => {
    const res = await call(items.POST, {
      path: "/data/items",
      token: await tokenFor("advanced"),
      body: { items: Array.from({ length: 10_001 }, (_, i) => ({ item_id: `x${i}` })) },
    });
    expect(res.status).toBe(422);
  });
});
