import { describe, expect, it } from "vitest";
import { toE164 } from "./phone-number";

describe("toE164", () => {
  it("writes numbers as E.164 whatever their punctuation", () => {
    expect(toE164("+1 (415) 555-2671", undefined)).toBe("+14155552671");
    expect(toE164("+420 720 000 015", undefined)).toBe("+420720000015");
    expect(toE164("00420 720 000 015", undefined)).toBe("+420720000015");
  });

  it("reads a national number in the default country, and refuses it without one", () => {
    expect(toE164("(415) 555-2671", "US")).toBe("+14155552671");
    expect(toE164("720 000 015", "CZ")).toBe("+420720000015");
    expect(toE164("720 000 015", undefined)).toBeUndefined();
  });

  it("refuses what is no valid number", () => {
    expect(toE164("0710 000-001", "CZ")).toBeUndefined();
    expect(toE164("+420 123", undefined)).toBeUndefined();
    expect(toE164("call me", "US")).toBeUndefined();
    expect(toE164("", "US")).toBeUndefined();
  });
});
