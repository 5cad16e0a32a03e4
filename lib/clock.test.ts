import { afterEach, describe, expect, it, vi } from "vitest";
import { pinPlatformClock, unpinPlatformClockForTests, wallMs } from "./clock";

describe("wallMs", () => {
  afterEach(() => {
    unpinPlatformClockForTests();
    vi.restoreAllMocks();
  });

  it("reads Date.now at each call until the clock is pinned (fake timers apply)", () => {
    const replaced = vi.spyOn(Date, "now").mockReturnValue(1234);
    expect(wallMs()).toBe(1234);
    expect(replaced).toHaveBeenCalledTimes(1);
  });

  it("once pinned, reads the Date.now of that moment, not one installed later (Next's patched Date)", () => {
    pinPlatformClock();
    const installedLater = vi.spyOn(Date, "now").mockReturnValue(1234);
    const before = performance.timeOrigin + performance.now();
    const read = wallMs();
    expect(installedLater).not.toHaveBeenCalled();
    expect(Math.abs(read - before)).toBeLessThan(1000);
  });
});
