import { describe, expect, it } from "vitest";
import { csvRowToRecord } from "./csv-record";
import { ITEM_COLUMNS, ITEM_FILTER_COLUMNS, SEARCH_COLUMNS } from "./item-columns";
import { ITEM_FIELDS, ZItemInput, ZItemView } from "./item-fields";
import { ITEMS } from "./tables";

describe("the one list of item fields", () => {
  it("gives intake, storage, answers and rule columns the same fields", () => {
    const names = Object.keys(ITEM_COLUMNS);
    expect(ITEM_FIELDS.map((f) => f.name)).toEqual(names);
    expect(Object.keys(ZItemInput.shape)).toEqual(names);
    expect(ITEMS.columns.map((c) => c.name)).toEqual([...names.filter((n) => n !== "item_id"), "is_synthetic"]);
    expect(Object.keys(ZItemView.shape)).not.toContain("additional_item_data");
    expect(Object.keys(ZItemView.shape)).not.toContain("stock");
    expect(SEARCH_COLUMNS).toContain("additional_item_data");
    expect(SEARCH_COLUMNS).toContain("matched_words");
    expect(SEARCH_COLUMNS).not.toContain("stock");
    expect(ITEM_FILTER_COLUMNS).toMatchObject({ product_price: "number", stock: "number", item_name: "text" });
    expect(ITEM_FILTER_COLUMNS).not.toHaveProperty("additional_item_data");
  });

  it("takes additional_item_data as a JSON object only, of bounded size", () => {
    const ok = ZItemInput.safeParse({ item_id: "a", additional_item_data: { badge: "new", rating: 4.5 } });
    expect(ok.success).toBe(true);
    for (const bad of [["new"], "new", 3, null]) {
      const res = ZItemInput.safeParse({ item_id: "a", additional_item_data: bad });
      expect(res.success).toBe(false);
      expect(res.error?.issues[0]?.path).toEqual(["additional_item_data"]);
    }
    const huge = ZItemInput.safeParse({ item_id: "a", additional_item_data: { text: "x".repeat(20_000) } });
    expect(huge.error?.issues[0]?.message).toContain("bytes");
    // Counted in bytes: 6,000 three-byte characters are 18,000 bytes.
    const wide = ZItemInput.safeParse({ item_id: "a", additional_item_data: { text: "€".repeat(6000) } });
    expect(wide.success).toBe(false);
  });

  it("reads additional_item_data from a CSV cell holding JSON", () => {
    expect(csvRowToRecord("items", { item_id: "a", additional_item_data: '{"badge":"new"}' })).toEqual({
      item_id: "a",
      additional_item_data: { badge: "new" },
    });
  });
});
