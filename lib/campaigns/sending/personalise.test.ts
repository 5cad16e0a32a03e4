import { describe, expect, it } from "vitest";
import { fill, productsOf, usesProducts, valuesFor, vocativeOf } from "./personalise";

const person = { customer_id: "c1", first_name: "Jana", last_name: "Nováková", vocative_name: "" };
const products = [
  {
    item_id: "teapot",
    name: "Teapot",
    url: "https://shop.example/teapot",
    price: 12.5,
    image: "https://shop.example/teapot.jpg",
  },
  { item_id: "cups", name: "Cups", url: "https://shop.example/cups", price: 3, image: "https://shop.example/cups.jpg" },
];

describe("personalisation", () => {
  it("fills the customer's names; the vocative is the stored one, else the first name", () => {
    expect(vocativeOf(person)).toBe("Jana");
    expect(vocativeOf({ ...person, vocative_name: "Jano" })).toBe("Jano");
    expect(vocativeOf({ ...person, vocative_name: "  " })).toBe("Jana");
    const values = valuesFor({ person: { ...person, vocative_name: "Jano" }, products });
    expect(fill("Dear {ph_customer.vocative_name} ({ph_customer.first_name} {ph_customer.last_name})", values)).toBe(
      "Dear Jano (Jana Nováková)",
    );
  });

  it("fills products 1-5 with name, url, price (two decimals) and image; missing ones are empty", () => {
    const values = valuesFor({ person, products });
    expect(
      fill(
        "{ph_product_1.name} {ph_product_1.price} {ph_product_1.url} {ph_product_1.image} | {ph_product_2.price}",
        values,
      ),
    ).toBe("Teapot 12.50 https://shop.example/teapot https://shop.example/teapot.jpg | 3.00");
    expect(fill("[{ph_product_3.name}][{ph_product_5.url}]", values)).toBe("[][]");
  });

  it("replaces every occurrence and leaves other braces alone", () => {
    const values = valuesFor({ person, products });
    expect(fill("{ph_customer.first_name}, {ph_customer.first_name}! {price} {ph_unknown.x}", values)).toBe(
      "Jana, Jana! {price} {ph_unknown.x}",
    );
  });

  it("knows when a text needs products", () => {
    expect(usesProducts(["Hi {ph_customer.first_name}"])).toBe(false);
    expect(usesProducts(["", "See {ph_product_2.url}"])).toBe(true);
  });

  it("a group's products: pinned ones first, then the customer's own (personalised) or the best sellers (not)", () => {
    const item = (id: string) => ({ item_id: id, name: id, url: `https://shop.example/${id}`, price: 1, image: "" });
    const own = ["a", "b", "c", "d", "e", "f"].map(item);
    const shared = { pinned: [item("c"), item("x")], popular: ["p1", "x", "p2", "p3", "p4"].map(item) };
    const ids = (list: { item_id: string }[]) => list.map((p) => p.item_id);
    expect(
      ids(productsOf({ is_personalized: true, recommended_products: [] }, own, { pinned: [], popular: [] })),
    ).toEqual(["a", "b", "c", "d", "e"]);
    expect(ids(productsOf({ is_personalized: true, recommended_products: ["c", "x"] }, own, shared))).toEqual([
      "c",
      "x",
      "a",
      "b",
      "d",
    ]);
    expect(ids(productsOf({ is_personalized: false, recommended_products: ["c", "x"] }, own, shared))).toEqual([
      "c",
      "x",
      "p1",
      "p2",
      "p3",
    ]);
  });
});
