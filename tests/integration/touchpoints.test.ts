import { existsSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import * as customers from "@/app/api/latest/data/customers/route";
import * as discounts from "@/app/api/latest/data/discounts/route";
import * as events from "@/app/api/latest/data/events/route";
import * as items from "@/app/api/latest/data/items/route";
import * as outbox from "@/app/api/latest/messaging/outbox/route";
import * as promotions from "@/app/api/latest/touchpoint-studio/promotions/sms/config/route";
import * as position from "@/app/api/latest/touchpoint-studio/rules/position/route";
import * as onePosition from "@/app/api/latest/touchpoint-studio/rules/positions/[position_id]/route";
import * as positions from "@/app/api/latest/touchpoint-studio/rules/positions/route";
import * as oneStrategy from "@/app/api/latest/touchpoint-studio/rules/strategies/[strategy_id]/route";
import * as strategies from "@/app/api/latest/touchpoint-studio/rules/strategies/route";
import * as oneTouchpoint from "@/app/api/latest/touchpoint-studio/rules/touchpoints/[touchpoint_id]/route";
import * as touchpoints from "@/app/api/latest/touchpoint-studio/rules/touchpoints/route";
import * as content from "@/app/api/latest/touchpoint-studio/touchpoints/[touchpoint_id]/content/route";
import * as preview from "@/app/api/latest/touchpoint-studio/touchpoints/[touchpoint_id]/preview/route";
import * as stats from "@/app/api/latest/touchpoint-studio/touchpoints/[touchpoint_id]/stats/route";
import { onlineRetailFile } from "@/lib/data/demo/load-demo";
import { startWorkers } from "@/lib/jobs/registry";
import { flushImpressions } from "@/lib/recommend/impressions";
import { spinWheel } from "@/lib/touchpoints/wheel";
import { call, tokenFor } from "./http";
import { expectedBestSellers, loadRetailSlice } from "./retail-fixture";

let token: string;
let positionId: string;
let slice: Awaited<ReturnType<typeof loadRetailSlice>>;

const rule = (rule_type: string, positions: number[], values: unknown[] = []) => ({ rule_type, positions, values });
const strategy = (extra: Record<string, unknown>) => ({
  strategy_name: "Test strategy",
  strategy_type: "smart-recommender",
  strategy_subtype: "carousel",
  segments: ["all_customers"],
  rules: [rule("best-sellers", [0, 1, 2, 3, 4])],
  ...extra,
});

async function createStrategy(body: Record<string, unknown>) {
  const res = await call(strategies.POST, { path: "/touchpoint-studio/rules/strategies", token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.strategy_id as string;
}

async function createTouchpoint(body: Record<string, unknown>) {
  const res = await call(touchpoints.POST, {
    path: "/touchpoint-studio/rules/touchpoints",
    token,
    body: {
      touchpoint_name: "Home carousel",
      touchpoint_type: "smart-recommender",
      position: positionId,
      number_of_positions: 5,
      ...body,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function setLive(t: Record<string, unknown>) {
  const { touchpoint_id, is_ready, is_calculating, is_using_fallback, date_created, date_modified, ...fields } = t;
  const res = await call(oneTouchpoint.PUT, {
    method: "PUT",
    path: `/touchpoint-studio/rules/touchpoints/${touchpoint_id}`,
    params: { touchpoint_id: String(touchpoint_id) },
    token,
    body: { ...fields, is_active: true, is_draft: false },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function waitReady(id: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await call(oneTouchpoint.GET, { params: { touchpoint_id: id }, token });
    if (res.body.is_ready && !res.body.is_calculating) return res.body;
    if (Date.now() > deadline) throw new Error(`touchpoint ${id} not ready: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function serve(id: string, identity?: string, identityType?: string) {
  const headers: Record<string, string> = {};
  if (identity) headers.identity_value = identity;
  if (identityType) headers.identity_type = identityType;
  return call(content.GET, {
    path: `/touchpoint-studio/touchpoints/${id}/content`,
    params: { touchpoint_id: id },
    token,
    headers,
  });
}

describe.runIf(existsSync(onlineRetailFile()))("touchpoint studio on Online Retail data", () => {
  beforeAll(async () => {
    token = await tokenFor("user");
    await startWorkers({ concurrency: 1 });
    slice = await loadRetailSlice(35);
    const list = await call(position.GET, { path: "/touchpoint-studio/rules/position", token });
    positionId = list.body.positions[0].position_id;
    await call(customers.POST, {
      path: "/data/customers",
      token: await tokenFor("advanced"),
      body: {
        customers: [
          { customer_id: "tp-vip", segment_id: "vip", segment_name: "VIP", cookie_ids: ["cookie-vip"] },
          { customer_id: "tp-regular", segment_id: "regular", segment_name: "Regular" },
        ],
      },
    });
  });

  it("lists predefined positions on both paths and guards used ones", async () => {
    const singular = await call(position.GET, { path: "/touchpoint-studio/rules/position", token });
    const plural = await call(positions.GET, {
      path: "/touchpoint-studio/rules/positions",
      token,
      query: { limit: 2 },
    });
    expect(singular.body.count).toBeGreaterThanOrEqual(4);
    expect(plural.body).toMatchObject({ offset: 0, limit: 2, count: singular.body.count });
    expect(singular.body.positions[0].position_id).toMatch(/^position-id-[0-9a-f]{32}$/);
    const made = await call(positions.POST, {
      path: "/touchpoint-studio/rules/positions",
      token,
      body: { position_name: "Footer" },
    });
    expect(made.status).toBe(201);
    const id = made.body.position_id;
    const edited = await call(onePosition.PUT, {
      method: "PUT",
      params: { position_id: id },
      token,
      body: { position_name: "Footer strip", position_description: "x" },
    });
    expect(edited.body.position_name).toBe("Footer strip");
    const s = await createStrategy(strategy({}));
    const t = await createTouchpoint({ default_strategy: s, position: id });
    const refused = await call(onePosition.DELETE, { method: "DELETE", params: { position_id: id }, token });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain(t.touchpoint_id);
    await call(oneTouchpoint.DELETE, { method: "DELETE", params: { touchpoint_id: t.touchpoint_id }, token });
    expect((await call(onePosition.DELETE, { method: "DELETE", params: { position_id: id }, token })).status).toBe(200);
  });

  it("refuses malformed strategies with 422 and unknown references with 409", async () => {
    const post = (body: unknown) => call(strategies.POST, { path: "/touchpoint-studio/rules/strategies", token, body });
    const badKind = await post(strategy({ rules: [rule("most-popular", [0])] }));
    expect(badKind.status).toBe(422);
    expect(badKind.body.errors[0].loc).toEqual(["body", "rules", 0, "rule_type"]);
    const twice = await post(strategy({ rules: [rule("best-sellers", [0, 1]), rule("random-products", [1, 2])] }));
    expect(twice.status).toBe(422);
    expect(twice.body.errors[0].loc).toEqual(["body", "rules", 1, "positions", 0]);
    const aiInRecommender = await post(strategy({ rules: [rule("ai-search", [])] }));
    expect(aiInRecommender.status).toBe(422);
    const twoSearchRules = await post(
      strategy({ strategy_type: "smart-search", rules: [rule("ai-search", []), rule("best-sellers", [0])] }),
    );
    expect(twoSearchRules.status).toBe(422);
    const wheelWithout = await post(
      strategy({
        strategy_type: "wheel-of-fortune",
        rules: [rule("discount-leaflet", [0], [{ column_name: "discount_id", value: "x" }])],
      }),
    );
    expect(wheelWithout.body.errors.map((e: { loc: string[] }) => e.loc.join("."))).toContain(
      "body.product_hierarchy_level_id",
    );
    const leafletTwoSlots = await post(
      strategy({
        strategy_type: "wheel-of-fortune",
        product_hierarchy_level_id: "discount-leaflet",
        rules: [rule("discount-leaflet", [0, 1], [{ column_name: "discount_id", value: "x" }])],
      }),
    );
    expect(leafletTwoSlots.status).toBe(422);
    const unknownDiscount = await post(
      strategy({
        strategy_type: "wheel-of-fortune",
        product_hierarchy_level_id: "discount-leaflet",
        rules: [rule("discount-leaflet", [0], [{ column_name: "discount_id", value: "nope" }])],
      }),
    );
    expect(unknownDiscount.status).toBe(409);
    const unknownSegment = await post(strategy({ segments: ["no-such-segment"] }));
    expect(unknownSegment.status).toBe(409);
    expect(unknownSegment.body.detail).toContain("no-such-segment");
    const badColumn = await post(
      strategy({ rules: [rule("merchandise-rules", [0], [{ column_name: "colour", value: "red" }])] }),
    );
    expect(badColumn.body.errors[0].loc).toEqual(["body", "rules", 0, "values", 0, "column_name"]);
  });

  it("calculates a touchpoint when activated and serves the real best-sellers", async () => {
    const s = await createStrategy(strategy({ strategy_name: "Best-sellers 30 days" }));
    const created = await createTouchpoint({ default_strategy: s });
    expect(created).toMatchObject({ is_ready: false, is_calculating: false, is_active: false, strategies: [] });
    expect(created.touchpoint_id).toMatch(/^touchpoint-id-[0-9a-f]{32}$/);
    expect((await serve(created.touchpoint_id)).status).toBe(409);
    const live = await setLive(created);
    expect(live.is_calculating).toBe(true);
    const ready = await waitReady(created.touchpoint_id);
    expect(ready.is_using_fallback).toBe(false);
    const res = await serve(created.touchpoint_id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      touchpoint_id: created.touchpoint_id,
      identity_type: "customer_id",
      identity_value: "default",
    });
    const ids = res.body.content.map((c: { item: { item_id: string } }) => c.item.item_id);
    expect(ids).toEqual(expectedBestSellers(slice.lines, 30).slice(0, 5));
    const url = new URL(res.body.content[0].item.product_url);
    expect(url.searchParams.get("ref")).toBe("feed");
    expect(url.searchParams.get("UTM_TPID")).toBe(created.touchpoint_id);
    expect(url.searchParams.get("UTM_TPST")).toBe("smart-recommender");
    expect(url.searchParams.get("UTM_SYSTEM")).toBe("lumen");
    const pv = await call(preview.GET, { params: { touchpoint_id: created.touchpoint_id }, token });
    expect(pv.body.touchpoint_id).toBe(`${created.touchpoint_id}-default`);

    // Deactivating the top seller hides it at once, without recalculation.
    await call(items.POST, {
      path: "/data/items",
      token: await tokenFor("advanced"),
      body: { items: [{ item_id: ids[0], is_active: false }] },
    });
    const after = await serve(created.touchpoint_id);
    const afterIds = after.body.content.map((c: { item: { item_id: string } }) => c.item.item_id);
    expect(afterIds).not.toContain(ids[0]);
    expect(afterIds).toHaveLength(5);
    await call(items.POST, {
      path: "/data/items",
      token: await tokenFor("advanced"),
      body: { items: [{ item_id: ids[0], is_active: true }] },
    });

    const used = await call(oneStrategy.DELETE, { method: "DELETE", params: { strategy_id: s }, token });
    expect(used.status).toBe(409);
    expect(used.body.detail).toContain(created.touchpoint_id);
  });

  it("picks the strategy by the visitor's segment and resolves cookies and items", async () => {
    const [a, b, c] = slice.items.slice(0, 3).map((i) => i.item_id);
    const selected = rule(
      "selected-products",
      [0, 1, 2],
      [a, b, c].map((id) => ({ column_name: "item_id", comparator: "=", value: id })),
    );
    const vip = await createStrategy(strategy({ strategy_name: "VIP picks", segments: ["vip"], rules: [selected] }));
    const def = await createStrategy(
      strategy({ strategy_name: "Default", rules: [rule("random-products", [0, 1, 2])] }),
    );
    const t = await createTouchpoint({ default_strategy: def, strategies: [vip], number_of_positions: 3 });
    await setLive(t);
    await waitReady(t.touchpoint_id);
    const forVip = await serve(t.touchpoint_id, "cookie-vip");
    expect(forVip.body.identity_value).toBe("tp-vip");
    expect(forVip.body.content.map((x: { item: { item_id: string } }) => x.item.item_id)).toEqual([a, b, c]);
    expect(forVip.body.content[0].filled_by).toMatchObject({
      rule_type: "selected-products",
      is_fallback: false,
      strategy_id: vip,
    });
    const regular1 = await serve(t.touchpoint_id, "tp-regular");
    const regular2 = await serve(t.touchpoint_id, "tp-regular");
    expect(regular1.body.content[0].filled_by.strategy_id).toBe(def);
    expect(regular1.body.content).toEqual(regular2.body.content);
    const asItem = await serve(t.touchpoint_id, a);
    expect(asItem.body.identity_type).toBe("product_id");
    const unknown = await serve(t.touchpoint_id, "someone-new");
    expect(unknown.body).toMatchObject({ identity_type: "customer_id", identity_value: "someone-new" });
  });

  it("fills what a rule cannot with the fallback, and merchandise rules filter by attributes", async () => {
    const red = slice.items.filter((i) => i.attributes.length > 0).map((i) => i.item_id);
    const s = await createStrategy(
      strategy({
        rules: [
          rule("merchandise-rules", [0, 1], [{ column_name: "attribute_color", comparator: "=", value: "red" }]),
          rule(
            "selected-products",
            [2, 3],
            [{ column_name: "item_id", comparator: "=", value: slice.items[5]!.item_id }],
          ),
        ],
        number_of_positions: undefined,
      }),
    );
    const t = await createTouchpoint({ default_strategy: s, number_of_positions: 4, is_active: true });
    const ready = await waitReady(t.touchpoint_id);
    expect(ready.is_using_fallback).toBe(true);
    const res = await serve(t.touchpoint_id);
    const [c0, c1, c2, c3] = res.body.content;
    expect(red).toContain(c0.item.item_id);
    expect(red).toContain(c1.item.item_id);
    expect(c2.item.item_id).toBe(slice.items[5]!.item_id);
    expect(c3.filled_by.is_fallback).toBe(true);
    const ids = res.body.content.map((x: { item: { item_id: string } }) => x.item.item_id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("refuses type mismatches and slots outside the touchpoint", async () => {
    const s = await createStrategy(strategy({}));
    const mismatch = await call(touchpoints.POST, {
      path: "/touchpoint-studio/rules/touchpoints",
      token,
      body: {
        touchpoint_name: "Wheel",
        touchpoint_type: "wheel-of-fortune",
        position: positionId,
        default_strategy: s,
        number_of_positions: 4,
      },
    });
    expect(mismatch.status).toBe(409);
    expect(mismatch.body.code).toBe("strategy_type_mismatch");
    const narrow = await call(touchpoints.POST, {
      path: "/touchpoint-studio/rules/touchpoints",
      token,
      body: {
        touchpoint_name: "Narrow",
        touchpoint_type: "smart-recommender",
        position: positionId,
        default_strategy: s,
        number_of_positions: 3,
      },
    });
    expect(narrow.status).toBe(409);
    expect(narrow.body.code).toBe("slots_out_of_range");
  });

  it("counts impressions and clicks", async () => {
    const s = await createStrategy(strategy({}));
    const t = await createTouchpoint({ default_strategy: s, is_active: true });
    await waitReady(t.touchpoint_id);
    await serve(t.touchpoint_id);
    await serve(t.touchpoint_id);
    await flushImpressions();
    await call(events.POST, {
      path: "/data/events",
      token: await tokenFor("advanced"),
      body: {
        events: [
          {
            event_type: "click",
            customer_id: "tp-vip",
            item_id: slice.items[0]!.item_id,
            touchpoint_id: t.touchpoint_id,
            timestamp: new Date().toISOString().slice(0, 19),
          },
        ],
      },
    });
    const res = await call(stats.GET, { params: { touchpoint_id: t.touchpoint_id }, token });
    expect(res.body).toMatchObject({ impressions: 2, clicks: 1, ctr: 50 });
  });

  it("serves smart-search from its ai-search rule", async () => {
    const s = await createStrategy({
      strategy_name: "Search",
      strategy_type: "smart-search",
      strategy_subtype: "search-bar",
      rules: [
        rule(
          "ai-search",
          [],
          [
            { column_name: "tenant_id", value: "default" },
            { column_name: "filter_columns", value: "item_id,item_name" },
            { column_name: "limit", value: 5 },
            { column_name: "match_score", value: 50 },
          ],
        ),
      ],
    });
    const t = (
      await call(touchpoints.POST, {
        path: "/touchpoint-studio/rules/touchpoints",
        token,
        body: {
          touchpoint_name: "Search bar",
          touchpoint_type: "smart-search",
          is_active: true,
          position: positionId,
          default_strategy: s,
          number_of_positions: 0,
        },
      })
    ).body;
    expect(t).toMatchObject({ is_ready: true, is_calculating: true, touchpoint_subtype: "search-bar" });
    await waitReady(t.touchpoint_id);
    const q = (term: string, extra: Record<string, string | number> = {}) =>
      call(content.GET, { params: { touchpoint_id: t.touchpoint_id }, token, query: { term, ...extra } });
    const res = await q("heart holder");
    expect(res.status).toBe(200);
    expect(res.body.content.length).toBeGreaterThan(0);
    expect(res.body.content.length).toBeLessThanOrEqual(5);
    expect(Object.keys(res.body.content[0]).sort()).toEqual(["item_id", "item_name", "match_score", "rank_score"]);
    expect(res.body.content[0].match_score).toBeGreaterThanOrEqual(50);
    expect((await q("   ")).status).toBe(422);
    expect((await q("x".repeat(201))).status).toBe(422);
    expect((await q("heart", { limit: 6 })).status).toBe(422);
  });

  it("runs a wheel of fortune: configuration, test SMS, one spin", async () => {
    const top = expectedBestSellers(slice.lines, 30).slice(0, 4);
    await call(discounts.POST, {
      path: "/data/discounts",
      token: await tokenFor("advanced"),
      body: {
        discounts: top.map((id, i) => ({
          discount_id: `wheel-d${i}`,
          discount_name: `${10 + i * 10}% off`,
          item_ids: [id],
          discount_percent: 10 + i * 10,
        })),
      },
    });
    const s = await createStrategy({
      strategy_name: "Leaflet wheel",
      strategy_type: "wheel-of-fortune",
      strategy_subtype: "wheel-of-fortune",
      product_hierarchy_level_id: "discount-leaflet",
      rules: top.map((_, i) => rule("discount-leaflet", [i], [{ column_name: "discount_id", value: `wheel-d${i}` }])),
    });
    const t = (
      await call(touchpoints.POST, {
        path: "/touchpoint-studio/rules/touchpoints",
        token,
        body: {
          touchpoint_name: "Spring wheel",
          touchpoint_type: "wheel-of-fortune",
          position: positionId,
          default_strategy: s,
          number_of_positions: 4,
          is_active: true,
        },
      })
    ).body;
    await waitReady(t.touchpoint_id);
    const configure = (template: string) =>
      call(promotions.POST, {
        path: "/touchpoint-studio/promotions/sms/config",
        token,
        body: {
          touchpoint_id: t.touchpoint_id,
          author: "tests",
          promotion_base_url: "https://shop.example.com/wheel",
          config: [
            { message_type: "promotion-message", message_template: template },
            { message_type: "successful-attempt", message_template: "You won {promotion_long_name}: {link}" },
            { message_type: "invalid-attempt", message_template: "Already spun." },
          ],
        },
      });
    const bad = await configure("Win at {url}");
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].loc).toEqual(["body", "config", 0, "message_template"]);
    const ok = await configure("Spin {promotion_long_name}: {link}");
    expect(ok.body.promotion_id).toMatch(/^promotion-id-[0-9a-f]{32}$/);
    const sent = await call(promotions.POST, {
      path: "/touchpoint-studio/promotions/sms/config",
      token,
      body: { customer_id: "", touchpoint_id: t.touchpoint_id, concept_id: "spring", phone_number: "+44 7700 900123" },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.detail).toContain("+44 7700 900123");
    const box = await call(outbox.GET, { path: "/messaging/outbox", token, query: { channel: "sms" } });
    const sms = box.body.messages[0];
    expect(sms.body).toMatch(/^Spin Spring wheel: http:\/\/localhost:3000\/w\/[A-Za-z0-9_-]+$/);
    const wheelToken = sms.body.split("/w/")[1];
    const first = await spinWheel(wheelToken, "192.0.2.10");
    expect(first.ok).toBe(true);
    expect(top).toContain(first.result?.slice.item_id);
    expect(first.message).toContain("% off");
    const second = await spinWheel(wheelToken, "192.0.2.10");
    expect(second).toMatchObject({ ok: false, message: "Already spun." });
    expect(second.result?.slice.item_id).toBe(first.result?.slice.item_id);
    await spinWheel(wheelToken, "192.0.2.10"); // a third spin: no third SMS
    const after = await call(outbox.GET, { path: "/messaging/outbox", token, query: { channel: "sms" } });
    expect(after.body.messages.slice(0, 2).map((m: { body: string }) => m.body)).toEqual([
      "Already spun.",
      first.message,
    ]);
  });
});
