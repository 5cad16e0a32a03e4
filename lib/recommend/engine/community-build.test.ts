/**
 * The community model's build choices (models.ts CommunityBuild) and the anchors' half-life
 * (kinds/community.ts) give the numbers they say, on a shop small enough to count by hand.
 */
import { afterEach, describe, expect, it } from "vitest";
import { InteractionsBuilder, PURCHASES } from "./interactions";
import { COMMUNITY_HALF_LIFE_DAYS, communityAnchors, communityServing } from "./kinds/community";
import { COMMUNITY_BUILD, type CommunityBuild, communityNeighbours, histories } from "./models";
import type { Neighbours } from "./neighbours";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 5, 15, 12);

/** Buyers: a 3 (c1, c2, c3), b 2 (c1, c2), c 4 (c2, c3, c4, c5), d 1 (c4); each row [customer, item, days ago]. */
const ROWS: [string, string, number][] = [
  ["c1", "a", 60],
  ["c1", "b", 30],
  ["c2", "a", 9],
  ["c2", "b", 9],
  ["c2", "c", 9],
  ["c3", "a", 5],
  ["c3", "c", 5],
  ["c4", "c", 3],
  ["c4", "d", 3],
  ["c5", "c", 1],
];

function data() {
  const b = new InteractionsBuilder();
  for (const [visitor, itemId, daysAgo] of ROWS) {
    b.add({ visitor, itemId, kind: "purchase", ms: NOW - daysAgo * DAY, orderId: `${visitor}-${daysAgo}` });
  }
  return b.finish();
}

const PLAIN: CommunityBuild = {
  ...COMMUNITY_BUILD,
  bulkWeight: false,
  beta: 0,
  gamma: 0,
  shrink: 0,
  rowNorm: false,
  trend: 0,
};

/** Item id -> neighbour id -> score. */
function table(nb: Neighbours, ids: string[]): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (let i = 0; i < ids.length; i++) {
    out[ids[i]!] = {};
    for (let q = nb.start[i]!; q < nb.start[i + 1]!; q++) out[ids[i]!]![ids[nb.item[q]!]!] = nb.score[q]!;
  }
  return out;
}

afterEach(() => {
  communityServing.halfLifeDays = COMMUNITY_HALF_LIFE_DAYS;
});

describe("community build choices", () => {
  const d = data();
  const build = (p: Partial<CommunityBuild>) =>
    table(communityNeighbours(d, PURCHASES, true, { ...PLAIN, ...p }), d.itemIds);

  it("plain: shared buyers / sqrt(buyers of i x buyers of j)", () => {
    const t = build({});
    expect(t.a!.b).toBeCloseTo(2 / Math.sqrt(3 * 2), 6);
    expect(t.a!.c).toBeCloseTo(2 / Math.sqrt(3 * 4), 6);
    expect(t.c!.d).toBeCloseTo(1 / Math.sqrt(4 * 1), 6);
    expect(t.d!.a).toBeUndefined();
  });

  it("beta divides by the neighbour's buyers^beta, gamma by the anchor's, shrink adds to the denominator", () => {
    expect(build({ beta: 0.5 }).a!.c).toBeCloseTo(2 / Math.sqrt(12) / 2, 6);
    expect(build({ beta: 0.5 }).c!.a).toBeCloseTo(2 / Math.sqrt(12) / Math.sqrt(3), 6);
    expect(build({ gamma: 0.5 }).a!.c).toBeCloseTo(2 / Math.sqrt(12) / Math.sqrt(3), 6);
    expect(build({ shrink: 10 }).a!.b).toBeCloseTo(2 / (Math.sqrt(6) + 10), 6);
  });

  it("trend multiplies by (1 + the neighbour's visitors of the last 30 days)^trend", () => {
    // The data ends a day before NOW: a has c2 and c3 within 30 days (c1's is older), b c1 and c2, c four.
    const t = build({ trend: 1 });
    expect(t.a!.c).toBeCloseTo((2 / Math.sqrt(12)) * 5, 5);
    expect(t.a!.b).toBeCloseTo((2 / Math.sqrt(6)) * 3, 5);
    expect(t.c!.a).toBeCloseTo((2 / Math.sqrt(12)) * 3, 5);
  });

  it("bulk weights give a customer of n items 1 / log2(1 + n) per pair", () => {
    // a-b: c1 (2 items) and c2 (3 items).
    expect(build({ bulkWeight: true }).a!.b).toBeCloseTo((1 / Math.log2(3) + 1 / Math.log2(4)) / Math.sqrt(6), 6);
  });

  it("row normalisation makes each item's best neighbour 1, the order unchanged", () => {
    const plain = build({});
    const t = build({ rowNorm: true });
    for (const [i, row] of Object.entries(t)) {
      const best = Math.max(...Object.values(plain[i]!));
      for (const [j, s] of Object.entries(row)) expect(s).toBeCloseTo(plain[i]![j]! / best, 6);
    }
    expect(t.a!.b).toBe(1);
  });

  it("keeps k neighbours per item", () => {
    for (const row of Object.values(build({ k: 1 }))) expect(Object.keys(row).length).toBeLessThanOrEqual(1);
  });
});

describe("community anchors' half-life", () => {
  const h = { histories: histories(data()) };
  const c1 = data().users.indexOf("c1");
  const weights = () =>
    communityAnchors(
      h,
      { kind: "ai-community-based", user: c1, nowMs: NOW, excludeDays: 0, limit: 10 },
      "ai-community-based",
    ).map((a) => a.weight);

  it("weighs an anchor half as much per half-life before the customer's latest, whatever the time of asking", () => {
    communityServing.halfLifeDays = 0;
    expect(weights()).toEqual([1, 1]);
    communityServing.halfLifeDays = 30;
    // c1 bought b 30 days ago (the latest) and a 60 days ago.
    expect(weights()[0]).toBe(1);
    expect(weights()[1]).toBeCloseTo(0.5, 9);
    const later = communityAnchors(
      h,
      { kind: "ai-community-based", user: c1, nowMs: NOW + 400 * DAY, excludeDays: 0, limit: 10 },
      "ai-community-based",
    ).map((a) => a.weight);
    expect(later).toEqual(weights());
  });
});
