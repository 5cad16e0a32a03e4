import { describe, expect, it } from "vitest";
import { compileSynonyms, synonymErrors } from "./synonyms";

describe("synonyms", () => {
  it("compile to analysed entries that find each other (or, one way, from the first entry only)", () => {
    const table = compileSynonyms([
      { terms: ["TV", "Televisions"], one_way: false },
      { terms: ["otr", "over the range"], one_way: true },
      { terms: ["2 inch", "2in"], one_way: false },
    ]);
    expect(table.map.get("tv")).toEqual([["television"]]);
    expect(table.map.get("television")).toEqual([["tv"]]);
    expect(table.map.get("otr")).toEqual([["over", "range"]]);
    expect(table.map.has("over range")).toBe(false);
    // "2 inch" and "2in" are the same entry: nothing to add.
    expect(table.map.has("2in")).toBe(false);
    expect(table.maxWords).toBe(1);
  });

  it("report entries without a searchable word or with too many words", () => {
    expect(
      synonymErrors([
        { terms: ["ok", "--"], one_way: false },
        { terms: ["red green blue cyan pink", "rainbow"], one_way: false },
      ]),
    ).toEqual([
      { loc: ["body", "synonyms", 0, "terms", 1], msg: "has no searchable word" },
      { loc: ["body", "synonyms", 1, "terms", 0], msg: "at most 4 words" },
    ]);
  });
});
