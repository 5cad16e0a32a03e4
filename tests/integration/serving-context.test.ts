/**
 * The content route's per-request context and its in-memory identities: rules see the identity,
 * the product the page is about and the time; customers, cookies and items are resolved from the
 * process's identity index, kept fresh by intake (and, on PostgreSQL, by other processes' NOTIFY).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as customers from "@/app/api/latest/data/customers/route";
import * as discounts from "@/app/api/latest/data/discounts/route";
import * as events from "@/app/api/latest/data/events/route";
import * as items from "@/app/api/latest/data/items/route";
import * as strategies from "@/app/api/latest/touchpoint-studio/rules/strategies/route";
import * as content from "@/app/api/latest/touchpoint-studio/touchpoints/[touchpoint_id]/content/route";
import { getDatabase } from "@/lib/db/client";
import { startWorkers } from "@/lib/jobs/registry";
import {
  identityChanged,
  identityFacts,
  identityIndexSize,
  startIdentityIndex,
  stopIdentityIndex,
} from "@/lib/recommend/identity-index";
import { serveContent } from "@/lib/recommend/serve-content";
import { call, tokenFor } from "./http";
import { liveCarousel } from "./studio";

let token: string;
let admin: string;
let carousel: string;
let leaflet: string;
const ids = ["ctx-a", "ctx-b", "ctx-c", "ctx-d", "ctx-e", "ctx-f", "ctx-g"];
const day = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 19);

async function post(handler: typeof items.POST, path: string, body: unknown) {
  const res = await call(handler, { path, token: admin, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function serve(id: string, headers: Record<string, string> = {}, query: Record<string, string> = {}) {
  const res = await call(content.GET, {
    path: `/touchpoint-studio/touchpoints/${id}/content`,
    params: { touchpoint_id: id },
    token,
    headers,
    query,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    identity_type: string;
    identity_value: string;
    content: { item: { item_id: string }; filled_by: { strategy_id: string } }[];
  };
}

beforeAll(async () => {
  token = await tokenFor("user");
  admin = await tokenFor("advanced");
  await startWorkers({ concurrency: 1 });
  await post(items.POST, "/data/items", {
    items: ids.map((item_id, i) => ({ item_id, item_name: `Context item ${i}`, product_price: 10 + i, stock: 5 })),
  });
  // Best-sellers order: a (6 units), b (5), ... g (0).
  await post(events.POST, "/data/events", {
    events: ids.slice(0, 6).map((item_id, i) => ({
      event_type: "purchase",
      customer_id: "ctx-buyer",
      item_id,
      quantity: 6 - i,
      price: 10,
      order_id: `ctx-o-${i}`,
      timestamp: day(1),
    })),
  });
  await post(customers.POST, "/data/customers", {
    customers: [
      { customer_id: "ctx-vip", segment_id: "ctx-vip-seg", segment_name: "VIP", cookie_ids: ["ctx-cookie"] },
      { customer_id: "ctx-other", segment_id: "ctx-other-seg", segment_name: "Other" },
    ],
  });
  await post(discounts.POST, "/data/discounts", {
    discounts: [
      {
        discount_id: "ctx-d1",
        discount_name: "Ends soon",
        item_ids: ["ctx-g"],
        discount_percent: 20,
        valid_from: day(3),
        valid_to: day(-1),
      },
    ],
  });
  const vip = await call(strategies.POST, {
    path: "/touchpoint-studio/rules/strategies",
    token,
    body: {
      strategy_name: "ctx vip",
      strategy_type: "smart-recommender",
      strategy_subtype: "carousel",
      segments: ["ctx-vip-seg"],
      rules: [
        {
          rule_type: "selected-products",
          positions: [0, 1, 2],
          values: [{ column_name: "item_id", comparator: "=", value: "ctx-f" }],
        },
      ],
    },
  });
  expect(vip.status, JSON.stringify(vip.body)).toBe(201);
  carousel = await liveCarousel(token, "ctx carousel", [{ rule_type: "best-sellers", positions: [0, 1, 2] }], 3, [
    vip.body.strategy_id,
  ]);
  leaflet = await liveCarousel(token, "ctx leaflet", [
    {
      rule_type: "discount-leaflet",
      positions: [0],
      values: [{ column_name: "discount_id", comparator: "=", value: "ctx-d1" }],
    },
    { rule_type: "best-sellers", positions: [1, 2] },
  ]);
  await startIdentityIndex();
});

afterAll(async () => {
  await stopIdentityIndex();
});

describe("identities in memory", () => {
  it("holds every customer, cookie and item, and resolves from memory", async () => {
    const size = identityIndexSize();
    expect(size?.customers).toBe(2); // ctx-vip and ctx-other (ctx-buyer only has events)
    expect(size?.items).toBeGreaterThanOrEqual(ids.length);
    expect(identityFacts("ctx-cookie")).toMatchObject({ cookie_customer: "ctx-vip", cookie_segment: "ctx-vip-seg" });
    expect(identityFacts("ctx-a")).toMatchObject({ is_item: true, is_customer: false });
    const vip = await serve(carousel, { identity_value: "ctx-vip" });
    expect(vip.content.map((c) => c.item.item_id)[0]).toBe("ctx-f");
    const byCookie = await serve(carousel, { identity_value: "ctx-cookie" });
    expect(byCookie).toMatchObject({ identity_type: "customer_id", identity_value: "ctx-vip" });
    expect(byCookie.content[0]!.item.item_id).toBe("ctx-f");
  });

  it("sees a customer's new segment and a new customer as soon as intake answers", async () => {
    await post(customers.POST, "/data/customers", {
      customers: [
        { customer_id: "ctx-vip", segment_id: "ctx-other-seg" },
        { customer_id: "ctx-new", segment_id: "ctx-vip-seg", cookie_ids: ["ctx-new-cookie"] },
      ],
    });
    expect((await serve(carousel, { identity_value: "ctx-vip" })).content[0]!.item.item_id).toBe("ctx-a");
    expect((await serve(carousel, { identity_value: "ctx-new-cookie" })).content[0]!.item.item_id).toBe("ctx-f");
    await post(customers.POST, "/data/customers", {
      customers: [{ customer_id: "ctx-vip", segment_id: "ctx-vip-seg" }],
    });
  });

  it.runIf(!!process.env.TEST_DATABASE_URL)(
    "sees a change made by another process within seconds (NOTIFY)",
    async () => {
      const database = await getDatabase();
      // Another process's intake: a committed change and a notification, not through this process.
      await database.sql.query(
        "UPDATE customers SET segment_id = 'ctx-vip-seg', date_modified = now() WHERE customer_id = 'ctx-other'",
      );
      await database.sql.query("SELECT pg_notify('lumen_identity', '')");
      const deadline = Date.now() + 5000;
      while (identityFacts("ctx-other")?.segment_id !== "ctx-vip-seg") {
        if (Date.now() > deadline) throw new Error("the index did not see the other process's change");
        await new Promise((r) => setTimeout(r, 50));
      }
      expect((await serve(carousel, { identity_value: "ctx-other" })).content[0]!.item.item_id).toBe("ctx-f");
    },
  );
  it.runIf(!process.env.TEST_DATABASE_URL)(
    "sees a change made by another thread (the job worker thread of the embedded database) within seconds",
    async () => {
      const database = await getDatabase();
      // The worker thread's intake: a committed change and a message on the threads' channel.
      await database.sql.query(
        "UPDATE customers SET segment_id = 'ctx-vip-seg', date_modified = now() WHERE customer_id = 'ctx-other'",
      );
      const otherThread = new BroadcastChannel("lumen_identity");
      otherThread.postMessage("changed");
      otherThread.close();
      const deadline = Date.now() + 5000;
      while (identityFacts("ctx-other")?.segment_id !== "ctx-vip-seg") {
        if (Date.now() > deadline) throw new Error("the index did not see the other thread's change");
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  );
});

describe("the identity index applies what the intake thread read", () => {
  it("takes the customers' segments and cookies from the writer, without reading them again", async () => {
    const database = await getDatabase();
    // Rows no table holds: only the facts handed over can have put them in the index.
    await identityChanged({
      database,
      customerIds: ["ctx-handed"],
      identities: { customers: ["ctx-handed", "ctx-handed-seg"], cookies: ["ctx-handed-cookie", "ctx-handed"] },
    });
    expect(identityFacts("ctx-handed")).toMatchObject({ is_customer: true, segment_id: "ctx-handed-seg" });
    expect(identityFacts("ctx-handed-cookie")).toMatchObject({
      cookie_customer: "ctx-handed",
      cookie_segment: "ctx-handed-seg",
    });
  });
});

describe("the request's context reaches the rules", () => {
  it("a product identity gets product_id and never its own product", async () => {
    const res = await serve(carousel, { identity_value: "ctx-a" });
    expect(res).toMatchObject({ identity_type: "product_id", identity_value: "ctx-a" });
    expect(res.content.map((c) => c.item.item_id)).toEqual(["ctx-b", "ctx-c", "ctx-d"]);
  });

  it("product_hierarchy_level_value names the product for a customer's request", async () => {
    const res = await serve(carousel, { identity_value: "default" }, { product_hierarchy_level_value: "ctx-b" });
    expect(res).toMatchObject({ identity_type: "customer_id", identity_value: "default" });
    expect(res.content.map((c) => c.item.item_id)).toEqual(["ctx-a", "ctx-c", "ctx-d"]);
    // Without it, the shared answer for every visitor: the three best-sellers.
    expect((await serve(carousel)).content.map((c) => c.item.item_id)).toEqual(["ctx-a", "ctx-b", "ctx-c"]);
  });

  it("a discount is served while valid at the request's time, not the calculation's", async () => {
    const now = await serveContent({ touchpointId: leaflet, identityValue: null, identityType: null });
    expect(now.content[0]).toMatchObject({ item: { item_id: "ctx-g" }, filled_by: { rule_type: "discount-leaflet" } });
    const later = await serveContent({
      touchpointId: leaflet,
      identityValue: null,
      identityType: null,
      now: new Date(Date.now() + 2 * 86_400_000),
    });
    expect(later.content[0]).toMatchObject({ filled_by: { is_fallback: true } });
    expect(later.content.map((c) => c.item.item_id)).not.toContain("ctx-g");
  });

  it("the route's JSON text is the document serveContent describes", async () => {
    for (const identity of ["default", "ctx-vip", "ctx-a", "ctx-cookie"]) {
      const text = await serve(carousel, { identity_value: identity });
      const object = await serveContent({
        touchpointId: carousel,
        identityValue: identity,
        identityType: null,
        preview: false,
      });
      expect(text).toEqual(JSON.parse(JSON.stringify(object)));
    }
  });

  it("an item changed by another process leaves the content at the next reload (only changed rows are read)", async () => {
    const database = await getDatabase();
    expect((await serve(carousel)).content.map((c) => c.item.item_id)).toContain("ctx-c");
    await database.sql.query("UPDATE items SET is_active = false, date_modified = now() WHERE item_id = 'ctx-c'");
    const deadline = Date.now() + 10_000;
    for (;;) {
      const served = (await serve(carousel)).content.map((c) => c.item.item_id);
      if (!served.includes("ctx-c")) {
        expect(served).toEqual(["ctx-a", "ctx-b", "ctx-d"]);
        break;
      }
      if (Date.now() > deadline) throw new Error("the deactivated item is still served");
      await new Promise((r) => setTimeout(r, 200));
    }
    await database.sql.query("UPDATE items SET is_active = true, date_modified = now() WHERE item_id = 'ctx-c'");
  });
});
