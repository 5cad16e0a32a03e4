import { beforeEach, describe, expect, it } from "vitest";
import { KIND } from "./engine/interactions";
import { clearLive, LIVE_ITEMS, LIVE_TTL_MS, liveItems, liveVisitor, moveLive, recordLive } from "./live-overlay";

const T = Date.parse("2026-11-25T10:00:00Z");
const bit = (k: keyof typeof KIND) => 1 << KIND[k];

describe("the live overlay", () => {
  beforeEach(clearLive);

  it("keeps a visitor's distinct items latest first, kinds merged, at most LIVE_ITEMS", () => {
    const visitor = liveVisitor({ cookieId: "c1" })!;
    expect(visitor).toBe("cookie:c1");
    recordLive({ visitor, itemId: "A", kind: "view", ms: T, now: T });
    recordLive({ visitor, itemId: "B", kind: "view", ms: T + 60_000, now: T });
    recordLive({ visitor, itemId: "A", kind: "add_to_cart", ms: T + 120_000, now: T });
    expect(liveItems(visitor, T)?.map((i) => [i.itemId, i.kinds])).toEqual([
      ["A", bit("view") | bit("add_to_cart")],
      ["B", bit("view")],
    ]);
    for (let i = 0; i < LIVE_ITEMS + 5; i++)
      recordLive({ visitor, itemId: `X${i}`, kind: "view", ms: T + 300_000 + i * 60_000, now: T });
    expect(liveItems(visitor, T)).toHaveLength(LIVE_ITEMS);
    expect(liveItems(visitor, T)![0]!.itemId).toBe(`X${LIVE_ITEMS + 4}`);
  });

  it("forgets items after LIVE_TTL_MS (a model build has read them by then)", () => {
    recordLive({ visitor: "C1", itemId: "A", kind: "purchase", ms: T, now: T });
    expect(liveItems("C1", T + LIVE_TTL_MS - 1)).toHaveLength(1);
    expect(liveItems("C1", T + LIVE_TTL_MS)).toBeUndefined();
  });

  it("moves a cookie's items to the customer it became", () => {
    recordLive({ visitor: "cookie:c2", itemId: "A", kind: "click", ms: T, now: T });
    recordLive({ visitor: "C2", itemId: "B", kind: "view", ms: T + 60_000, now: T });
    moveLive("cookie:c2", "C2", T);
    expect(liveItems("cookie:c2", T)).toBeUndefined();
    expect(liveItems("C2", T)?.map((i) => [i.itemId, i.kinds])).toEqual([
      ["B", bit("view")],
      ["A", bit("click")],
    ]);
  });
});
