/**
 * A learned touchpoint's serving state keeps every eligible item's row. When its lists are
 * recalculated (hourly, after an edit, in the worker), each serving process reloads it: the lists
 * are read again, the catalog is not (lib/recommend/serving-state.ts). Only items changed since the
 * last look are read again: an unchanged row is the same object, a changed price shows, an item
 * out of stock is gone, and so is its kept view.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as itemsRoute from "@/app/api/latest/data/items/route";
import { getDatabase } from "@/lib/db/client";
import { startWorkers } from "@/lib/jobs/registry";
import { forgetServingState, servingState } from "@/lib/recommend/serving-state";
import { call, tokenFor } from "./http";
import { liveCarousel } from "./studio";
import { storeSmallShop } from "./support/small-shop";
import { until } from "./support/until";

let token: string;

beforeAll(async () => {
  token = await tokenFor("advanced");
  await startWorkers({ concurrency: 1 });
  await storeSmallShop(token, "sr");
});

describe("reloading a learned touchpoint's serving state", () => {
  it("reads the recalculated lists and only the changed items again", async () => {
    const learned = await liveCarousel(token, "reload community", [
      { rule_type: "ai-community-based", positions: [0, 1] },
    ]);
    // A catalog stored a while ago (a reload reads again what changed in the last few seconds).
    const database = await getDatabase();
    await database.sql.query(
      "UPDATE items SET date_modified = date_modified - interval '1 hour' WHERE item_id LIKE 'sr-%'",
    );
    forgetServingState(undefined, { keepNothing: true });
    const first = await servingState(learned);
    expect(first.allItems).toBe(true);
    expect(first.items.has("sr-i1")).toBe(true);
    expect(first.items.has("sr-i2")).toBe(true);
    // Views made while serving: kept for unchanged items, dropped for changed ones.
    first.fragments.set("sr-i0", Buffer.from("{}"));
    first.fragments.set("sr-i1", Buffer.from("{}"));

    const changed = await call(itemsRoute.POST, {
      path: "/data/items",
      token,
      body: {
        items: [
          { item_id: "sr-i1", item_name: "Item 1 (sr)", product_price: 99, stock: 10 },
          { item_id: "sr-i2", item_name: "Item 2 (sr)", product_price: 5, stock: 0 },
        ],
      },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBeLessThan(300);
    // The lists recalculated by another process (the worker): their date_computed moves on.
    await database.sql.query(
      `UPDATE rule_results SET date_computed = date_computed + interval '1 second'
        WHERE strategy_id = $1`,
      [first.defaultStrategy.strategy_id],
    );

    const second = await until(
      () => servingState(learned),
      (s) => s.version !== first.version,
      15_000,
      "the serving state reloaded with the recalculated lists",
    );
    expect(second.allItems).toBe(true);
    // Not read again: the very same row and view.
    expect(second.items.get("sr-i0")).toBe(first.items.get("sr-i0"));
    expect(second.fragments.get("sr-i0")).toBe(first.fragments.get("sr-i0"));
    // Read again: the new price, no stale view; out of stock: gone.
    expect(second.items.get("sr-i1")?.product_price).toBe(99);
    expect(second.fragments.has("sr-i1")).toBe(false);
    expect(second.items.has("sr-i2")).toBe(false);
    // The state still served meanwhile was not changed under its readers.
    expect(first.items.get("sr-i1")?.product_price).toBe(4);
    expect(first.items.has("sr-i2")).toBe(true);
  });
});
