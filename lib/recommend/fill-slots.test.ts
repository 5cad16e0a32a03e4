import { describe, expect, it } from "vitest";
import { fillSlots, seededShuffle } from "./fill-slots";
import { ruleContext } from "./rule-context";
import { lazyShuffle } from "./rule-kinds";

const visitor = (id: string, extra: { now?: Date; product?: string } = {}) =>
  ruleContext({
    identity: { identity_type: "customer_id", identity_value: id },
    productHierarchyValue: extra.product,
    now: extra.now ?? new Date("2026-11-21T10:00:00Z"),
  });

const rules = [
  { rule_type: "selected-products" as const, positions: [0, 1], values: [] },
  { rule_type: "best-sellers" as const, positions: [2, 3], values: [] },
];

describe("fillSlots", () => {
  it("fills each slot by its rule, once per item, with the fallback for the rest", () => {
    const out = fillSlots({
      slots: 5,
      rules,
      candidates: new Map([
        [0, ["A", "B"]],
        [1, ["B", "C"]],
      ]),
      fallback: ["A", "D", "E"],
      isEligible: () => true,
      context: visitor("x"),
    });
    expect(out.map((f) => [f.position, f.item_id, f.rule_type, f.is_fallback])).toEqual([
      [0, "A", "selected-products", false],
      [1, "B", "selected-products", false],
      [2, "C", "best-sellers", false],
      [3, "D", null, true],
      [4, "E", null, true],
    ]);
  });

  it("skips ineligible items and leaves a slot empty only when nothing is left", () => {
    const out = fillSlots({
      slots: 3,
      rules,
      candidates: new Map([[0, ["A", "X", "B"]]]),
      fallback: [],
      isEligible: (id) => id !== "X",
      context: visitor("x"),
    });
    expect(out.map((f) => f.item_id)).toEqual(["A", "B"]);
  });

  it("leaves the shared candidate lists as they were", () => {
    const candidates = new Map([[0, ["A", "B"]]]);
    const fallback = ["C"];
    const input = { slots: 2, rules, candidates, fallback, isEligible: () => true, context: visitor("x") };
    const first = fillSlots(input);
    expect(fillSlots(input)).toEqual(first);
    expect(candidates.get(0)).toEqual(["A", "B"]);
    expect(fallback).toEqual(["C"]);
  });

  it("random-products is stable for one seed and differs between seeds", () => {
    const items = Array.from({ length: 50 }, (_, i) => `I${i}`);
    expect(seededShuffle(items, "cust-1|2026-11-21")).toEqual(seededShuffle(items, "cust-1|2026-11-21"));
    expect(seededShuffle(items, "cust-1|2026-11-21")).not.toEqual(seededShuffle(items, "cust-2|2026-11-21"));
  });

  it("never serves the product the page is about (the request's product context)", () => {
    const input = {
      slots: 3,
      rules,
      candidates: new Map([[0, ["P", "A"]]]),
      fallback: ["P", "B", "C"],
      isEligible: () => true,
    };
    expect(fillSlots({ ...input, context: visitor("x") }).map((f) => f.item_id)).toEqual(["P", "A", "B"]);
    expect(fillSlots({ ...input, context: visitor("x", { product: "P" }) }).map((f) => f.item_id)).toEqual([
      "A",
      "B",
      "C",
    ]);
  });

  it("random-products draws per visitor and day from the request's context", () => {
    const items = Array.from({ length: 200 }, (_, i) => `I${i}`);
    const random = [{ rule_type: "random-products" as const, positions: [0, 1, 2, 3], values: [] }];
    const fill = (ctx: ReturnType<typeof visitor>) =>
      fillSlots({
        slots: 4,
        rules: random,
        candidates: new Map([[0, items]]),
        fallback: [],
        isEligible: () => true,
        context: ctx,
      })
        .map((f) => f.item_id)
        .join();
    expect(fill(visitor("c1"))).toEqual(fill(visitor("c1")));
    expect(fill(visitor("c1"))).not.toEqual(fill(visitor("c2")));
    expect(fill(visitor("c1"))).not.toEqual(fill(visitor("c1", { now: new Date("2026-11-22T10:00:00Z") })));
  });

  it("discount-leaflet serves its items only while the discount is valid at the request's time", () => {
    const leaflet = [
      {
        rule_type: "discount-leaflet" as const,
        positions: [0],
        values: [{ column_name: "discount_id", comparator: "=" as const, value: "D1" }],
      },
    ];
    const discounts = new Map([
      ["D1", { valid_from: new Date("2026-11-01T00:00:00Z"), valid_to: new Date("2026-11-21T23:59:59Z") }],
    ]);
    const fill = (now: Date) =>
      fillSlots({
        slots: 1,
        rules: leaflet,
        candidates: new Map([[0, ["L1"]]]),
        fallback: ["F1"],
        isEligible: () => true,
        context: visitor("x", { now }),
        discounts,
      }).map((f) => [f.item_id, f.is_fallback]);
    expect(fill(new Date("2026-11-21T12:00:00Z"))).toEqual([["L1", false]]);
    expect(fill(new Date("2026-11-22T00:00:01Z"))).toEqual([["F1", true]]);
  });

  it("the lazy shuffle is a permutation, stable per seed", () => {
    const items = Array.from({ length: 100 }, (_, i) => `I${i}`);
    const drawn = [...lazyShuffle(items, "s")];
    expect([...drawn].sort()).toEqual([...items].sort());
    expect(drawn).toEqual([...lazyShuffle(items, "s")]);
    expect(drawn).not.toEqual(items);
  });
});
