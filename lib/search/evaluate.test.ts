import { describe, expect, it } from "vitest";
import { Bm25 } from "./bm25";
import { itemBoost } from "./boost";
import { ndcgAt } from "./evaluate";
import { editDistance, TrigramVocabulary } from "./fuzzy";
import { highlightSpans, matchedWords } from "./highlight";

describe("ndcgAt", () => {
  const judged = new Map([
    ["a", 3],
    ["b", 2],
    ["c", 1],
  ]);
  it("is 1 for the ideal order and counts unjudged results as 0", () => {
    expect(ndcgAt(["a", "b", "c"], judged)).toBeCloseTo(1);
    expect(ndcgAt(["a", "b"], judged)).toBeCloseTo(1); // c has gain 0
    const swapped = (1 + 2 / Math.log2(3)) / (2 + 1 / Math.log2(3));
    expect(ndcgAt(["b", "a"], judged)).toBeCloseTo(swapped);
    expect(ndcgAt(["x", "a", "b"], judged)).toBeCloseTo((2 / Math.log2(3) + 1 / 2) / (2 + 1 / Math.log2(3)));
    expect(ndcgAt([], judged)).toBe(0);
  });

  it("is 0 when every judged result is irrelevant", () => {
    expect(ndcgAt(["c"], new Map([["c", 1]]))).toBe(0);
  });
});

describe("Bm25", () => {
  it("ranks by term rarity and length", () => {
    const bm = new Bm25();
    bm.add(["red", "chair"]);
    bm.add(["red", "sofa", "with", "cushion"]);
    bm.add(["blue", "chair"]);
    expect(bm.search(["red", "sofa"], 3)).toEqual([1, 0]);
    expect(bm.search(["chair"], 3)).toEqual([0, 2]);
  });
});

describe("fuzzy", () => {
  it("measures edits with adjacent swaps as one", () => {
    expect(editDistance("contorl", "control", 2)).toBe(1);
    expect(editDistance("sprkinler", "sprinkler", 2)).toBe(2);
    expect(editDistance("abc", "xyz", 1)).toBe(2);
  });

  it("finds long words within two edits", () => {
    const vocabulary = new TrigramVocabulary();
    for (const w of ["sprinkler", "springs", "temperature", "tempered"]) vocabulary.add(w);
    expect(vocabulary.near("sprkinler", 2).map((n) => n.word)).toEqual(["sprinkler"]);
    expect(vocabulary.near("temperture", 1)).toEqual([{ word: "temperature", distance: 1 }]);
  });
});

describe("highlight", () => {
  it("gives the spans and words of matched terms as written", () => {
    const name = "Round Oak Tables, 2-Inch legs";
    const matched = new Set(["table", "2in"]);
    expect(highlightSpans(name, matched)).toEqual([
      { start: 10, end: 16 },
      { start: 18, end: 24 },
    ]);
    expect(matchedWords(name, matched)).toEqual(["Tables", "2-Inch"]);
  });
});

describe("itemBoost", () => {
  it("grows with popularity up to +25% and drops for low stock", () => {
    expect(itemBoost(null, undefined)).toBe(1);
    expect(itemBoost(null, { purchases: 10, searchClicks: 0 })).toBeCloseTo(1 + 0.04 * Math.log1p(10));
    expect(itemBoost(null, { purchases: 1e6, searchClicks: 1e6 })).toBe(1.25);
    expect(itemBoost(1, undefined)).toBe(0.9);
    expect(itemBoost(50, undefined)).toBe(1);
  });
});
