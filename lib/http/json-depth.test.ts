import { describe, expect, it } from "vitest";
import { tooDeep } from "./json-depth";

const nest = (depth: number) => {
  let value: unknown = "x";
  for (let i = 0; i < depth; i++) value = { a: [value] };
  return value;
};

describe("tooDeep", () => {
  it("takes documents up to the cap and names the first place beyond it", () => {
    expect(tooDeep({ a: 1, b: [1, { c: null }] }, 3)).toBeUndefined();
    expect(tooDeep({ a: 1, b: [1, { c: [] }] }, 3)).toEqual(["b", 1, "c"]);
    expect(tooDeep("text", 1)).toBeUndefined();
    // { a: [ ... ] } is two levels per step.
    expect(tooDeep(nest(32), 64)).toBeUndefined();
    expect(tooDeep(nest(33), 64)).toHaveLength(64);
  });

  it("walks a million levels without recursion", () => {
    let value: unknown = 1;
    for (let i = 0; i < 1_000_000; i++) value = [value];
    expect(tooDeep(value, 64)).toHaveLength(64);
  });
});
