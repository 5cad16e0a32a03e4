import { describe, expect, it } from "vitest";
import { fillSlots, seededShuffle } from "./fill-slots";

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
      seed: "x",
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
      seed: "x",
    });
    expect(out.map((f) => f.item_id)).toEqual(["A", "B"]);
  });

  it("leaves the shared candidate lists as they were", () => {
    const candidates = new Map([[0, ["A", "B"]]]);
    const fallback = ["C"];
    const input = { slots: 2, rules, candidates, fallback, isEligible: () => true, seed: "x" };
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
});
