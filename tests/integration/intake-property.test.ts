/**
 * Property: no intake batch yields a 5xx or loses a valid record. fast-check draws small batches of
 * items, customers, events and discounts with unicode edge cases (NUL, lone surrogates, BOM,
 * noncharacters, long text), extreme numbers, dates from year 1 to 9999 and malformed ones, and
 * ids from a small pool (duplicates within and across batches), and sends them through the real
 * route handlers. The intake schema is the oracle of validity: every record it accepts must be
 * stored (reported in no error), every record it refuses must be reported, `upserted` must count
 * the rows written, and the stored rows must hold what a model applying the accepted records in
 * order (last one wins, field by field) holds.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as customers from "@/app/api/latest/data/customers/route";
import * as discounts from "@/app/api/latest/data/discounts/route";
import * as events from "@/app/api/latest/data/events/route";
import * as items from "@/app/api/latest/data/items/route";
import { getDataOverview } from "@/lib/data/get-data-overview";
import { type IntakeKind, RECORD_SCHEMAS, type TEventInput } from "@/lib/data/schemas";
import { db, getDatabase } from "@/lib/db/client";
import { call, tokenFor } from "./http";

const RUNS = 60;

const ROUTES = { items: items.POST, customers: customers.POST, events: events.POST, discounts: discounts.POST };

/** Mostly valid values, sometimes one the schema must refuse: about half of the records pass. */
const mix = <T, U>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<U>, badWeight = 1) =>
  fc.oneof({ weight: 14, arbitrary: good }, { weight: badWeight, arbitrary: bad });
/** Sometimes a value of the wrong type. */
const junk = fc.constantFrom(null, true, [], {}, 1, "1");

const GOOD_TEXT = [
  "",
  " ",
  "😀",
  "e\u0301",
  "\ufeffBOM",
  "\uffff\ufffe",
  "\u200b",
  "'\";-- \\",
  "\\u0000",
  "é".repeat(200),
];
const BAD_TEXT = ["\u0000", "a\u0000b", "\ud83d", "\ude00", "x\ud83d", "\ude00\ud83d", "x".repeat(2001)];
/** Any code point but half surrogates; 'binary' draws NUL now and then too. */
const goodText = fc.oneof(
  fc.constantFrom(...GOOD_TEXT),
  fc.string({
    unit: fc.oneof(
      fc.string({ unit: "binary", minLength: 1, maxLength: 1 }).filter((c) => c !== "\u0000"),
      fc.constant("😀"),
    ),
    maxLength: 12,
  }),
);
const badText = fc.oneof(
  fc.constantFrom(...BAD_TEXT),
  fc
    .string({
      unit: fc.constantFrom("a", "\u0000", "\ud800", "\udbff", "\udc00", "\udfff"),
      minLength: 1,
      maxLength: 6,
    })
    .filter((t) => t.includes("\u0000") || /\p{Cs}/u.test(t)),
  junk,
);
const text = mix(goodText, badText);

const INT4 = 2147483647;
const BAD_NUMBERS = [-1, 1.5, 2147483648, -2147483649, 1e12 + 1, 1e15, 2 ** 53 + 2, 1e308, -1e308, Number.MAX_VALUE];
const count = mix(
  fc.oneof(fc.constantFrom(0, 1, INT4), fc.integer({ min: 0, max: INT4 })),
  fc.constantFrom(...BAD_NUMBERS, "7", null),
);
const amount = mix(
  fc.oneof(fc.constantFrom(0, -0, 5e-324, 0.1 + 0.2, 1e12), fc.double({ min: 0, max: 1e12, noNaN: true })),
  fc.constantFrom(...BAD_NUMBERS, "12.5", null),
);
const GOOD_DATES = [
  "1000-01-01",
  "1000-01-01T00:00:00",
  "2024-02-29T12:00:00",
  "2026-01-01T10:00:00",
  "2026-01-01T10:00:00Z",
  "2026-03-01T10:00:00.123456",
  "1970-01-01T00:00:00Z",
  "9999-12-31T23:59:59",
];
const BAD_DATES = [
  "0050-01-01",
  "0999-12-31T23:59:59",
  "0000-01-01",
  "2026-02-29",
  "2026-13-01",
  "2026-01-01T24:00:00",
  "10000-01-01",
  "9999-12-31T23:00:00-05:00",
  "",
  "yesterday",
];
const date = mix(
  fc.oneof(
    fc.constantFrom(...GOOD_DATES),
    fc
      .date({ min: new Date("1000-01-01T00:00:00Z"), max: new Date("9999-12-31T23:59:59Z"), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 19)),
  ),
  fc.oneof(
    fc.constantFrom(...BAD_DATES),
    fc
      .date({ min: new Date("0001-01-01T00:00:00Z"), max: new Date("0999-12-31T23:59:59Z"), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 19)),
  ),
);
/** A small pool of ids: duplicates within and across batches, a padded twin (trimmed to the same id), refused ones. */
const idFrom = (prefix: string) =>
  mix(
    fc.constantFrom(`${prefix}1`, `${prefix}2`, `${prefix}3`, ` ${prefix}1 `, `${prefix}😀`),
    fc.constantFrom(`${prefix}\u0000`, `${prefix}\ud83d`, "", " ", `${prefix}${"x".repeat(200)}`),
  );
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 3 });

function record<T extends Record<string, fc.Arbitrary<unknown>>>(fields: T, required: (keyof T)[]) {
  return fc
    .record(fields, { requiredKeys: required as (keyof T & string)[] })
    .map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)));
}

const itemRecord = record(
  {
    item_id: idFrom("pp-i"),
    item_name: text,
    alternative_id: mix(fc.oneof(goodText, fc.constant(null)), badText),
    stock: fc.oneof(count, fc.constant(null)),
    product_price: amount,
    is_active: mix(fc.boolean(), junk),
    date_added: date,
    images: fc.array(text, { maxLength: 2 }),
    attributes: fc.array(
      fc.record({
        attribute_name: mix(
          fc.constantFrom("attribute_color", "attribute_size"),
          fc.constantFrom("Colour", "attribute_\u0000"),
        ),
        attribute_value: mix(
          fc.oneof(goodText, fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean()),
          badText,
        ),
      }),
      { maxLength: 3 },
    ),
    categories: fc.array(
      fc.record({
        category_level: mix(fc.constantFrom("category_level_0", "category_level_4"), fc.constant("level_9")),
        category_name: text,
      }),
      { maxLength: 2 },
    ),
    custom: fc.array(mix(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom({ "\u0000": 1 }, ["\ud83d"])), {
      maxLength: 2,
    }),
    additional_item_data: fc.dictionary(
      mix(goodText, fc.constantFrom("\u0000", "k\udc00")),
      fc.oneof(text, fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(null)),
      { maxKeys: 3 },
    ),
  },
  ["item_id"],
);

const customerRecord = record(
  {
    customer_id: idFrom("pp-c"),
    first_name: text,
    city: text,
    age: mix(fc.oneof(fc.integer({ min: 0, max: 130 }), fc.constant(null)), fc.constantFrom(-1, 131, 2147483648, 1.5)),
    email: mix(fc.constantFrom("ann@example.com", null), fc.constantFrom("bad", "x\u0000@example.com")),
    segment_id: mix(fc.constantFrom("gold", ""), fc.constantFrom("gold\u0000", "a b")),
    email_consent: mix(fc.boolean(), junk),
    cookie_ids: fc.array(idFrom("pp-k"), { maxLength: 3 }),
  },
  ["customer_id"],
);

const eventRecord = fc
  .tuple(
    record(
      {
        event_id: optional(idFrom("pp-e")),
        event_type: mix(
          fc.constantFrom("view", "add_to_cart", "purchase", "purchase", "purchase", "click", "search"),
          fc.constant("refund"),
        ),
        customer_id: idFrom("pp-c"),
        cookie_id: optional(idFrom("pp-k")),
        item_id: idFrom("pp-i"),
        order_id: optional(mix(fc.constantFrom("pp-o1", "pp-o2"), fc.constant("pp-o\u0000"))),
        quantity: optional(mix(fc.constantFrom(1, 2, 1_000_000), fc.constantFrom(0, 1_000_001, 2147483648, 1.5))),
        price: optional(amount),
        timestamp: mix(fc.constantFrom("2026-01-01T10:00:00", "2026-01-01T10:00:00Z"), date, 14),
        term: text,
      },
      ["event_type", "timestamp", "term"],
    ),
    fc.boolean(),
  )
  .map(([e, byCookie]) => {
    // Half the events come with a cookie only (a visitor, or a customer through a linked cookie).
    if (!byCookie) return e;
    const { customer_id: _customer, ...rest } = e;
    return { ...rest, cookie_id: e.cookie_id ?? "pp-k1" };
  });

const discountRecord = record(
  {
    discount_id: idFrom("pp-d"),
    discount_name: text,
    leaflet_id: mix(fc.constantFrom("pp-l", ""), badText),
    item_ids: fc.array(idFrom("pp-i"), { maxLength: 3 }),
    discount_percent: mix(
      fc.oneof(fc.double({ min: 0, max: 100, noNaN: true }), fc.constantFrom(0, 100)),
      fc.constantFrom(-1, 100.5, 1e308),
    ),
    valid_from: fc.oneof(date, fc.constant(null)),
    valid_to: fc.oneof(date, fc.constant(null)),
  },
  ["discount_id"],
);

const batch = (arb: fc.Arbitrary<Record<string, unknown>>) => fc.array(arb, { minLength: 1, maxLength: 6 });

/** Sends a batch and checks the answer against the schema: exactly the refused records are reported. */
async function send(kind: IntakeKind, records: Record<string, unknown>[]) {
  const token = await tokenFor("advanced");
  const res = await call(ROUTES[kind], { path: `/data/${kind}`, token, body: { [kind]: records } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const accepted: { index: number; data: Record<string, unknown> }[] = [];
  const refused: number[] = [];
  for (const [index, r] of records.entries()) {
    const parsed = RECORD_SCHEMAS[kind].safeParse(r);
    if (parsed.success) accepted.push({ index, data: parsed.data as Record<string, unknown> });
    else refused.push(index);
  }
  expect(res.body.received).toBe(records.length);
  expect(
    res.body.errors.map((e: { index: number }) => e.index),
    JSON.stringify(res.body.errors),
  ).toEqual(refused);
  return { accepted, upserted: res.body.upserted as number };
}

/** Applies accepted records to a model of the table: fields present are written, the last one wins. */
function apply(
  model: Map<string, Record<string, unknown>>,
  key: string,
  accepted: { data: Record<string, unknown> }[],
) {
  const ids = new Set<string>();
  for (const { data } of accepted) {
    const id = String(data[key]);
    ids.add(id);
    model.set(id, { ...model.get(id), ...data });
  }
  return ids;
}

const json = (v: unknown) => (v instanceof Date ? v.getTime() : JSON.parse(JSON.stringify(v ?? null)));

function expectFields(
  stored: Record<string, unknown> | undefined,
  expected: Record<string, unknown>,
  fields: string[],
) {
  expect(stored, `row of ${JSON.stringify(expected)}`).toBeDefined();
  for (const f of fields) {
    if (!(f in expected)) continue;
    expect(json(stored?.[f]), `${f} of ${JSON.stringify(expected)}`).toEqual(json(expected[f]));
  }
}

describe("intake never answers 5xx and never loses a valid record (property)", () => {
  it("items", async () => {
    const model = new Map<string, Record<string, unknown>>();
    const prisma = await db();
    await fc.assert(
      fc.asyncProperty(batch(itemRecord), async (records) => {
        const { accepted, upserted } = await send("items", records);
        const ids = apply(model, "item_id", accepted);
        expect(upserted).toBe(ids.size);
        const rows = await prisma.item.findMany({ where: { item_id: { in: [...ids] } } });
        for (const id of ids) {
          expectFields(
            rows.find((r) => r.item_id === id),
            model.get(id) as Record<string, unknown>,
            [
              "item_name",
              "alternative_id",
              "stock",
              "product_price",
              "is_active",
              "date_added",
              "images",
              "attributes",
              "categories",
              "custom",
              "additional_item_data",
            ],
          );
        }
      }),
      { numRuns: RUNS },
    );
  });

  it("customers, and their cookies", async () => {
    const model = new Map<string, Record<string, unknown>>();
    const owners = new Map<string, string>();
    const prisma = await db();
    await fc.assert(
      fc.asyncProperty(batch(customerRecord), async (records) => {
        const { accepted, upserted } = await send("customers", records);
        const ids = apply(model, "customer_id", accepted);
        for (const { data } of accepted)
          for (const c of (data.cookie_ids as string[]) ?? []) owners.set(c, String(data.customer_id));
        expect(upserted).toBe(ids.size);
        const rows = await prisma.customer.findMany({ where: { customer_id: { in: [...ids] } } });
        for (const id of ids) {
          expectFields(
            rows.find((r) => r.customer_id === id),
            model.get(id) as Record<string, unknown>,
            ["first_name", "city", "age", "email", "segment_id", "email_consent"],
          );
        }
        const cookies = await prisma.customerCookie.findMany({ where: { cookie_id: { in: [...owners.keys()] } } });
        expect(Object.fromEntries(cookies.map((c) => [c.cookie_id, c.customer_id]))).toEqual(
          Object.fromEntries(owners),
        );
      }),
      { numRuns: RUNS },
    );
  });

  it("events: each distinct event stored once, lifetime values and the counter right", async () => {
    const { sql } = await getDatabase();
    const stored = new Set<string>();
    await fc.assert(
      fc.asyncProperty(batch(eventRecord), async (records) => {
        const { accepted, upserted } = await send("events", records);
        // What makes an event distinct (docs/api.md, "Data intake"), not the implementation's hashing.
        const identical = new Map<string, number>();
        let fresh = 0;
        for (const { data } of accepted) {
          const e = data as TEventInput;
          let identity: string;
          if (e.event_id) identity = `id:${e.event_id}`;
          else {
            const content = JSON.stringify([
              e.event_type,
              e.customer_id ?? `cookie:${e.cookie_id}`,
              e.item_id ?? "",
              e.order_id ?? "",
              e.timestamp.toISOString(),
              e.quantity,
              e.price,
            ]);
            const position = e.order_id ? (identical.get(content) ?? 0) : 0;
            identical.set(content, position + 1);
            identity = `${content}#${position}`;
          }
          if (!stored.has(identity)) {
            stored.add(identity);
            fresh++;
          }
        }
        expect(upserted).toBe(fresh);
        const [count] = await sql.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM events WHERE event_id LIKE 'pp-%' OR customer_id LIKE 'pp-%' OR cookie_id LIKE 'pp-%'`,
        );
        expect(count?.n).toBe(stored.size);
      }),
      { numRuns: RUNS },
    );
    const wrong = await sql.query(
      `SELECT c.customer_id FROM customers c
       WHERE abs(c.clv_value - COALESCE((SELECT SUM(quantity * price) FROM events e
                                          WHERE e.customer_id = c.customer_id AND e.event_type = 'purchase'), 0)) > 1e-6 * greatest(1, c.clv_value)`,
    );
    expect(wrong).toEqual([]);
    expect((await getDataOverview()).events).toBe(await (await db()).event.count());
  });

  it("discounts", async () => {
    const model = new Map<string, Record<string, unknown>>();
    const prisma = await db();
    await fc.assert(
      fc.asyncProperty(batch(discountRecord), async (records) => {
        const { accepted, upserted } = await send("discounts", records);
        const ids = apply(model, "discount_id", accepted);
        expect(upserted).toBe(ids.size);
        const rows = await prisma.discount.findMany({ where: { discount_id: { in: [...ids] } } });
        for (const id of ids) {
          expectFields(
            rows.find((r) => r.discount_id === id),
            model.get(id) as Record<string, unknown>,
            ["discount_name", "leaflet_id", "item_ids", "discount_percent", "valid_from", "valid_to"],
          );
        }
      }),
      { numRuns: RUNS },
    );
  });
});
