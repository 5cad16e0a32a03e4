import { describe, expect, it } from "vitest";
import { csvRowToRecord, unknownColumns } from "./csv-record";

describe("csvRowToRecord", () => {
  it("leaves empty cells out so stored values are kept", () => {
    expect(csvRowToRecord("items", { item_id: "sku-1", item_name: "", product_price: "  " })).toEqual({
      item_id: "sku-1",
    });
  });

  it("converts numeric and boolean fields", () => {
    expect(
      csvRowToRecord("items", {
        item_id: "sku-1",
        product_price: "12.50",
        original_price: "15",
        stock: "0",
        is_active: "No",
      }),
    ).toEqual({ item_id: "sku-1", product_price: 12.5, original_price: 15, stock: 0, is_active: false });
    expect(
      csvRowToRecord("customers", { customer_id: "c1", age: "41", email_consent: "yes", sms_consent: "1" }),
    ).toEqual({ customer_id: "c1", age: 41, email_consent: true, sms_consent: true });
    expect(csvRowToRecord("events", { event_type: "purchase", quantity: "3", price: "-1.5e1" })).toEqual({
      event_type: "purchase",
      quantity: 3,
      price: -15,
    });
    expect(csvRowToRecord("discounts", { discount_id: "d1", discount_percent: "20" })).toEqual({
      discount_id: "d1",
      discount_percent: 20,
    });
  });

  it("keeps cells that do not convert as text, for validation to reject", () => {
    expect(
      csvRowToRecord("items", { item_id: "x", product_price: "12,50", is_active: "maybe", stock: "0x10" }),
    ).toEqual({ item_id: "x", product_price: "12,50", is_active: "maybe", stock: "0x10" });
  });

  it("gathers attribute, category and description columns of items", () => {
    expect(
      csvRowToRecord("items", {
        item_id: "sku-1",
        attribute_color: "red",
        attribute_size: "",
        category_level_0: "Home",
        category_level_1: "Candles",
        description: "A candle",
        description_cs: "Svíčka",
        "description_en-GB": "A candle, British",
      }),
    ).toEqual({
      item_id: "sku-1",
      attributes: [{ attribute_name: "attribute_color", attribute_value: "red" }],
      categories: [
        { category_level: "category_level_0", category_name: "Home", category_type: "" },
        { category_level: "category_level_1", category_name: "Candles", category_type: "" },
      ],
      descriptions: [
        { description_language: "", description_value: "A candle" },
        { description_language: "cs", description_value: "Svíčka" },
        { description_language: "en-GB", description_value: "A candle, British" },
      ],
    });
  });

  it("splits list fields on |", () => {
    expect(csvRowToRecord("items", { item_id: "a", images: "https://x/1.jpg| https://x/2.jpg |" }).images).toEqual([
      "https://x/1.jpg",
      "https://x/2.jpg",
    ]);
    expect(csvRowToRecord("customers", { customer_id: "c", cookie_ids: "k1|k2" }).cookie_ids).toEqual(["k1", "k2"]);
    expect(csvRowToRecord("discounts", { discount_id: "d", item_ids: "i1" }).item_ids).toEqual(["i1"]);
  });

  it("reads JSON cells of structured fields and adds flat columns to them", () => {
    const record = csvRowToRecord("items", {
      item_id: "a",
      attributes: '[{"attribute_name":"attribute_size","attribute_value":"L"}]',
      attribute_color: "red",
      custom: '[{"k":1}]',
      images: '["https://x/1.jpg"]',
    });
    expect(record).toEqual({
      item_id: "a",
      attributes: [
        { attribute_name: "attribute_size", attribute_value: "L" },
        { attribute_name: "attribute_color", attribute_value: "red" },
      ],
      custom: [{ k: 1 }],
      images: ["https://x/1.jpg"],
    });
  });

  it("lets a flat column win over the JSON cell's entry of the same name or level", () => {
    const record = csvRowToRecord("items", {
      item_id: "a",
      attributes:
        '[{"attribute_name":"attribute_color","attribute_value":"red"},{"attribute_name":"attribute_size","attribute_value":"L"}]',
      attribute_color: "blue",
      categories: '[{"category_level":"category_level_0","category_name":"Home","category_type":""}]',
      category_level_0: "Garden",
    });
    expect(record.attributes).toEqual([
      { attribute_name: "attribute_color", attribute_value: "blue" },
      { attribute_name: "attribute_size", attribute_value: "L" },
    ]);
    expect(record.categories).toEqual([
      { category_level: "category_level_0", category_name: "Garden", category_type: "" },
    ]);
  });

  it("leaves malformed JSON as text instead of throwing", () => {
    expect(csvRowToRecord("items", { item_id: "a", categories: "[oops", category_level_0: "Home" })).toEqual({
      item_id: "a",
      categories: "[oops",
    });
  });

  it("treats flat item columns as plain fields for other kinds", () => {
    expect(csvRowToRecord("customers", { customer_id: "c", attribute_x: "1" })).toEqual({
      customer_id: "c",
      attribute_x: "1",
    });
  });
});

describe("unknownColumns", () => {
  it("names columns that are not fields of the kind", () => {
    expect(
      unknownColumns("items", [
        "item_id",
        "attribute_color",
        "category_level_4",
        "category_level_5",
        "description_de",
        "colour",
        "colour",
      ]),
    ).toEqual(["category_level_5", "colour"]);
    expect(unknownColumns("events", ["event_type", "timestamp", "customer_id", "sku"])).toEqual(["sku"]);
  });

  it("does not accept flat item columns as NDJSON keys", () => {
    expect(unknownColumns("items", ["item_id", "attribute_color"], "json")).toEqual(["attribute_color"]);
  });
});
