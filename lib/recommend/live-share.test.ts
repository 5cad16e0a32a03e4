import { describe, expect, it } from "vitest";
import { type LiveChange, payloads } from "./live-share";

describe("live overlay payloads", () => {
  it("split under PostgreSQL's NOTIFY limit, every change once and in order", () => {
    const changes: LiveChange[] = Array.from({ length: 600 }, (_, n) => ({
      t: "r",
      v: `customer-${n}`,
      i: `item-${n}`,
      k: "view",
      ms: 1_700_000_000_000 + n,
    }));
    const out = payloads("origin-1", changes);
    expect(out.length).toBeGreaterThan(1);
    for (const p of out) expect(Buffer.byteLength(p)).toBeLessThan(8000);
    expect(out.flatMap((p) => JSON.parse(p).changes)).toEqual(changes);
    expect(JSON.parse(out[0]!).origin).toBe("origin-1");
  });

  it("leave out a change too big to send", () => {
    const huge: LiveChange = { t: "m", from: "x".repeat(9000), to: "c" };
    const small: LiveChange = { t: "m", from: "cookie:a", to: "c" };
    expect(payloads("o", [huge, small]).flatMap((p) => JSON.parse(p).changes)).toEqual([small]);
  });
});
