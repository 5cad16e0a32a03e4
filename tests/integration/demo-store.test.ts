/**
 * The demo store's set-up (lib/widgets/demo-store): its publishable key is created once, at the
 * first request, for PUBLIC_URL's origin, and settled when requests race; a revoked key or a new
 * PUBLIC_URL gets a new one. Its wheel is a link of the live wheel's promotion, one per day; the
 * touchpoints are found by kind and name, or named in the query. And GET /widgets.js.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as customers from "@/app/api/latest/data/customers/route";
import * as discounts from "@/app/api/latest/data/discounts/route";
import * as items from "@/app/api/latest/data/items/route";
import * as apiClients from "@/app/api/latest/settings/api-clients/route";
import * as promotions from "@/app/api/latest/touchpoint-studio/promotions/sms/config/route";
import * as position from "@/app/api/latest/touchpoint-studio/rules/position/route";
import * as strategies from "@/app/api/latest/touchpoint-studio/rules/strategies/route";
import * as oneTouchpoint from "@/app/api/latest/touchpoint-studio/rules/touchpoints/[touchpoint_id]/route";
import * as touchpoints from "@/app/api/latest/touchpoint-studio/rules/touchpoints/route";
import * as content from "@/app/api/latest/touchpoint-studio/touchpoints/[touchpoint_id]/content/route";
import * as widgetsRoute from "@/app/widgets.js/route";
import { revokeApiClient } from "@/lib/auth/api-clients";
import { getDatabase } from "@/lib/db/client";
import { env, setEnv } from "@/lib/env";
import { startWorkers } from "@/lib/jobs/registry";
import { getWheel } from "@/lib/touchpoints/wheel";
import built from "@/lib/widgets/built.json";
import { demoWheelToken, ensureDemoWheelLink } from "@/lib/widgets/demo-store/demo-wheel-link";
import {
  DEMO_STORE_CLIENT_NAME,
  ensureDemoStoreClient,
  settleDemoStoreClient,
} from "@/lib/widgets/demo-store/ensure-demo-store-client";
import { loadDemoStore } from "@/lib/widgets/demo-store/load-demo-store";
import { call, tokenFor } from "./http";

let token: string;
let positionId: string;
const publicUrl = env().PUBLIC_URL;

const demoClients = async () => {
  const listed = await call(apiClients.GET, { path: "/settings/api-clients", token: await tokenFor("super") });
  return (
    listed.body.api_clients as { name: string; client_id: string; date_revoked: string | null; scopes: string[] }[]
  ).filter((c) => c.name === DEMO_STORE_CLIENT_NAME);
};

async function waitReady(touchpointId: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await call(oneTouchpoint.GET, { params: { touchpoint_id: touchpointId }, token });
    if (res.body.is_ready && !res.body.is_calculating) return;
    if (Date.now() > deadline) throw new Error(`${touchpointId} was not calculated`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function touchpoint(body: Record<string, unknown>, rules: unknown[], strategy: Record<string, unknown>) {
  const s = await call(strategies.POST, {
    path: "/touchpoint-studio/rules/strategies",
    token,
    body: { segments: ["all_customers"], rules, ...strategy },
  });
  expect(s.status, JSON.stringify(s.body)).toBe(201);
  const t = await call(touchpoints.POST, {
    path: "/touchpoint-studio/rules/touchpoints",
    token,
    body: { position: positionId, default_strategy: s.body.strategy_id, is_active: true, is_draft: false, ...body },
  });
  expect(t.status, JSON.stringify(t.body)).toBe(201);
  return t.body.touchpoint_id as string;
}

beforeAll(async () => {
  token = await tokenFor("advanced");
  await startWorkers({ concurrency: 1 });
  positionId = (await call(position.GET, { path: "/touchpoint-studio/rules/position", token })).body.positions[0]
    .position_id;
  const seeded = await call(items.POST, {
    path: "/data/items",
    token,
    body: { items: ["ds-lamp", "ds-mug"].map((item_id) => ({ item_id, item_name: `Demo ${item_id}`, stock: 5 })) },
  });
  expect(seeded.status).toBe(200);
});

afterAll(() => setEnv("PUBLIC_URL", publicUrl));

describe("the demo store's publishable key", () => {
  it("is made once, content-only, for PUBLIC_URL's origin, and settled when first requests race", async () => {
    const racing = await Promise.all([settleDemoStoreClient(), settleDemoStoreClient(), settleDemoStoreClient()]);
    expect(new Set(racing.map((c) => c.client_id)).size).toBe(1);
    const [client] = racing;
    expect(client!.publishable_key).toMatch(/^pk_/);
    expect(client!.origin).toBe(new URL(publicUrl).origin);
    // The losers revoked what they made: one live client.
    const live = (await demoClients()).filter((c) => !c.date_revoked);
    expect(live.map((c) => c.client_id)).toEqual([client!.client_id]);
    expect(live[0]!.scopes).toEqual(["content"]);
    expect((await ensureDemoStoreClient()).client_id).toBe(client!.client_id);

    // It reads content, from its origin only, and no customer.
    const tp = await touchpoint(
      {
        touchpoint_name: "Demo store carousel",
        touchpoint_type: "smart-recommender",
        touchpoint_subtype: "carousel",
        number_of_positions: 2,
      },
      [{ rule_type: "best-sellers", positions: [0, 1], values: [] }],
      { strategy_name: "Demo store best", strategy_type: "smart-recommender", strategy_subtype: "carousel" },
    );
    await waitReady(tp);
    const read = (origin: string) =>
      call(content.GET, {
        path: `/touchpoint-studio/touchpoints/${tp}/content`,
        params: { touchpoint_id: tp },
        query: { key: client!.publishable_key },
        headers: { origin },
      });
    expect((await read(client!.origin)).status).toBe(200);
    expect((await read("https://elsewhere.example")).body.code).toBe("origin_not_allowed");
    const people = await call(customers.GET, { path: "/data/customers", token: client!.publishable_key });
    expect([people.status, people.body.code]).toEqual([403, "insufficient_scope"]);
  });

  it("is made again when revoked, and for a new PUBLIC_URL (the old one revoked)", async () => {
    const first = await ensureDemoStoreClient();
    await revokeApiClient({ clientId: first.client_id });
    const second = await ensureDemoStoreClient();
    expect(second.client_id).not.toBe(first.client_id);

    setEnv("PUBLIC_URL", "https://lumen.example:8443/app");
    const third = await ensureDemoStoreClient();
    expect(third.origin).toBe("https://lumen.example:8443");
    expect(third.client_id).not.toBe(second.client_id);
    const clients = await demoClients();
    expect(clients.filter((c) => !c.date_revoked).map((c) => c.client_id)).toEqual([third.client_id]);
    setEnv("PUBLIC_URL", publicUrl);
    expect((await ensureDemoStoreClient()).origin).toBe(new URL(publicUrl).origin);
  });
});

describe("the demo store's page data", () => {
  it("has no wheel until a live wheel has a promotion; then one link per day, the same for every request", async () => {
    expect(await ensureDemoWheelLink()).toBeUndefined();
    const discount = await call(discounts.POST, {
      path: "/data/discounts",
      token,
      body: {
        discounts: [{ discount_id: "ds-d1", discount_name: "20% off", item_ids: ["ds-lamp"], discount_percent: 20 }],
      },
    });
    expect(discount.status).toBeLessThan(300);
    const wheel = await touchpoint(
      { touchpoint_name: "Demo store wheel", touchpoint_type: "wheel-of-fortune", number_of_positions: 1 },
      [
        {
          rule_type: "discount-leaflet",
          positions: [0],
          values: [{ column_name: "discount_id", comparator: "=", value: "ds-d1" }],
        },
      ],
      {
        strategy_name: "Demo store wheel",
        strategy_type: "wheel-of-fortune",
        strategy_subtype: "wheel-of-fortune",
        product_hierarchy_level_id: "discount-leaflet",
      },
    );
    await waitReady(wheel);
    expect(await ensureDemoWheelLink()).toBeUndefined(); // no promotion yet
    const configured = await call(promotions.POST, {
      path: "/touchpoint-studio/promotions/sms/config",
      token,
      body: {
        touchpoint_id: wheel,
        promotion_base_url: "https://shop.example.com/wheel",
        config: [{ message_type: "successful-attempt", message_template: "You won {promotion_long_name}: {link}" }],
      },
    });
    expect(configured.status, JSON.stringify(configured.body)).toBe(200);

    const day = new Date("2026-11-25T10:00:00Z");
    const [a, b] = await Promise.all([ensureDemoWheelLink(day), ensureDemoWheelLink(day)]);
    expect(a).toBe(demoWheelToken(wheel, "2026-11-25"));
    expect(b).toBe(a);
    const next = await ensureDemoWheelLink(new Date("2026-11-26T10:00:00Z"));
    expect(next).not.toBe(a);
    const shown = await getWheel(a!);
    expect(shown.slices.map((s) => s.item_id)).toEqual(["ds-lamp"]);
    expect(shown.spun).toBe(false);
    const { sql } = await getDatabase();
    const rows = await sql.query("SELECT token FROM wheel_links WHERE concept_id = 'demo-store'");
    expect(rows).toHaveLength(2);
  });

  it("finds the touchpoints by kind and name, unless the query names them", async () => {
    const search = await touchpoint(
      { touchpoint_name: "Demo store search", touchpoint_type: "smart-search", number_of_positions: 0 },
      [
        {
          rule_type: "ai-search",
          positions: [],
          values: [
            { column_name: "tenant_id", comparator: "=", value: "default" },
            { column_name: "filter_columns", comparator: "=", value: "item_id,item_name" },
            { column_name: "limit", comparator: "=", value: 5 },
            { column_name: "match_score", comparator: "=", value: 40 },
          ],
        },
      ],
      { strategy_name: "Demo store search", strategy_type: "smart-search", strategy_subtype: "search-bar" },
    );
    const named = await touchpoint(
      {
        touchpoint_name: "Recommended for you",
        touchpoint_type: "smart-recommender",
        touchpoint_subtype: "carousel",
        number_of_positions: 2,
      },
      [{ rule_type: "best-sellers", positions: [0, 1], values: [] }],
      { strategy_name: "Demo store named", strategy_type: "smart-recommender", strategy_subtype: "carousel" },
    );
    const store = await loadDemoStore();
    expect(store.key).toMatch(/^pk_/);
    expect(store.widgetsSrc).toBe(`/widgets.js?v=${built.version}`);
    expect(store.carousel?.touchpoint_id).toBe(named); // the demo's name first, though made later
    expect(store.search?.touchpoint_id).toBe(search);
    expect(store.similar).toBeUndefined();
    expect(store.wheelToken).toMatch(/^demo-\d{8}-[0-9a-f]{16}$/);

    const chosen = await loadDemoStore({ carousel: search, search: "no-such-touchpoint", wheel: "a b" });
    expect(chosen.carousel?.touchpoint_id).toBe(search);
    expect(chosen.search).toBeUndefined();
    expect(chosen.wheelToken).toMatch(/^demo-/); // an invalid token is ignored
  });
});

describe("GET /widgets.js", () => {
  it("serves the built script: an hour with its ETag, a year when pinned to its version", async () => {
    const plain = await widgetsRoute.GET(new Request("http://localhost/widgets.js"));
    expect(plain.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(plain.headers.get("cache-control")).toContain("max-age=3600");
    expect(plain.headers.get("x-lumen-widgets-version")).toBe(built.version);
    expect(await plain.text()).toBe(built.code);
    const pinned = await widgetsRoute.GET(new Request(`http://localhost/widgets.js?v=${built.version}`));
    expect(pinned.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const again = await widgetsRoute.GET(
      new Request("http://localhost/widgets.js", { headers: { "if-none-match": plain.headers.get("etag")! } }),
    );
    expect(again.status).toBe(304);
  });
});
