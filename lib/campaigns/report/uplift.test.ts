import { describe, expect, it } from "vitest";
import { newcombeDifference, wilson } from "./uplift";

describe("uplift intervals", () => {
  it("gives Wilson's interval as published (Newcombe 1998, Table I: 81/263)", () => {
    const w = wilson(81, 263);
    expect(w.low).toBeCloseTo(0.2553, 4);
    expect(w.high).toBeCloseTo(0.3662, 4);
  });

  it("gives Newcombe's hybrid score interval as published (1998, Table II: 56/70 - 48/80)", () => {
    const d = newcombeDifference(56, 70, 48, 80)!;
    expect(d.difference).toBeCloseTo(0.2, 10);
    expect(d.low).toBeCloseTo(0.0524, 4);
    expect(d.high).toBeCloseTo(0.3339, 4);
  });

  it("stays within [-1, 1] where Wald would not (1 of 10 against 0 of 10)", () => {
    const d = newcombeDifference(1, 10, 0, 10)!;
    expect(d.low).toBeGreaterThan(-1);
    expect(d.low).toBeLessThan(0);
    expect(d.high).toBeLessThan(1);
    // A rate of 0 has a Wilson interval starting at 0.
    expect(wilson(0, 10).low).toBe(0);
  });

  it("is undefined without trials on a side", () => {
    expect(newcombeDifference(1, 10, 0, 0)).toBeUndefined();
  });
});
