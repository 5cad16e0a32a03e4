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
});
