/**
 * The public events route (POST /track/events) through its real handler: a publishable key from
 * the query or the header, origins and CORS, text/plain bodies (sendBeacon), the intake's
 * validation by index, re-sending stores nothing twice, per-visitor rate limits; identify carries
 * the cookie's history to the customer (spec 4.3 rule 5) and never moves a link; a tracked view
 * changes the next content answer of a learned strategy (the live overlay). Also the snippet's
 * route (GET /sdk.js) and the demo pictures.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as customers from "@/app/api/latest/data/customers/route";
import * as events from "@/app/api/latest/data/events/route";
import * as items from "@/app/api/latest/data/items/route";
import * as openapi from "@/app/api/latest/openapi.json/route";
import * as clients from "@/app/api/latest/settings/api-clients/route";
import * as position from "@/app/api/latest/touchpoint-studio/rules/position/route";
import * as strategies from "@/app/api/latest/touchpoint-studio/rules/strategies/route";
import * as touchpoints from "@/app/api/latest/touchpoint-studio/rules/touchpoints/route";
import * as content from "@/app/api/latest/touchpoint-studio/touchpoints/[touchpoint_id]/content/route";
import * as track from "@/app/api/latest/track/events/route";
import * as picture from "@/app/img/items/[file]/route";
import * as sdk from "@/app/sdk.js/route";
import { resetKeyLimits } from "@/lib/auth/key-limits";
import { ingestBatch } from "@/lib/data/ingest-batch";
import { db } from "@/lib/db/client";
import { setEnv } from "@/lib/env";
import { PEER_HEADER } from "@/lib/http/client-address";
import { startWorkers } from "@/lib/jobs/registry";
import { itemView } from "@/lib/recommend/item-view";
import built from "@/lib/sdk/built.json";
import { call, tokenFor } from "./http";
import { waitForTouchpoint } from "./studio";

const SHOP = "https://shop.example";
let admin: string;
let pk: string;
let interactions: string;

const day = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 19);

/** A tracking request as the snippet sends it: text/plain, the key in the query, from the shop's page. */
function send(body: unknown, options: { key?: string; headers?: Record<string, string>; type?: string } = {}) {
  return call(track.POST, {
    method: "POST",
    path: "/track/events",
    query: { key: options.key ?? pk },
    rawBody: JSON.stringify(body),
    headers: { "content-type": options.type ?? "text/plain;charset=UTF-8", origin: SHOP, ...options.headers },
  });
}

async function storedEvents(cookie: string) {
  return (await db()).event.findMany({ where: { cookie_id: cookie }, orderBy: { id: "asc" } });
}

interface Slot {
  item: { item_id: string };
  filled_by: { is_fallback: boolean; rule_type: string | null };
}

async function serve(identity: string, type?: string): Promise<{ identity_value: string; content: Slot[] }> {
  const res = await call(content.GET, {
    path: `/touchpoint-studio/touchpoints/${interactions}/content`,
    params: { touchpoint_id: interactions },
    query: { key: pk },
    headers: { identity_value: identity, ...(type ? { identity_type: type } : {}) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const personal = (slots: Slot[]) => slots.filter((s) => !s.filled_by.is_fallback).map((s) => s.item.item_id);

beforeAll(async () => {
  admin = await tokenFor("advanced");
  const superToken = await tokenFor("super");
  await startWorkers({ concurrency: 1 });
  const post = async (route: typeof items.POST, path: string, body: unknown) => {
    const res = await call(route, { path, token: admin, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.errors).toEqual([]);
  };
  await post(items.POST, "/data/items", {
    items: ["Red mug", "Blue mug", "Tea pot", "Tea cosy", "Garden gnome", "Bird house"].map((item_name, i) => ({
      item_id: `trk-${"abcdef"[i]}`,
      item_name,
      product_price: 5 + i,
      stock: 10,
    })),
  });
  await post(customers.POST, "/data/customers", {
    customers: ["trk-c1", "trk-c2", "trk-c3", "trk-c4", "trk-known", "trk-other"].map((customer_id) => ({
      customer_id,
      ...(customer_id === "trk-other" ? { cookie_ids: ["trk-cookie-taken"] } : {}),
    })),
  });
  // a goes with b, c with d: each pair viewed and bought together by two customers.
  const together = (customer: string, x: string, y: string, d: number) =>
    [x, y].flatMap((item) => [
      { event_type: "view", customer_id: customer, item_id: item, timestamp: day(d) },
      {
        event_type: "purchase",
        customer_id: customer,
        item_id: item,
        price: 5,
        timestamp: day(d),
        order_id: `${customer}-o`,
      },
    ]);
  await post(events.POST, "/data/events", {
    events: [
      ...together("trk-c1", "trk-a", "trk-b", 10),
      ...together("trk-c2", "trk-a", "trk-b", 11),
      ...together("trk-c3", "trk-c", "trk-d", 12),
      ...together("trk-c4", "trk-c", "trk-d", 13),
    ],
  });
  const s = await call(strategies.POST, {
    path: "/touchpoint-studio/rules/strategies",
    token: admin,
    body: {
      strategy_name: "tracked interactions",
      strategy_type: "smart-recommender",
      strategy_subtype: "carousel",
      segments: ["all_customers"],
      rules: [{ rule_type: "history-based-interactions", positions: [0, 1, 2], values: [] }],
    },
  });
  expect(s.status, JSON.stringify(s.body)).toBe(201);
  const list = await call(position.GET, { path: "/touchpoint-studio/rules/position", token: admin });
  const t = await call(touchpoints.POST, {
    path: "/touchpoint-studio/rules/touchpoints",
    token: admin,
    body: {
      touchpoint_name: "tracked carousel",
      touchpoint_type: "smart-recommender",
      position: list.body.positions[0].position_id,
      number_of_positions: 3,
      default_strategy: s.body.strategy_id,
      strategies: [],
      is_active: true,
      is_draft: false,
    },
  });
  expect(t.status, JSON.stringify(t.body)).toBe(201);
  interactions = t.body.touchpoint_id;
  await waitForTouchpoint(admin, interactions);
  const key = await call(clients.POST, {
    path: "/settings/api-clients",
    token: superToken,
    body: { name: "Tracked shop", scopes: ["content"], allowed_origins: [SHOP] },
  });
  expect(key.status, JSON.stringify(key.body)).toBe(201);
  pk = key.body.publishable_key;
});

describe("POST /track/events with a publishable key", () => {
  it("stores a text/plain batch of the visitor's events, answering the shop's origin with CORS headers", async () => {
    const res = await send({
      cookie_id: "trk-cookie-1",
      events: [
        { event_id: "e1", event_type: "view", item_id: "trk-a" },
        { event_id: "e2", event_type: "add_to_cart", item_id: "trk-a", quantity: 2, price: 5 },
        { event_id: "e3", event_type: "click", item_id: "trk-b", touchpoint_id: interactions },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ received: 3, upserted: 3, errors: [], linked: false });
    expect(res.headers.get("access-control-allow-origin")).toBe(SHOP);
    const stored = await storedEvents("trk-cookie-1");
    expect(stored.map((e) => [e.event_type, e.item_id, e.customer_id, e.event_id])).toEqual([
      ["view", "trk-a", null, "web:trk-cookie-1:e1"],
      ["add_to_cart", "trk-a", null, "web:trk-cookie-1:e2"],
      ["click", "trk-b", null, "web:trk-cookie-1:e3"],
    ]);
    expect(stored[1]!.quantity).toBe(2);
  });

  it("takes application/json and the key as a bearer token too; refuses other content types (415)", async () => {
    const json = await call(track.POST, {
      path: "/track/events",
      token: pk,
      body: { cookie_id: "trk-cookie-json", events: [{ event_type: "view", item_id: "trk-e" }] },
    });
    expect(json.status, JSON.stringify(json.body)).toBe(200);
    expect(json.body.upserted).toBe(1);
    const form = await send(
      { cookie_id: "trk-cookie-json", events: [] },
      { type: "application/x-www-form-urlencoded" },
    );
    expect(form.status).toBe(415);
  });

  it("stores a batch sent again once (the snippet's event ids), and keeps web ids apart from the shop's", async () => {
    const batch = { cookie_id: "trk-cookie-1", events: [{ event_id: "e1", event_type: "view", item_id: "trk-a" }] };
    const again = await send(batch);
    expect(again.body).toMatchObject({ received: 1, upserted: 0, errors: [] });
    // The shop's own event with the id "e1" is not taken by the browser's.
    const shop = await call(events.POST, {
      path: "/data/events",
      token: admin,
      body: {
        events: [{ event_id: "e1", event_type: "view", customer_id: "trk-c1", item_id: "trk-f", timestamp: day(0) }],
      },
    });
    expect(shop.body.upserted).toBe(1);
  });

  it("validates each event as intake does, answering the bad ones by index with the field", async () => {
    const res = await send({
      cookie_id: "trk-cookie-3",
      events: [
        { event_type: "view" },
        { event_type: "view", item_id: "trk-a" },
        { event_type: "wink", item_id: "trk-a" },
        { event_type: "purchase", item_id: "trk-a", quantity: 0 },
        { event_type: "view", item_id: "trk-a", timestamp: new Date(Date.now() - 8 * 86_400_000).toISOString() },
        { event_type: "search" },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.upserted).toBe(1);
    expect(res.body.errors.map((e: { index: number }) => e.index)).toEqual([0, 2, 3, 4, 5]);
    const detail = (i: number) => res.body.errors.find((e: { index: number }) => e.index === i).detail as string;
    expect(detail(0)).toContain("item_id");
    expect(detail(2)).toContain("event_type");
    expect(detail(3)).toContain("quantity");
    expect(detail(4)).toContain("timestamp");
    expect(detail(5)).toContain("term");
  });

  it("corrects the browser's clock by sent_at", async () => {
    // The browser's clock is an hour behind: its "now" is stored as the server's now.
    const behind = new Date(Date.now() - 3_600_000).toISOString();
    const res = await send({
      cookie_id: "trk-cookie-clock",
      sent_at: behind,
      events: [{ event_type: "view", item_id: "trk-a", timestamp: behind }],
    });
    expect(res.body.errors).toEqual([]);
    const [stored] = await storedEvents("trk-cookie-clock");
    expect(Math.abs(stored!.timestamp.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it("refuses a malformed envelope with 422 naming the field", async () => {
    const noCookie = await send({ events: [] });
    expect(noCookie.status).toBe(422);
    expect(noCookie.body.errors[0].loc).toEqual(["body", "cookie_id"]);
    const tooMany = await send({
      cookie_id: "trk-cookie-4",
      events: Array.from({ length: 51 }, () => ({ event_type: "view", item_id: "trk-a" })),
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors[0].loc).toEqual(["body", "events"]);
    const notJson = await call(track.POST, {
      path: "/track/events",
      query: { key: pk },
      rawBody: "view trk-a",
      headers: { "content-type": "text/plain" },
    });
    expect(notJson.status).toBe(400);
  });

  it("is refused from an origin the key does not allow, and without a credential", async () => {
    const other = await send(
      { cookie_id: "trk-cookie-5", events: [] },
      { headers: { origin: "https://evil.example" } },
    );
    expect(other.status).toBe(403);
    expect(other.body.code).toBe("origin_not_allowed");
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
    const none = await call(track.POST, { path: "/track/events", body: { cookie_id: "trk-cookie-5", events: [] } });
    expect(none.status).toBe(401);
  });

  it("answers preflights for the shop's origin", async () => {
    const res = await track.OPTIONS(
      new Request(`http://localhost/api/latest/track/events?key=${pk}`, {
        method: "OPTIONS",
        headers: {
          origin: SHOP,
          "access-control-request-method": "POST",
          "access-control-request-headers": "content-type",
        },
      }),
    );
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-methods")).toBe("POST, OPTIONS");
  });

  it("is rate limited per visitor (429 with Retry-After, readable by the page)", async () => {
    setEnv("PUBLISHABLE_KEY_VISITOR_RATE", "1");
    try {
      resetKeyLimits();
      const statuses: number[] = [];
      let last: Awaited<ReturnType<typeof send>> | undefined;
      for (let i = 0; i < 6; i++) {
        last = await send({ cookie_id: "trk-cookie-6", events: [] }, { headers: { [PEER_HEADER]: "198.51.100.9" } });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      expect(last!.body.code).toBe("rate_limited");
      expect(Number(last!.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(last!.headers.get("access-control-allow-origin")).toBe(SHOP);
      const another = await send(
        { cookie_id: "trk-cookie-7", events: [] },
        { headers: { [PEER_HEADER]: "198.51.100.10" } },
      );
      expect(another.status).toBe(200);
    } finally {
      setEnv("PUBLISHABLE_KEY_VISITOR_RATE", "20");
      resetKeyLimits();
    }
  });

  it("is in the OpenAPI document with the content scope and text/plain bodies", async () => {
    const doc = await call(openapi.GET, { path: "/openapi.json", token: admin });
    const op = doc.body.paths["/api/latest/track/events"]?.post ?? doc.body.paths["/track/events"]?.post;
    expect(op, Object.keys(doc.body.paths).slice(0, 3).join()).toBeDefined();
    expect(op["x-scope"]).toBe("content");
    expect(Object.keys(op.requestBody.content)).toContain("text/plain");
  });
});

describe("identify: the cookie's history becomes the customer's (spec 4.3 rule 5)", () => {
  it("links the cookie, moves its earlier events to the customer, and the content route recognises it", async () => {
    await send({ cookie_id: "trk-cookie-id", events: [{ event_type: "view", item_id: "trk-c" }] });
    const res = await send({ cookie_id: "trk-cookie-id", customer_id: "trk-known", events: [] });
    expect(res.body).toMatchObject({ received: 0, linked: true });
    const stored = await storedEvents("trk-cookie-id");
    expect(stored.map((e) => e.customer_id)).toEqual(["trk-known"]);
    expect((await serve("trk-cookie-id", "cookie_id")).identity_value).toBe("trk-known");
    // The events sent after carry the customer.
    await send({
      cookie_id: "trk-cookie-id",
      customer_id: "trk-known",
      events: [{ event_type: "view", item_id: "trk-e" }],
    });
    expect((await storedEvents("trk-cookie-id")).map((e) => e.customer_id)).toEqual(["trk-known", "trk-known"]);
  });

  it("never moves a link: a cookie of another customer keeps its customer", async () => {
    const res = await send({
      cookie_id: "trk-cookie-taken",
      customer_id: "trk-known",
      events: [{ event_type: "view", item_id: "trk-a" }],
    });
    expect(res.body.linked).toBe(false);
    const link = await (await db()).customerCookie.findUnique({ where: { cookie_id: "trk-cookie-taken" } });
    expect(link?.customer_id).toBe("trk-other");
  });
});

describe("the live overlay: a tracked view changes the next content answer", () => {
  it("for an anonymous cookie: from the fallback to what goes with the item viewed", async () => {
    const before = await serve("trk-cookie-new", "cookie_id");
    expect(personal(before.content)).toEqual([]);
    await send({ cookie_id: "trk-cookie-new", events: [{ event_type: "view", item_id: "trk-c" }] });
    const after = await serve("trk-cookie-new", "cookie_id");
    expect(personal(after.content)[0]).toBe("trk-d");
    // Another visitor is not affected.
    expect(personal((await serve("trk-cookie-stranger", "cookie_id")).content)).toEqual([]);
  });

  it("for a customer: their latest view leads, and identify carries the cookie's live views to them", async () => {
    await send({ cookie_id: "trk-cookie-c1", customer_id: "trk-c1", events: [] });
    expect(personal((await serve("trk-c1", "customer_id")).content)).not.toContain("trk-d");
    await send({
      cookie_id: "trk-cookie-c1",
      customer_id: "trk-c1",
      events: [{ event_type: "view", item_id: "trk-c" }],
    });
    expect(personal((await serve("trk-c1", "customer_id")).content)[0]).toBe("trk-d");

    await send({ cookie_id: "trk-cookie-later", events: [{ event_type: "view", item_id: "trk-a" }] });
    await send({ cookie_id: "trk-cookie-later", customer_id: "trk-c3", events: [] });
    expect(personal((await serve("trk-c3", "customer_id")).content)).toContain("trk-b");
  });
});

describe("GET /sdk.js", () => {
  it("serves the built snippet with its version, cached for an hour (a year at ?v=version), 304 for the same ETag", async () => {
    const plain = await sdk.GET(new Request("http://localhost/sdk.js"));
    expect(plain.status).toBe(200);
    expect(plain.headers.get("content-type")).toContain("javascript");
    expect(plain.headers.get("cache-control")).toContain("max-age=3600");
    expect(plain.headers.get("x-lumen-sdk-version")).toBe(built.version);
    expect(await plain.text()).toBe(built.code);
    const pinned = await sdk.GET(new Request(`http://localhost/sdk.js?v=${built.version}`));
    expect(pinned.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const again = await sdk.GET(
      new Request("http://localhost/sdk.js", { headers: { "if-none-match": plain.headers.get("etag")! } }),
    );
    expect(again.status).toBe(304);
  });
});

describe("pictures of demo items", () => {
  const picture$ = (file: string) =>
    picture.GET(new Request(`http://localhost/img/items/${file}`), { params: Promise.resolve({ file }) });

  it("draws a synthetic item without a picture, answers it as main_image, and keeps real image URLs first", async () => {
    await ingestBatch({
      kind: "items",
      synthetic: true,
      records: [
        {
          item_id: "trk-demo-1",
          item_name: "Red Lantern",
          categories: [{ category_level: "category_level_1", category_name: "Candles & lights" }],
          attributes: [{ attribute_name: "attribute_color", attribute_value: "red" }],
        },
        { item_id: "trk-demo-2", item_name: "Pictured", main_image: "https://shop.example/p.jpg" },
      ],
    });
    const res = await picture$("trk-demo-1.svg");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("image/svg+xml");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    const svg = await res.text();
    expect(svg).toContain("synthetic picture");
    expect(svg).toContain("Red Lantern");
    const prisma = await db();
    const view = (id: string) =>
      prisma.item
        .findUniqueOrThrow({ where: { item_id: id } })
        .then((row) => itemView(row, { touchpoint_id: "tp", touchpoint_type: "smart-recommender" }).main_image);
    expect(await view("trk-demo-1")).toMatch(/\/img\/items\/trk-demo-1\.svg$/);
    expect(await view("trk-demo-2")).toBe("https://shop.example/p.jpg");
    // A shop's own item keeps no picture, and is not drawn.
    expect(await view("trk-a")).toBe("");
    expect((await picture$("trk-a.svg")).status).toBe(404);
    expect((await picture$("trk-demo-1.png")).status).toBe(404);
  });

  it("draws a real demo item the demo loader gave its picture path, answered as an absolute URL", async () => {
    // As lib/data/demo/load-demo.ts writes the Online Retail catalog, which has no pictures.
    await ingestBatch({
      kind: "items",
      records: [{ item_id: "trk-retail-1", item_name: "Lantern", main_image: "/img/items/trk-retail-1.svg" }],
    });
    const prisma = await db();
    const row = await prisma.item.findUniqueOrThrow({ where: { item_id: "trk-retail-1" } });
    expect(itemView(row, { touchpoint_id: "tp", touchpoint_type: "smart-recommender" }).main_image).toMatch(
      /^https?:\/\/[^/]+\/img\/items\/trk-retail-1\.svg$/,
    );
    expect((await picture$("trk-retail-1.svg")).status).toBe(200);
    // Another item's picture path does not open this one.
    await ingestBatch({
      kind: "items",
      records: [{ item_id: "trk-retail-2", item_name: "Own", main_image: "/img/items/trk-retail-1.svg" }],
    });
    expect((await picture$("trk-retail-2.svg")).status).toBe(404);
  });
});
