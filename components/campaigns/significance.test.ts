import { describe, expect, it } from "vitest";
import { clickRateVerdict, MIN_RECIPIENTS, normalCdf, twoProportionZTest } from "./significance";

describe("twoProportionZTest", () => {
  it("50/1000 against 80/1000: z = -2.72, p = 0.0065 (two-sided), significant", () => {
    // pooled 0.065, se = sqrt(0.065 * 0.935 * 2 / 1000) = 0.011026, z = -0.03 / 0.011026.
    const t = twoProportionZTest({ successes: 50, trials: 1000 }, { successes: 80, trials: 1000 });
    expect(t?.z).toBeCloseTo(-2.7209, 3);
    expect(t?.p).toBeCloseTo(0.00651, 4);
  });

  it("is symmetric, and equal rates give z = 0, p = 1", () => {
    const a = { successes: 30, trials: 400 };
    const b = { successes: 45, trials: 500 };
    expect(twoProportionZTest(a, b)?.z).toBeCloseTo(-(twoProportionZTest(b, a)?.z ?? 0), 10);
    const same = twoProportionZTest({ successes: 10, trials: 100 }, { successes: 20, trials: 200 });
    expect(same?.z).toBe(0);
    expect(same?.p).toBeCloseTo(1, 6);
  });

  it("100/1000 against 115/1000 is not significant (z = -1.08, p = 0.28)", () => {
    // pooled 0.1075, se = sqrt(0.1075 * 0.8925 * 2 / 1000) = 0.013852.
    const t = twoProportionZTest({ successes: 100, trials: 1000 }, { successes: 115, trials: 1000 });
    expect(t?.z).toBeCloseTo(-1.0828, 3);
    expect(t?.p).toBeCloseTo(0.2789, 3);
  });

  it("cannot be computed without recipients or when nobody (or everybody) clicked", () => {
    expect(twoProportionZTest({ successes: 0, trials: 0 }, { successes: 1, trials: 10 })).toBeUndefined();
    expect(twoProportionZTest({ successes: 0, trials: 50 }, { successes: 0, trials: 50 })).toBeUndefined();
    expect(twoProportionZTest({ successes: 50, trials: 50 }, { successes: 60, trials: 60 })).toBeUndefined();
  });

  it("the normal CDF has its known values", () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1)).toBeCloseTo(0.158655, 6);
  });
});

describe("clickRateVerdict", () => {
  const g = (group_number: number, recipients: number, clicks: number, is_control = false) => ({
    group_number,
    recipients,
    clicks,
    is_control,
  });

  it("names the leader and a significant lead over the runner-up", () => {
    expect(clickRateVerdict([g(1, 1000, 50), g(2, 1000, 80), g(3, 1000, 60)])).toMatchObject({
      kind: "tested",
      leader: 2,
      runnerUp: 3,
      significant: false,
    });
    expect(clickRateVerdict([g(1, 1000, 50), g(2, 1000, 80)])).toMatchObject({
      kind: "tested",
      leader: 2,
      runnerUp: 1,
      significant: true,
    });
  });

  it("says not enough data below the minimum recipients in either group", () => {
    expect(clickRateVerdict([g(1, MIN_RECIPIENTS - 1, 20), g(2, 1000, 10)])).toEqual({
      kind: "not_enough_data",
      leader: 1,
      runnerUp: 2,
    });
  });

  it("calls equal rates a tie, not a lead, even below the minimum (a fresh send with no clicks yet)", () => {
    expect(clickRateVerdict([g(1, 3, 0), g(2, 3, 0)])).toEqual({ kind: "tie", leader: 1, runnerUp: 2 });
  });

  it("never ranks a control group; one test group has no runner-up; none at all", () => {
    expect(clickRateVerdict([g(1, 1000, 10), g(2, 0, 0, true)])).toEqual({ kind: "single", leader: 1 });
    expect(clickRateVerdict([g(1, 0, 0, true)])).toEqual({ kind: "no_groups" });
    expect(clickRateVerdict([g(1, 100, 5), g(2, 100, 5)])).toMatchObject({ kind: "tie", leader: 1, runnerUp: 2 });
  });
});
