/**
 * additional_item_data is a real item field: taken by intake as a JSON object, returned by
 * smart-search when filter_columns lists it; an unknown filter column is refused naming it.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as items from "@/app/api/latest/data/items/route";
import * as position from "@/app/api/latest/touchpoint-studio/rules/position/route";
import * as strategies from "@/app/api/latest/touchpoint-studio/rules/strategies/route";
import * as touchpoints from "@/app/api/latest/touchpoint-studio/rules/touchpoints/route";
import * as content from "@/app/api/latest/touchpoint-studio/touchpoints/[touchpoint_id]/content/route";
import { call, tokenFor } from "./http";
import { searchStrategyBody } from "./studio";

let token: string;
let positionId: string;

const searchStrategy = (filterColumns: string) =>
  call(strategies.POST, {
    path: "/touchpoint-studio/rules/strategies",
    token,
    body: searchStrategyBody(`Search ${filterColumns}`, filterColumns),
  });

async function searchBar(filterColumns: string): Promise<string> {
  const s = await searchStrategy(filterColumns);
  expect(s.status, JSON.stringify(s.body)).toBe(201);
  const t = await call(touchpoints.POST, {
    path: "/touchpoint-studio/rules/touchpoints",
    token,
    body: {
      touchpoint_name: "Item fields search",
      touchpoint_type: "smart-search",
      position: positionId,
      default_strategy: s.body.strategy_id,
      number_of_positions: 0,
      is_active: true,
    },
  });
  expect(t.status, JSON.stringify(t.body)).toBe(201);
  return String(t.body.touchpoint_id);
}

const search = (id: string, term: string) =>
  call(content.GET, { params: { touchpoint_id: id }, token, query: { term } });

beforeAll(async () => {
  token = await tokenFor("advanced");
  positionId = (await call(position.GET, { path: "/touchpoint-studio/rules/position", token })).body.positions[0]
    .position_id;
});

describe("additional_item_data", () => {
  it("is taken as a JSON object and refused as anything else, naming the field", async () => {
    const res = await call(items.POST, {
      path: "/data/items",
      token,
      body: {
        items: [
          { item_id: "if-lantern", item_name: "Brass lantern", additional_item_data: { badge: "new", rating: 4.5 } },
          { item_id: "if-candle", item_name: "Brass candle holder" },
          { item_id: "if-bad", item_name: "Brass bad", additional_item_data: ["not", "an", "object"] },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.upserted).toBe(2);
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0]).toMatchObject({ index: 2 });
    expect(res.body.errors[0].detail).toContain("additional_item_data");
  });

  it("is returned by smart-search when filter_columns lists it, and not otherwise", async () => {
    const withData = await searchBar("item_id,item_name,additional_item_data");
    const res = await search(withData, "brass lantern");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const lantern = res.body.content.find((i: { item_id: string }) => i.item_id === "if-lantern");
    expect(lantern.additional_item_data).toEqual({ badge: "new", rating: 4.5 });
    const candle = res.body.content.find((i: { item_id: string }) => i.item_id === "if-candle");
    expect(candle?.additional_item_data ?? {}).toEqual({});

    const without = await searchBar("item_id,item_name");
    const plain = await search(without, "brass lantern");
    expect(plain.body.content[0]).not.toHaveProperty("additional_item_data");
  });
});

describe("filter_columns", () => {
  it("refuses an unknown column with 422 naming it at the rule value", async () => {
    const res = await searchStrategy("item_id,colour,item_name");
    expect(res.status).toBe(422);
    expect(res.body.errors[0].loc).toEqual(["body", "rules", 0, "values", 1, "value"]);
    expect(res.body.errors[0].msg).toContain("colour");
  });
});
