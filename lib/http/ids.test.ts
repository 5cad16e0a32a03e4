import { describe, expect, it } from "vitest";
import { isId, newId } from "./ids";

describe("ids", () => {
  it("are <kind>-id-<32 lowercase hex> and unique", () => {
    const a = newId("strategy");
    expect(a).toMatch(/^strategy-id-[0-9a-f]{32}$/);
    expect(newId("strategy")).not.toBe(a);
    expect(isId("strategy", a)).toBe(true);
    expect(isId("position", a)).toBe(false);
    expect(isId("strategy", "strategy-id-ABC")).toBe(false);
  });
});
