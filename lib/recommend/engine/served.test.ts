/**
 * What serving places for ai-community-based comes from the build's lists (communityTop) when they
 * can answer, and must be exactly what live scoring ranks: same items, order, scores (float32)
 * and evidence, for any exclusion window and any length; live purchases since the build go live.
 */
import { describe, expect, it } from "vitest";
import { mulberry32 } from "@/lib/data/prng";
import type { Ask, Pick } from "./ask";
import type { ItemFacts } from "./content";
import { InteractionsBuilder } from "./interactions";
import { COMMUNITY_HALF_LIFE_DAYS, communityServing, communityTopLists } from "./kinds/community";
import { buildModels, COMMUNITY_BUILD, type CommunityBuild, type Models } from "./models";
import { TopK } from "./neighbours";
import { recommend, servedPicks } from "./recommend";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 5, 15, 12);

/** A seeded shop: 60 customers buying from 40 items, popular items more, over 200 days. */
async function shop(keep?: number, community?: CommunityBuild): Promise<Models> {
  const random = mulberry32(7);
  const b = new InteractionsBuilder();
  for (let c = 0; c < 60; c++) {
    const n = 1 + Math.floor(random() * 12);
    for (let k = 0; k < n; k++) {
      const item = `i${Math.floor(random() ** 2 * 40)}`;
      b.add({
        visitor: `c${c}`,
        itemId: item,
        kind: "purchase",
        ms: NOW - Math.floor(random() * 200) * DAY,
        orderId: `o${c}-${k}`,
      });
    }
  }
  const data = b.finish();
  const facts = data.itemIds.map((id): ItemFacts => ({ name: id, text: "", categories: [], attributes: [], price: 1 }));
  const m = await buildModels(data, facts, { now: NOW, ...(community ? { community } : {}) });
  if (keep !== undefined) m.communityTop = communityTopLists(m.histories, m.community, keep);
  return m;
}

const plain = (picks: Iterable<Pick>) =>
  [...picks].map((p) => ({ item: p.item, score: Math.fround(p.score), evidence: p.evidence }));

function ask(user: number, extra: Partial<Ask> = {}): Ask {
  return { kind: "ai-community-based", user, nowMs: NOW, excludeDays: 90, limit: 10, ...extra };
}

describe("ai-community-based from the build's lists", () => {
  it("places what live scoring ranks, for every customer, exclusion window and length", async () => {
    for (const keep of [3, 20]) {
      const m = await shop(keep);
      let fromLists = 0;
      for (let u = 0; u < m.users.length; u++) {
        for (const extra of [
          {},
          { excludeDays: 0 },
          { excludeDays: 30, limit: 50 },
          { excludeDays: Infinity, limit: 2 },
        ]) {
          const a = ask(u, extra);
          const served = servedPicks(m, a);
          if (!Array.isArray(served)) fromLists++;
          expect(plain(served)).toEqual(plain(recommend(m, a)));
        }
      }
      expect(fromLists).toBe(m.users.length * 4);
    }
  });

  it("places what live scoring ranks with other build choices and an anchor half-life, live when it changes", async () => {
    const build: CommunityBuild = {
      k: 8,
      beta: 0.3,
      gamma: 0.25,
      shrink: 3,
      bulkWeight: false,
      rowNorm: true,
      trend: 0.2,
    };
    expect(build).not.toEqual(COMMUNITY_BUILD);
    communityServing.halfLifeDays = 20;
    try {
      const m = await shop(5, build);
      for (let u = 0; u < m.users.length; u++) {
        for (const extra of [{}, { excludeDays: 0 }, { excludeDays: Infinity, limit: 30 }]) {
          const a = ask(u, extra);
          const served = servedPicks(m, a);
          expect(Array.isArray(served)).toBe(false);
          expect(plain(served)).toEqual(plain(recommend(m, a)));
        }
      }
      communityServing.halfLifeDays = 40;
      expect(Array.isArray(servedPicks(m, ask(0)))).toBe(true);
    } finally {
      communityServing.halfLifeDays = COMMUNITY_HALF_LIFE_DAYS;
    }
  });

  it("keeps items bought before the window ranked among the others, and leaves out those within it", async () => {
    const m = await shop(20);
    const h = m.histories;
    const u = m.users.findIndex((_, v) => h.start[v + 1]! - h.start[v]! >= 5);
    const within = [...plain(servedPicks(m, ask(u, { excludeDays: Infinity, limit: 50 })))].map((p) => p.item);
    const all = [...plain(servedPicks(m, ask(u, { excludeDays: 0, limit: 50 })))].map((p) => p.item);
    const bought = new Set(h.item.subarray(h.start[u]!, h.start[u + 1]!));
    expect(within.some((i) => bought.has(i))).toBe(false);
    expect(all.some((i) => bought.has(i))).toBe(true);
  });

  it("scores live once the customer bought something since the build (new anchors), not for a view", async () => {
    const m = await shop(20);
    const u = 0;
    const item = m.itemIds.length - 1;
    const minute = NOW / 60_000;
    const bought = ask(u, { live: [{ item, kinds: 1, minute }] });
    expect(Array.isArray(servedPicks(m, bought))).toBe(true);
    expect(plain(servedPicks(m, bought))).toEqual(plain(recommend(m, bought)));
    const viewed = ask(u, { live: [{ item, kinds: 1 << 3, minute }] });
    expect(Array.isArray(servedPicks(m, viewed))).toBe(false);
    expect(plain(servedPicks(m, viewed))).toEqual(plain(recommend(m, viewed)));
  });

  it("scores live for a filtered rule (the filter ranks over the whole catalog)", async () => {
    const m = await shop(3);
    const allow = new Uint8Array(m.itemIds.length).fill(1);
    allow[0] = 0;
    const a = ask(1, { allow, limit: 50 });
    expect(Array.isArray(servedPicks(m, a))).toBe(true);
    expect(recommend(m, a).some((p) => p.item === 0)).toBe(false);
  });
});

describe("TopK", () => {
  it("keeps the first k of the whole ranking whatever the order of the offers (ties by smaller id)", () => {
    const entries = [5, 3, 9, 1, 7, 2, 8, 0, 6, 4].map((id) => ({ id, score: id % 3 }));
    const expected = [...entries].sort((a, b) => b.score - a.score || a.id - b.id).slice(0, 4);
    for (const order of [entries, [...entries].reverse()]) {
      const top = new TopK(4);
      for (const e of order) top.offer(e.id, e.score);
      expect(top.sorted()).toEqual(expected);
    }
  });
});
