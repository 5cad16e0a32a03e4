import { afterEach, describe, expect, it } from "vitest";
import { setEnv } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { countKeyRequest, resetKeyLimits } from "./key-limits";

function statusOf(run: () => void): number {
  try {
    run();
    return 200;
  } catch (error) {
    return error instanceof ApiError ? error.status : 500;
  }
}

afterEach(() => {
  setEnv("PUBLISHABLE_KEY_VISITOR_RATE", "20");
  setEnv("PUBLISHABLE_KEY_RATE", "2000");
  resetKeyLimits();
});

describe("publishable key limits", () => {
  it("lets a burst of five seconds' worth through, then refills at the rate", () => {
    setEnv("PUBLISHABLE_KEY_VISITOR_RATE", "2");
    resetKeyLimits();
    const t = 1_000_000;
    const burst = Array.from({ length: 11 }, () => statusOf(() => countKeyRequest("k", "a", t)));
    expect(burst.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(burst[10]).toBe(429);
    expect(statusOf(() => countKeyRequest("k", "b", t))).toBe(200); // another visitor
    expect(statusOf(() => countKeyRequest("k", "a", t + 499))).toBe(429);
    expect(statusOf(() => countKeyRequest("k", "a", t + 500))).toBe(200); // half a second: one more
  });

  it("says when to retry, and 0 turns a limit off", () => {
    setEnv("PUBLISHABLE_KEY_RATE", "0.2"); // a burst of one, then one per 5 s
    setEnv("PUBLISHABLE_KEY_VISITOR_RATE", "0");
    resetKeyLimits();
    countKeyRequest("k", "a", 0);
    try {
      countKeyRequest("k", "b", 0);
      expect.unreachable();
    } catch (error) {
      expect((error as ApiError).headers?.["Retry-After"]).toBe("5");
    }
  });
});
