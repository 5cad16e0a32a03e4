import { describe, expect, it } from "vitest";
import { bucketOf, groupOf } from "./split";

const groups = [
  { group_number: 1, abc_audience_percent: 50 },
  { group_number: 2, abc_audience_percent: 30 },
  { group_number: 3, abc_audience_percent: 20 },
];

describe("group split", () => {
  it("places buckets against cumulative percents", () => {
    expect([0, 49, 50, 79, 80, 99].map((b) => groupOf(groups, b))).toEqual([1, 1, 2, 2, 3, 3]);
    expect(groupOf([{ group_number: 1, abc_audience_percent: 100 }], 99)).toBe(1);
  });

  it("is deterministic per customer and campaign, and close to the percents", () => {
    expect(bucketOf("campaign-a", "customer-1")).toBe(bucketOf("campaign-a", "customer-1"));
    const counts = [0, 0, 0];
    for (let i = 0; i < 10_000; i++) counts[groupOf(groups, bucketOf("campaign-a", `customer-${i}`)) - 1]! += 1;
    expect(counts[0]).toBeGreaterThan(4_800);
    expect(counts[0]).toBeLessThan(5_200);
    expect(counts[1]).toBeGreaterThan(2_800);
    expect(counts[1]).toBeLessThan(3_200);
    expect(counts[2]).toBeGreaterThan(1_800);
    expect(counts[2]).toBeLessThan(2_200);
  });

  it("splits differently in another campaign", () => {
    const moved = Array.from({ length: 200 }, (_, i) => `customer-${i}`).filter(
      (id) => bucketOf("campaign-a", id) !== bucketOf("campaign-b", id),
    );
    expect(moved.length).toBeGreaterThan(150);
  });
});
