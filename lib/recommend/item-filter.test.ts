import { describe, expect, it } from "vitest";
import { compileItemFilter } from "./item-filter";

describe("item filter compiler", () => {
  it("ORs values of one column and ANDs columns", () => {
    const f = compileItemFilter([
      { column_name: "item_id", comparator: "=", value: "A" },
      { column_name: "item_id", comparator: "=", value: "B" },
      { column_name: "product_price", comparator: "<=", value: 10 },
    ]);
    expect(f.sql).toBe(
      '(i."item_id"::text = $1 OR i."item_id"::text = $2) AND (i."product_price")::float8 <= $3::float8',
    );
    expect(f.params).toEqual(["A", "B", 10]);
  });

  it("filters attributes and categories through their JSON arrays, skipping parameters", () => {
    const f = compileItemFilter(
      [
        { column_name: "attribute_color", comparator: "in", value: "red, pink" },
        { column_name: "category_level_1", comparator: "contains", value: "50%_off" },
        { column_name: "window_days", comparator: "=", value: 7 },
      ],
      4,
    );
    expect(f.sql).toContain("a->>'attribute_name' = $4");
    expect(f.sql).toContain("= ANY($5::text[])");
    expect(f.sql).toContain("c->>'category_name' ILIKE $7");
    expect(f.params).toEqual(["attribute_color", ["red", "pink"], "category_level_1", "%50\\%\\_off%"]);
  });

  it("is TRUE without filters", () => {
    expect(compileItemFilter([]).sql).toBe("TRUE");
  });
});

describe("numeric comparisons on attributes", () => {
  it("read the attribute as a number only where it is one", () => {
    const f = compileItemFilter([{ column_name: "attribute_size", comparator: ">", value: 3 }]);
    expect(f.sql).toContain("CASE WHEN (a->>'attribute_value') ~ ");
    expect(f.sql).toContain("THEN (a->>'attribute_value')::float8 END) > $2::float8");
  });
});
