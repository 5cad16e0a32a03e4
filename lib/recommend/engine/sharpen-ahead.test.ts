import { describe, expect, it } from "vitest";
import { COMMUNITY_SHARPEN, scoresOf, sharpenAhead } from "./neighbour-picks";
import type { Neighbours } from "./neighbours";

/** A neighbour list of n entries with scores in (0, 1], all on item 0. */
function neighbours(n: number, seed: number): Neighbours {
  const score = new Float32Array(n);
  for (let q = 0; q < n; q++) score[q] = ((q * 7919 + seed) % 10_007) / 10_007 + 1e-4;
  return {
    start: Int32Array.from([0, n]),
    item: new Int32Array(n),
    score,
    support: new Int32Array(n),
  };
}

describe("sharpenAhead", () => {
  it("makes the sharpened scores before a request asks, the same numbers scoresOf makes, giving turns", async () => {
    const m = { community: neighbours(140_000, 1), communityAll: neighbours(70_000, 2) };
    let turns = 0;
    await sharpenAhead(m, () => {
      turns++;
      return undefined;
    });
    // Several steps per model: the thread could answer requests between them.
    expect(turns).toBeGreaterThanOrEqual(5);
    for (const nb of [m.community, m.communityAll]) {
      const ahead = scoresOf(nb, COMMUNITY_SHARPEN);
      // Found, not computed now: the same array on every ask.
      expect(scoresOf(nb, COMMUNITY_SHARPEN)).toBe(ahead);
      const live = nb.score.map((x) => x ** COMMUNITY_SHARPEN);
      let differ = 0;
      for (let q = 0; q < live.length; q++) if (!Object.is(ahead[q], live[q])) differ++;
      expect(ahead.length).toBe(live.length);
      expect(differ).toBe(0);
    }
  });

  it("keeps scores computed meanwhile and computes nothing twice", async () => {
    const m = { community: neighbours(100_000, 3), communityAll: neighbours(10, 4) };
    const first = scoresOf(m.community, COMMUNITY_SHARPEN);
    const seen = scoresOf(m.communityAll, COMMUNITY_SHARPEN);
    let turns = 0;
    await sharpenAhead(m, () => {
      turns++;
      return undefined;
    });
    expect(turns).toBe(0);
    expect(scoresOf(m.community, COMMUNITY_SHARPEN)).toBe(first);
    expect(scoresOf(m.communityAll, COMMUNITY_SHARPEN)).toBe(seen);
  });
});
