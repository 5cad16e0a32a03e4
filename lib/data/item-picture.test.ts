import { describe, expect, it } from "vitest";
import { itemPictureSvg } from "./item-picture";

const mug = {
  item_id: "85123A",
  item_name: "Red Heart <Mug> & Co",
  categories: [
    { category_level: "category_level_0", category_name: "Home" },
    { category_level: "category_level_1", category_name: "Kitchen" },
  ],
  attributes: [{ attribute_name: "attribute_color", attribute_value: "red" }],
};

describe("synthetic item pictures", () => {
  it("are the same for the same item, labelled synthetic, with the name escaped", () => {
    const svg = itemPictureSvg(mug);
    expect(itemPictureSvg(mug)).toBe(svg);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain("synthetic picture");
    expect(svg).toContain("<title>Synthetic picture of Red Heart &lt;Mug&gt; &amp; Co (Kitchen)</title>");
    expect(svg).not.toContain("<Mug>");
  });

  it("fill the shape with the item's colour and draw its category's shape", () => {
    expect(itemPictureSvg(mug)).toContain('fill="#dc2626"');
    const blue = itemPictureSvg({
      ...mug,
      attributes: [{ attribute_name: "attribute_color", attribute_value: "blue" }],
    });
    expect(blue).toContain('fill="#2563eb"');
    const shapeOf = (svg: string) => /<g [^>]*>(.*?)<\/g>/.exec(svg)?.[1];
    // Same category: same shape; the categories of the demo shop do not all look alike.
    expect(shapeOf(blue)).toBe(shapeOf(itemPictureSvg(mug)));
    const shapes = new Set(
      ["Christmas", "Bags", "Kitchen", "Stationery", "Garden", "Storage", "Textiles", "Jewellery"].map((name) =>
        shapeOf(itemPictureSvg({ ...mug, categories: [{ category_level: "category_level_1", category_name: name }] })),
      ),
    );
    expect(shapes.size).toBeGreaterThan(3);
  });

  it("draw an item without category or colour too", () => {
    const svg = itemPictureSvg({ item_id: "X", item_name: "", categories: null, attributes: "nope" });
    expect(svg).toContain("<title>Synthetic picture of X</title>");
    expect(svg).toMatch(/fill="hsl\(\d+ 65% 55%\)"/);
  });
});
