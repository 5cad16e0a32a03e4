import { describe, expect, it } from "vitest";
import { TopK } from "./top-k";

describe("TopK", () => {
  it("keeps the k best, best first, ties to the lower slot whatever the push order", () => {
    const scores = [5, 1, 9, 3, 9, 7, 2, 8];
    for (const order of [scores.keys(), [...scores.keys()].reverse()]) {
      const top = new TopK(4);
      for (const slot of order) top.push(slot, scores[slot]!);
      expect(top.sorted()).toEqual([2, 4, 7, 5]);
      expect(top.minScore).toBe(7);
    }
  });

  it("breaks ties with the given order (the search index: by item id)", () => {
    const ids = ["m3", "m1", "m2", "m0"];
    const byId = (a: number, b: number) => ids[a]! < ids[b]!;
    for (const order of [
      [0, 1, 2, 3],
      [3, 2, 1, 0],
      [1, 3, 0, 2],
    ]) {
      const top = new TopK(3, byId);
      for (const slot of order) top.push(slot, 1);
      expect(top.sorted().map((s) => ids[s])).toEqual(["m0", "m1", "m2"]);
    }
  });
});
