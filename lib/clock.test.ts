import { afterEach, describe, expect, it, vi } from "vitest";
import { pinPlatformClock, unpinPlatformClockForTests, wallDate, wallMs } from "./clock";

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

  it("wallDate: a Date of Date.now until pinned; once pinned, made by the Date of that moment", () => {
    vi.spyOn(Date, "now").mockReturnValue(1234);
    expect(wallDate().getTime()).toBe(1234);
    vi.restoreAllMocks();
    pinPlatformClock();
    const Original = Date;
    const made: unknown[] = [];
    // A Date installed later (as Next's server does) is not the one that constructs.
    globalThis.Date = new Proxy(Original, {
      construct(target, args) {
        made.push(args);
        return Reflect.construct(target, args);
      },
    });
    try {
      const before = performance.timeOrigin + performance.now();
      const date = wallDate();
      expect(made).toEqual([]);
      expect(date).toBeInstanceOf(Original);
      expect(Math.abs(date.getTime() - before)).toBeLessThan(1000);
    } finally {
      globalThis.Date = Original;
    }
  });
});
