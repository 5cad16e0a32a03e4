import { describe, expect, it } from "vitest";
import { mergeList } from "./merge-lists";

const attr = (name: string, value: string) => ({ attribute_name: `attribute_${name}`, attribute_value: value });
const cat = (level: number, name: string) => ({
  category_level: `category_level_${level}`,
  category_name: name,
  category_type: "",
});

describe("mergeList", () => {
  it("replaces the entries of the keys the patch names, in place, and keeps the others", () => {
    expect(mergeList([attr("color", "red"), attr("size", "L")], [attr("color", "blue")], "attribute_name")).toEqual([
      attr("color", "blue"),
      attr("size", "L"),
    ]);
  });

  it("adds entries of new keys at the end, in the patch's order", () => {
    expect(mergeList([attr("size", "L")], [attr("material", "oak"), attr("color", "red")], "attribute_name")).toEqual([
      attr("size", "L"),
      attr("material", "oak"),
      attr("color", "red"),
    ]);
  });

  it("replaces every stored entry of a level by the patch's entries of that level", () => {
    expect(
      mergeList(
        [cat(0, "Home"), cat(1, "Candles"), cat(1, "Gifts"), cat(2, "Tea lights")],
        [cat(1, "Lamps")],
        "category_level",
      ),
    ).toEqual([cat(0, "Home"), cat(1, "Lamps"), cat(2, "Tea lights")]);
  });

  it("starts from an empty list when nothing (or no list) is stored", () => {
    expect(mergeList(undefined, [attr("color", "red")], "attribute_name")).toEqual([attr("color", "red")]);
    expect(mergeList({ not: "a list" }, [attr("color", "red")], "attribute_name")).toEqual([attr("color", "red")]);
    expect(mergeList([attr("color", "red")], [], "attribute_name")).toEqual([attr("color", "red")]);
  });
});
