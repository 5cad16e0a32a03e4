/** GET /data/items: by ids in the order asked (unknown ones left out), by part of the name, and only signed in. */
import { beforeAll, describe, expect, it } from "vitest";
import * as items from "@/app/api/latest/data/items/route";
import { ingestBatch } from "@/lib/data/ingest-batch";
import { call, tokenFor } from "./http";

let token: string;

describe("item look-up", () => {
  beforeAll(async () => {
    token = await tokenFor("user");
    await ingestBatch({
      kind: "items",
      records: [
        {
          item_id: "mug-1",
          item_name: "White heart mug",
          product_price: 4.5,
          main_image: "https://img.example/m1.jpg",
        },
        { item_id: "mug-2", item_name: "Red spotty mug", product_price: 3 },
        { item_id: "bag-1", item_name: "Jumbo bag red", product_price: 2.1 },
      ],
    });
  });

  it("answers items by ids in the order asked, leaving out unknown ids", async () => {
    const res = await call(items.GET, { query: { item_ids: "bag-1, nope,mug-1,bag-1" }, token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.count).toBe(2);
    expect(res.body.items.map((i: { item_id: string }) => i.item_id)).toEqual(["bag-1", "mug-1"]);
    expect(res.body.items[1]).toMatchObject({
      item_name: "White heart mug",
      product_price: 4.5,
      main_image: "https://img.example/m1.jpg",
    });
  });

  it("searches by part of the name, case-insensitive", async () => {
    const res = await call(items.GET, { query: { search: "MUG" }, token });
    expect(res.body.items.map((i: { item_id: string }) => i.item_id)).toEqual(["mug-1", "mug-2"]);
  });

  it("refuses a caller without a token", async () => {
    expect((await call(items.GET, { query: { search: "mug" } })).status).toBe(401);
  });
});
