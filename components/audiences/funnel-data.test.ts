import { describe, expect, it } from "vitest";
import { funnelBars, narrowing } from "./funnel-data";

describe("audience funnel bars", () => {
  it("narrow filter by filter, with the share of the step before and of everyone", () => {
    const bars = funnelBars(
      8,
      [
        { count_before: 8, count_now: 4, filtered_percentage: "50.00" },
        { count_before: 4, count_now: 3, filtered_percentage: "75.00" },
        { count_before: 3, count_now: 0, filtered_percentage: "0.00" },
      ],
      ["Segment is VIP", "City is Leeds"],
    );
    expect(bars).toEqual([
      { label: "Segment is VIP", before: 8, now: 4, ofPrevious: "50.00", ofAll: "50.00", width: 50 },
      { label: "City is Leeds", before: 4, now: 3, ofPrevious: "75.00", ofAll: "37.50", width: 37.5 },
      { label: "3", before: 3, now: 0, ofPrevious: "0.00", ofAll: "0.00", width: 0 },
    ]);
  });

  it("draws nothing wide when there are no customers", () => {
    expect(funnelBars(0, [{ count_before: 0, count_now: 0, filtered_percentage: null }], [])[0]).toMatchObject({
      width: 0,
      ofAll: "0.00",
      ofPrevious: "0.00",
    });
  });

  it("joins two centred bars with a trapezoid", () => {
    expect(narrowing(100, 50)).toBe("polygon(0.00% 0, 100.00% 0, 75.00% 100%, 25.00% 100%)");
  });
});
