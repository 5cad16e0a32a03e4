import { describe, expect, it } from "vitest";
import { INT4_MAX, jsonProblem, MAX_AMOUNT, MAX_JSON_DEPTH, textProblem } from "./intake-fields";
import { ZCustomerInput, ZDiscountInput, ZEventInput, ZItemInput, ZTimestampInput } from "./schemas";

const details = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => `${i.path.join(".")}: ${i.message}`);

describe("storable text", () => {
  it("finds NUL characters and unpaired surrogates, not pairs", () => {
    expect(textProblem("plain ✓ 😀 \uffff")).toBeUndefined();
    expect(textProblem("bad\u0000name")).toBe("must not contain NUL characters");
    expect(textProblem("x\ud83d")).toBe("must not contain unpaired UTF-16 surrogates");
    expect(textProblem("\ude00x")).toBe("must not contain unpaired UTF-16 surrogates");
    expect(textProblem("\ude00\ud83d")).toBe("must not contain unpaired UTF-16 surrogates");
  });

  it("is required of every text field of every kind, naming the field", () => {
    expect(details(ZItemInput.safeParse({ item_id: "a", item_name: "bad\u0000name" }))).toEqual([
      "item_name: must not contain NUL characters",
    ]);
    expect(details(ZItemInput.safeParse({ item_id: "a\ud83d" }))).toEqual([
      "item_id: must not contain unpaired UTF-16 surrogates",
    ]);
    expect(
      details(
        ZItemInput.safeParse({
          item_id: "a",
          attributes: [{ attribute_name: "attribute_x", attribute_value: "\u0000" }],
        }),
      ),
    ).toEqual(["attributes.0.attribute_value: must not contain NUL characters"]);
    expect(details(ZItemInput.safeParse({ item_id: "a", images: ["ok", "\udfff"] }))).toEqual([
      "images.1: must not contain unpaired UTF-16 surrogates",
    ]);
    expect(details(ZCustomerInput.safeParse({ customer_id: "c", cookie_ids: ["k\u0000"] }))).toEqual([
      "cookie_ids.0: must not contain NUL characters",
    ]);
    expect(details(ZCustomerInput.safeParse({ customer_id: "c", segment_name: "\ud800" }))).toEqual([
      "segment_name: must not contain unpaired UTF-16 surrogates",
    ]);
    expect(
      details(
        ZEventInput.safeParse({ event_type: "search", cookie_id: "k", term: "a\u0000", timestamp: "2026-01-01" }),
      ),
    ).toEqual(["term: must not contain NUL characters"]);
    expect(details(ZDiscountInput.safeParse({ discount_id: "d", item_ids: ["\ud83d"] }))).toEqual([
      "item_ids.0: must not contain unpaired UTF-16 surrogates",
    ]);
  });

  it("looks inside JSON fields, keys included, and bounds their depth", () => {
    expect(jsonProblem({ a: [1, { b: "ok" }] })).toBeUndefined();
    expect(jsonProblem({ a: [1, { b: "x\u0000" }] })).toEqual({
      path: ["a", 1, "b"],
      message: "must not contain NUL characters",
    });
    expect(jsonProblem({ "k\ud83d": 1 })?.message).toBe("key must not contain unpaired UTF-16 surrogates");
    let deep: unknown = "leaf";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(jsonProblem(deep)?.message).toBe(`must not nest deeper than ${MAX_JSON_DEPTH} levels`);
    expect(details(ZItemInput.safeParse({ item_id: "a", additional_item_data: { deep } }))).toEqual([
      `additional_item_data.deep.${Array.from({ length: MAX_JSON_DEPTH - 1 }, () => 0).join(".")}: must not nest deeper than ${MAX_JSON_DEPTH} levels`,
    ]);
    expect(details(ZItemInput.safeParse({ item_id: "a", custom: [{ "\u0000": 1 }] }))).toEqual([
      "custom.0.\u0000: key must not contain NUL characters",
    ]);
  });
});

describe("numbers within their columns", () => {
  it("bounds integers to the integer column", () => {
    expect(ZItemInput.safeParse({ item_id: "a", stock: INT4_MAX }).success).toBe(true);
    expect(details(ZItemInput.safeParse({ item_id: "a", stock: INT4_MAX + 1 }))).toEqual([
      "stock: must be at most 2147483647",
    ]);
    expect(ZItemInput.safeParse({ item_id: "a", stock: -1 }).success).toBe(false);
    expect(ZCustomerInput.safeParse({ customer_id: "c", age: 131 }).success).toBe(false);
    const event = { event_type: "purchase", customer_id: "c", item_id: "i", timestamp: "2026-01-01" };
    expect(ZEventInput.safeParse({ ...event, quantity: 1_000_001 }).success).toBe(false);
    expect(ZEventInput.safeParse({ ...event, quantity: 1.5 }).success).toBe(false);
  });

  it("bounds prices so quantity x price stays a finite number", () => {
    expect(ZItemInput.safeParse({ item_id: "a", product_price: MAX_AMOUNT }).success).toBe(true);
    expect(details(ZItemInput.safeParse({ item_id: "a", product_price: 1e300 }))).toEqual([
      "product_price: must be at most 1,000,000,000,000",
    ]);
    const event = { event_type: "purchase", customer_id: "c", item_id: "i", timestamp: "2026-01-01" };
    expect(ZEventInput.safeParse({ ...event, price: 1e308 }).success).toBe(false);
    expect(ZEventInput.safeParse({ ...event, price: 5e-324 }).success).toBe(true);
  });
});

describe("timestamps", () => {
  it("refuses years before 1000 instead of reading 0050 as 1950", () => {
    expect(ZTimestampInput.safeParse("0050-01-01").error?.issues[0]?.message).toBe("must not be before the year 1000");
    expect(ZTimestampInput.safeParse("0999-12-31T23:59:59").success).toBe(false);
    expect(ZTimestampInput.safeParse("0050-01-01T00:00:00Z").success).toBe(false);
    expect(ZTimestampInput.parse("1000-01-01").toISOString()).toBe("1000-01-01T00:00:00.000Z");
    expect(ZTimestampInput.parse("9999-12-31T23:59:59").toISOString()).toBe("9999-12-31T23:59:59.000Z");
  });

  it("refuses instants past year 9999 and values that are no date-time", () => {
    expect(ZTimestampInput.safeParse("9999-12-31T23:00:00-05:00").success).toBe(false);
    expect(ZTimestampInput.safeParse("+275760-09-13T00:00:00Z").success).toBe(false);
    expect(ZTimestampInput.safeParse("Tue, 01 Jan 2026T00:00:00Z").success).toBe(false);
  });
});
