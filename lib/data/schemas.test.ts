import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { eventDedupeKey, eventKeys, legacyDedupeKey } from "./ingest-batch";
import { ZCustomerInput, ZDiscountInput, ZEventInput, ZItemInput } from "./schemas";
import { mergeByKey } from "./upsert-sql";

describe("intake validation", () => {
  it("requires item_id and checks item fields", () => {
    expect(ZItemInput.safeParse({ item_id: "A1" }).success).toBe(true);
    expect(ZItemInput.safeParse({ item_id: " " }).success).toBe(false);
    expect(ZItemInput.safeParse({ item_id: "A1", product_price: -1 }).success).toBe(false);
    expect(
      ZItemInput.safeParse({ item_id: "A1", attributes: [{ attribute_name: "brand", attribute_value: "x" }] }).success,
    ).toBe(false);
    expect(
      ZItemInput.safeParse({ item_id: "A1", categories: [{ category_level: "category_level_7", category_name: "x" }] })
        .success,
    ).toBe(false);
  });

  it("needs customer_id or cookie_id, an item for purchases and a term for searches", () => {
    const base = { event_type: "purchase", timestamp: "2026-01-01T10:00:00" };
    expect(ZEventInput.safeParse({ ...base, item_id: "A" }).success).toBe(false);
    expect(ZEventInput.safeParse({ ...base, customer_id: "c" }).success).toBe(false);
    expect(ZEventInput.safeParse({ ...base, customer_id: "c", item_id: "A" }).success).toBe(true);
    expect(
      ZEventInput.safeParse({ event_type: "search", cookie_id: "k", timestamp: "2026-01-01T10:00:00" }).success,
    ).toBe(false);
    expect(ZEventInput.safeParse({ ...base, customer_id: "c", item_id: "A", timestamp: "01/02/2026" }).success).toBe(
      false,
    );
  });

  it("checks e-mails, phones and discount dates", () => {
    expect(ZCustomerInput.safeParse({ customer_id: "c", email: "nope" }).success).toBe(false);
    expect(ZCustomerInput.safeParse({ customer_id: "c", phone_number: "+44 7700 900123" }).success).toBe(true);
    expect(ZDiscountInput.safeParse({ discount_id: "d", discount_percent: 120 }).success).toBe(false);
  });

  it("dedupes events by event_id, else by content with quantity and price", () => {
    const e = ZEventInput.parse({
      event_type: "view",
      customer_id: "c",
      item_id: "A",
      timestamp: "2026-01-01T10:00:00",
    });
    expect(eventDedupeKey(e)).toBe(eventDedupeKey({ ...e }));
    expect(eventDedupeKey(e)).not.toBe(eventDedupeKey({ ...e, quantity: 3 }));
    expect(eventDedupeKey(e)).not.toBe(eventDedupeKey({ ...e, price: 2 }));
    expect(eventDedupeKey(e)).not.toBe(eventDedupeKey({ ...e, item_id: "B" }));
    expect(eventDedupeKey({ ...e, event_id: "x" })).toBe("id:x");
    // Rows stored before quantity and price joined the key keep theirs.
    expect(legacyDedupeKey(e)).toBe(legacyDedupeKey({ ...e, quantity: 3 }));
    // ... computed as before (type, customer, item, order, timestamp joined by \u0001, SHA-1).
    const before = createHash("sha1").update(["view", "c", "A", "", "2026-01-01T10:00:00.000Z"].join("\u0001"));
    expect(legacyDedupeKey(e)).toBe(`h:${before.digest("hex")}`);
  });

  it("keys identical lines of an order by their position, and nothing else by position", () => {
    const line = ZEventInput.parse({
      event_type: "purchase",
      customer_id: "c",
      item_id: "A",
      order_id: "o-1",
      quantity: 2,
      price: 3,
      timestamp: "2026-01-01T10:00:00",
    });
    const other = { ...line, quantity: 1 };
    const view = ZEventInput.parse({ event_type: "view", customer_id: "c", item_id: "A", timestamp: "2026-01-01" });
    const keys = eventKeys([line, other, line, view, view, { ...line, event_id: "e" }]);
    expect(keys.map((k) => k.dedupe_key)).toEqual([
      eventDedupeKey(line, 0),
      eventDedupeKey(other, 0),
      eventDedupeKey(line, 1),
      eventDedupeKey(view),
      eventDedupeKey(view),
      "id:e",
    ]);
    expect(new Set(keys.slice(0, 3).map((k) => k.dedupe_key)).size).toBe(3);
    // Sending the lines in another order gives the same keys.
    expect(new Set(eventKeys([other, line, line]).map((k) => k.dedupe_key))).toEqual(
      new Set(keys.slice(0, 3).map((k) => k.dedupe_key)),
    );
    // The legacy key goes with the first event of its content only.
    expect(keys.map((k) => k.legacy_key)).toEqual([
      legacyDedupeKey(line),
      undefined,
      undefined,
      legacyDedupeKey(view),
      undefined,
      undefined,
    ]);
  });

  it("merges records with the same key, later fields winning", () => {
    expect(mergeByKey([{ id: "a", x: 1 }, { id: "b" }, { id: "a", y: 2 }], "id")).toEqual([
      { id: "a", x: 1, y: 2 },
      { id: "b" },
    ]);
  });
});
