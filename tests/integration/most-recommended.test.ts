/**
 * most-recommended-products ranks the items learned kinds placed in served content: counted as
 * served (previews and fallback slots do not count), within the rule's filters.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as customers from "@/app/api/latest/data/customers/route";
import * as events from "@/app/api/latest/data/events/route";
import * as items from "@/app/api/latest/data/items/route";
import * as content from "@/app/api/latest/touchpoint-studio/touchpoints/[touchpoint_id]/content/route";
import * as preview from "@/app/api/latest/touchpoint-studio/touchpoints/[touchpoint_id]/preview/route";
import { getDatabase } from "@/lib/db/client";
import { startWorkers } from "@/lib/jobs/registry";
import { flushImpressions } from "@/lib/recommend/impressions";
import { currentModels } from "@/lib/recommend/model-store";
import { call, tokenFor } from "./http";
import { liveCarousel } from "./studio";

let token: string;
let admin: string;
const day = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 19);

interface Slot {
  item: { item_id: string };
  filled_by: { rule_type: string | null; is_fallback: boolean };
}

const touchpointWith = (rule_type: string, slots: number, values: unknown[] = []) =>
  liveCarousel(
    token,
    `mr ${rule_type}`,
    [{ rule_type, positions: Array.from({ length: slots }, (_, k) => k), values }],
    slots,
  );

async function serve(id: string, customer: string): Promise<Slot[]> {
  const res = await call(content.GET, {
    path: `/touchpoint-studio/touchpoints/${id}/content`,
    params: { touchpoint_id: id },
    token,
    headers: { identity_value: customer, identity_type: "customer_id" },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.content as Slot[];
}

const buy = (customer: string, item: string, d: number, order: string) => ({
  event_type: "purchase",
  customer_id: customer,
  item_id: item,
  quantity: 1,
  price: 5,
  timestamp: day(d),
  order_id: order,
});

beforeAll(async () => {
  token = await tokenFor("user");
  admin = await tokenFor("advanced");
  await startWorkers({ concurrency: 1 });
  const ids = ["a", "b", "c", "d", "e", "f"].map((x) => `mr-${x}`);
  const made = await call(items.POST, {
    path: "/data/items",
    token: admin,
    body: {
      items: ids.map((item_id, k) => ({
        item_id,
        item_name: `Item ${item_id}`,
        product_price: 5,
        categories: [{ category_level: "category_level_0", category_name: k < 3 ? "Kitchen" : "Garden" }],
      })),
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  await call(customers.POST, {
    path: "/data/customers",
    token: admin,
    body: { customers: ["mr-1", "mr-2", "mr-3", "mr-4", "mr-5"].map((customer_id) => ({ customer_id })) },
  });
  const sent = await call(events.POST, {
    path: "/data/events",
    token: admin,
    body: {
      events: [
        buy("mr-1", "mr-a", 10, "m1"),
        buy("mr-1", "mr-b", 10, "m1"),
        buy("mr-2", "mr-a", 11, "m2"),
        buy("mr-2", "mr-c", 11, "m2"),
        buy("mr-3", "mr-d", 12, "m3"),
        buy("mr-3", "mr-e", 12, "m3"),
        buy("mr-4", "mr-a", 13, "m4"),
        buy("mr-5", "mr-d", 14, "m5"),
      ],
    },
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
});

describe("most-recommended-products", () => {
  it("ranks the items learned kinds placed in served content, not previews nor fallback", async () => {
    const community = await touchpointWith("ai-community-based", 2);
    // This process serves: it loads the models before the requests below, as a serving process
    // has by then (its first requests of a learned touchpoint fall back while they load).
    await currentModels();
    const served = new Map<string, number>();
    for (const customer of ["mr-4", "mr-4", "mr-5", "mr-1"]) {
      for (const slot of await serve(community, customer)) {
        if (!slot.filled_by.is_fallback) served.set(slot.item.item_id, (served.get(slot.item.item_id) ?? 0) + 1);
      }
    }
    // A preview of another customer counts for nothing.
    const shown = await call(preview.GET, {
      path: `/touchpoint-studio/touchpoints/${community}/preview`,
      params: { touchpoint_id: community },
      token,
      query: { identity_value: "mr-3", identity_type: "customer_id" },
    });
    expect(shown.status).toBe(200);
    await flushImpressions();
    const { sql } = await getDatabase();
    const rows = await sql.query<{ item_id: string; n: number }>(
      "SELECT item_id, SUM(impressions)::int AS n FROM recommended_item_impressions WHERE item_id LIKE 'mr-%' GROUP BY item_id",
    );
    expect(new Map(rows.map((r) => [r.item_id, r.n]))).toEqual(served);
    expect(served.size).toBeGreaterThan(1);

    const expected = [...served].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1)).map(([id]) => id);
    const most = await touchpointWith("most-recommended-products", expected.length);
    const slots = await serve(most, "mr-1");
    expect(slots.map((s) => s.item.item_id)).toEqual(expected);
    expect(slots.every((s) => !s.filled_by.is_fallback && s.filled_by.rule_type === "most-recommended-products")).toBe(
      true,
    );

    // Within the rule's filters.
    const garden = await touchpointWith("most-recommended-products", 1, [
      { column_name: "category_level_0", comparator: "=", value: "Garden" },
    ]);
    const gardenSlots = await serve(garden, "mr-1");
    const firstGarden = expected.find((id) => id >= "mr-d");
    expect(gardenSlots[0]!.item.item_id).toBe(firstGarden);
  });
});
