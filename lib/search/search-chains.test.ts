import { describe, expect, it } from "vitest";
import { CHAIN_MS, SearchChains } from "./search-chains";

/** Offers each term of `typed` 200 ms apart; returns what was recorded on the way. */
function type(chains: SearchChains<string>, visitor: string, typed: string[], start: number, final?: boolean) {
  const out: string[] = [];
  for (const [i, term] of typed.entries()) out.push(...chains.offer(visitor, term, term, final, start + i * 200));
  return out;
}

describe("search chains", () => {
  it("records a chain of keystrokes once, as its longest term, when it goes quiet", () => {
    const chains = new SearchChains<string>();
    expect(type(chains, "v1", ["s", "sh", "sho", "shoe", "shoes", "shoe"], 0)).toEqual([]);
    expect(chains.expire(1000 + CHAIN_MS - 1)).toEqual([]);
    expect(chains.expire(1000 + CHAIN_MS)).toEqual(["shoes"]);
    expect(chains.size).toBe(0);
  });

  it("keeps visitors and unrelated terms apart", () => {
    const chains = new SearchChains<string>();
    type(chains, "v1", ["ga", "gar", "garden"], 0);
    type(chains, "v2", ["gard", "garden b"], 50);
    type(chains, "v1", ["mug", "mugs"], 1000);
    expect(chains.expire(10_000).sort()).toEqual(["garden", "garden b", "mugs"]);
  });

  it("records a final search at once, once, and drops the keystrokes it ends", () => {
    const chains = new SearchChains<string>();
    expect(type(chains, "v1", ["ben", "benc"], 0)).toEqual([]);
    expect(chains.offer("v1", "Bench", "bench!", true, 500)).toEqual(["bench!"]);
    expect(chains.offer("v1", "bench", "again", true, 900)).toEqual([]); // pause, then Enter
    expect(chains.expire(10_000)).toEqual([]);
    expect(chains.offer("v1", "bench", "later", true, 20_000)).toEqual(["later"]);
  });

  it("records nothing for requests marked not final", () => {
    const chains = new SearchChains<string>();
    expect(type(chains, "v1", ["t", "ta", "tab"], 0, false)).toEqual([]);
    expect(chains.size).toBe(0);
    expect(chains.closeAll()).toEqual([]);
  });

  it("closes every open chain on demand", () => {
    const chains = new SearchChains<string>();
    type(chains, "v1", ["la", "lamp"], 0);
    type(chains, "v2", ["so", "sofa"], 0);
    expect(chains.closeAll().sort()).toEqual(["lamp", "sofa"]);
    expect(chains.size).toBe(0);
  });
});
