/**
 * A touchpoint's switch: content is served only while it is active (409 not_active otherwise),
 * its preview keeps working for studio users, and the hourly recalculation leaves it alone.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as events from "@/app/api/latest/data/events/route";
import * as items from "@/app/api/latest/data/items/route";
import * as position from "@/app/api/latest/touchpoint-studio/rules/position/route";
import * as strategies from "@/app/api/latest/touchpoint-studio/rules/strategies/route";
import * as touchpoints from "@/app/api/latest/touchpoint-studio/rules/touchpoints/route";
import * as content from "@/app/api/latest/touchpoint-studio/touchpoints/[touchpoint_id]/content/route";
import * as preview from "@/app/api/latest/touchpoint-studio/touchpoints/[touchpoint_id]/preview/route";
import { db } from "@/lib/db/client";
import { startWorkers } from "@/lib/jobs/registry";
import { requestRecalculation } from "@/lib/touchpoints/recalculate";
import { call, tokenFor } from "./http";
import { saveTouchpoint, searchStrategyBody, waitForTouchpoint } from "./studio";

let token: string;
let positionId: string;

async function makeStrategy(body: Record<string, unknown>) {
  const res = await call(strategies.POST, { path: "/touchpoint-studio/rules/strategies", token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.strategy_id as string;
}

async function makeTouchpoint(body: Record<string, unknown>) {
  const res = await call(touchpoints.POST, {
    path: "/touchpoint-studio/rules/touchpoints",
    token,
    body: { touchpoint_name: "States", position: positionId, ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Record<string, unknown>;
}

const put = (t: Record<string, unknown>, change: Record<string, unknown>) => saveTouchpoint(token, t, change);
const ready = (id: string) => waitForTouchpoint(token, id);

const serve = (id: string, query: Record<string, string> = {}) =>
  call(content.GET, {
    path: `/touchpoint-studio/touchpoints/${id}/content`,
    params: { touchpoint_id: id },
    token,
    query,
  });
const look = (id: string) =>
  call(preview.GET, { path: `/touchpoint-studio/touchpoints/${id}/preview`, params: { touchpoint_id: id }, token });

beforeAll(async () => {
  token = await tokenFor("advanced");
  await startWorkers({ concurrency: 1 });
  const list = await call(position.GET, { path: "/touchpoint-studio/rules/position", token });
  positionId = list.body.positions[0].position_id;
  await call(items.POST, {
    path: "/data/items",
    token,
    body: {
      items: ["st-a", "st-b", "st-c"].map((item_id) => ({ item_id, item_name: `State lamp ${item_id}`, stock: 2 })),
    },
  });
  await call(events.POST, {
    path: "/data/events",
    token,
    body: {
      events: [
        {
          event_type: "purchase",
          customer_id: "st-buyer",
          item_id: "st-a",
          quantity: 2,
          price: 5,
          timestamp: new Date().toISOString().slice(0, 19),
        },
      ],
    },
  });
});

describe("the is_active switch", () => {
  it("serves a carousel only while active; the preview works either way", async () => {
    const s = await makeStrategy({
      strategy_name: "States",
      strategy_type: "smart-recommender",
      strategy_subtype: "carousel",
      segments: ["all_customers"],
      rules: [{ rule_type: "best-sellers", positions: [0, 1], values: [] }],
    });
    let t = await makeTouchpoint({
      touchpoint_type: "smart-recommender",
      default_strategy: s,
      number_of_positions: 2,
      is_active: true,
      is_draft: false,
    });
    t = await ready(String(t.touchpoint_id));
    const id = String(t.touchpoint_id);
    expect((await serve(id)).status).toBe(200);

    t = await put(t, { is_active: false }); // the studio's Deactivate: is_draft stays false
    const off = await serve(id);
    expect(off.status).toBe(409);
    expect(off.body.code).toBe("not_active");
    expect((await look(id)).status).toBe(200);

    await put(t, { is_active: true }); // Activate
    await ready(id);
    const on = await serve(id);
    expect(on.status).toBe(200);
    expect(on.body.content[0].item.item_id).toBe("st-a");
  });

  it("serves a search bar only while active; its studio preview (preview=true) works either way", async () => {
    const s = await makeStrategy(searchStrategyBody("States search", "item_id,item_name"));
    const t = await makeTouchpoint({ touchpoint_type: "smart-search", default_strategy: s, number_of_positions: 0 });
    const id = String(t.touchpoint_id);
    await ready(id);
    const off = await serve(id, { term: "lamp" });
    expect(off.status).toBe(409);
    expect(off.body.code).toBe("not_active");
    const studio = await serve(id, { term: "lamp", preview: "true" });
    expect(studio.status).toBe(200);
    expect(studio.body.count).toBe(3);
    await put(t, { is_active: true });
    expect((await serve(id, { term: "lamp" })).status).toBe(200);
  });

  it("the hourly recalculation takes active touchpoints only", async () => {
    const s = await makeStrategy({
      strategy_name: "States hourly",
      strategy_type: "smart-recommender",
      strategy_subtype: "carousel",
      segments: ["all_customers"],
      rules: [{ rule_type: "best-sellers", positions: [0], values: [] }],
    });
    const active = await makeTouchpoint({
      touchpoint_type: "smart-recommender",
      default_strategy: s,
      number_of_positions: 1,
      is_active: true,
      is_draft: false,
    });
    let inactive = await makeTouchpoint({
      touchpoint_type: "smart-recommender",
      default_strategy: s,
      number_of_positions: 1,
      is_active: true,
      is_draft: false,
    });
    await ready(String(active.touchpoint_id));
    inactive = await ready(String(inactive.touchpoint_id));
    await put(inactive, { is_active: false });
    const prisma = await db();
    const before = await prisma.touchpoint.findUniqueOrThrow({
      where: { touchpoint_id: String(inactive.touchpoint_id) },
    });
    await requestRecalculation({ all: true });
    const after = await prisma.touchpoint.findUniqueOrThrow({
      where: { touchpoint_id: String(inactive.touchpoint_id) },
    });
    expect(after.is_calculating).toBe(false);
    const activeBefore = await prisma.touchpoint.findUniqueOrThrow({
      where: { touchpoint_id: String(active.touchpoint_id) },
    });
    expect(activeBefore.is_calculating).toBe(true);
    await ready(String(active.touchpoint_id));
    await new Promise((r) => setTimeout(r, 500));
    const later = await prisma.touchpoint.findUniqueOrThrow({
      where: { touchpoint_id: String(inactive.touchpoint_id) },
    });
    expect(later.date_calculated?.getTime()).toBe(before.date_calculated?.getTime());
  });
});
