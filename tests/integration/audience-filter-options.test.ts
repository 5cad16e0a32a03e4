/**
 * The builder's filter options through their route: every list and range checked against the
 * same figures computed here from what the test loaded (a month of Online Retail purchases when
 * the file is there, plus customers and items made here), and the options fed back into the
 * estimate find the customers they were counted for.
 */
import { existsSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import * as estimate from "@/app/api/latest/customer-studio/audiences/estimate/route";
import * as filterOptions from "@/app/api/latest/customer-studio/audiences/filter-options/route";
import * as openapi from "@/app/api/latest/openapi.json/route";
import { OPTIONS_LIMIT, type TFilterOptions } from "@/lib/audiences/filter-options";
import { onlineRetailFile } from "@/lib/data/demo/load-demo";
import { ingestBatch } from "@/lib/data/ingest-batch";
import { call, tokenFor } from "./http";
import { loadRetailSlice } from "./retail-fixture";

const DAY = 86_400_000;
const withRetail = existsSync(onlineRetailFile());

interface Person {
  customer_id: string;
  city?: string;
  country?: string;
  gender?: string;
  age?: number;
  segment_id?: string;
  segment_name?: string;
}
interface Purchase {
  customer_id: string;
  order_id: string;
  quantity: number;
  price: number;
  date: Date;
}
interface Product {
  item_id: string;
  categories: { category_level: string; category_name: string }[];
  attributes: { attribute_name: string; attribute_value: string | number }[];
}

const people: Person[] = [];
const purchases: Purchase[] = [];
const products: Product[] = [];

/** Made-up fields of a retail customer, from its id (cities and genders in several spellings). */
function madeUp(customer_id: string, country: string): Person {
  const n = Number(customer_id);
  const segment = ["seg-a", "seg-b", "seg-c", ""][n % 4]!;
  return {
    customer_id,
    country,
    city: country === "United Kingdom" ? ["London", "LONDON", "Manchester", "leeds", "Leeds", "london"][n % 6] : "",
    gender: ["female", "Male", "male"][n % 3],
    ...(n % 5 === 0 ? {} : { age: 18 + (n % 63) }),
    segment_id: segment,
    segment_name: segment ? `Segment ${segment.slice(4).toUpperCase()}` : "",
  };
}

const HAND_MADE: Person[] = [
  // Spellings no filter value can match (the filter trims what it is given) are not offered.
  { customer_id: "fo-1", city: " Paris", country: "France ", gender: "female", age: 17, segment_id: "seg-a" },
  { customer_id: "fo-2", city: "Paris", country: "France", gender: "FEMALE", age: 99, segment_id: "seg-x" },
  // More than OPTIONS_LIMIT cities: the list is cut and says so.
  ...Array.from({ length: OPTIONS_LIMIT + 5 }, (_, k) => ({
    customer_id: `fo-town-${k}`,
    city: `Town ${String(k).padStart(3, "0")}`,
  })),
];

const HAND_MADE_ITEMS: Product[] = [
  {
    item_id: "fo-item-1",
    categories: [
      { category_level: "category_level_0", category_name: "Home" },
      { category_level: "category_level_1", category_name: "Candles" },
      // The same name twice in one item counts the item once.
      { category_level: "category_level_2", category_name: "Candles" },
    ],
    attributes: [
      { attribute_name: "attribute_color", attribute_value: "RED" },
      { attribute_name: "attribute_brand", attribute_value: "Acme" },
    ],
  },
  {
    item_id: "fo-item-2",
    categories: [
      { category_level: "category_level_0", category_name: "Home" },
      { category_level: "category_level_1", category_name: "Lamps" },
      { category_level: "category_level_2", category_name: "" },
    ],
    attributes: [
      { attribute_name: "attribute_brand", attribute_value: "acme" },
      { attribute_name: "attribute_size", attribute_value: " big" },
      { attribute_name: "attribute_material", attribute_value: "" },
      { attribute_name: "attribute_weight", attribute_value: 5 },
    ],
  },
  {
    item_id: "fo-item-3",
    // Category names match exactly: "home" is not "Home".
    categories: [{ category_level: "category_level_0", category_name: "home" }],
    attributes: [{ attribute_name: "attribute_brand", attribute_value: "Other=X" }],
  },
];

/** Most first, then by value (code points, as the route's COLLATE "C"). */
const byCount = (a: { value: string; count: number }, b: { value: string; count: number }) =>
  b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);

function counted(values: Map<string, number>) {
  const all = [...values].map(([value, count]) => ({ value, count })).sort(byCount);
  return { options: all.slice(0, OPTIONS_LIMIT), truncated: all.length > OPTIONS_LIMIT };
}

/** Customers per value of a text field, case-insensitive, shown as the most frequent spelling. */
function expectedText(field: "city" | "country" | "gender") {
  const groups = new Map<string, Map<string, number>>();
  for (const p of people) {
    const v = p[field] ?? "";
    if (v === "" || v !== v.trim()) continue;
    const spellings = groups.get(v.toLowerCase()) ?? new Map<string, number>();
    spellings.set(v, (spellings.get(v) ?? 0) + 1);
    groups.set(v.toLowerCase(), spellings);
  }
  const totals = new Map<string, number>();
  for (const spellings of groups.values()) {
    const [shown] = [...spellings].map(([value, count]) => ({ value, count })).sort(byCount);
    totals.set(
      shown!.value,
      [...spellings.values()].reduce((s, n) => s + n, 0),
    );
  }
  return counted(totals);
}

function expectedSegments() {
  const sizes = new Map<string, { name: string; size: number }>();
  for (const p of people) {
    if (!p.segment_id) continue;
    const s = sizes.get(p.segment_id) ?? { name: "", size: 0 };
    s.size++;
    if ((p.segment_name ?? "") > s.name) s.name = p.segment_name ?? "";
    sizes.set(p.segment_id, s);
  }
  const list = [...sizes]
    .map(([segment_id, s]) => ({ segment_id, segment_name: s.name || segment_id, size: s.size }))
    .sort((a, b) => b.size - a.size || (a.segment_id < b.segment_id ? -1 : 1));
  return [{ segment_id: "all_customers", segment_name: "All customers", size: people.length }, ...list];
}

/** The customer aggregates as intake defines them, from the purchases loaded. */
function aggregates() {
  const clv = new Map<string, number>();
  const orders = new Map<string, Set<string>>();
  const last = new Map<string, number>();
  for (const p of people) {
    clv.set(p.customer_id, 0);
    orders.set(p.customer_id, new Set());
  }
  for (const b of purchases) {
    clv.set(b.customer_id, clv.get(b.customer_id)! + b.quantity * b.price);
    orders.get(b.customer_id)!.add(b.order_id);
    last.set(b.customer_id, Math.max(last.get(b.customer_id) ?? 0, b.date.getTime()));
  }
  const span = (values: number[]) => ({ min: Math.min(...values), max: Math.max(...values) });
  return {
    age: span(people.filter((p) => p.age !== undefined).map((p) => p.age!)),
    clv: span([...clv.values()]),
    purchases: span([...orders.values()].map((o) => o.size)),
    lastPurchase: span([...last.values()]),
    buyers: last.size,
  };
}

function expectedItemValues(kind: "categories" | "attributes") {
  const counts = new Map<string, number>();
  for (const item of products) {
    const values =
      kind === "categories"
        ? item.categories.map((c) => c.category_name).filter((v) => v !== "")
        : item.attributes
            .map((a) => ({ name: a.attribute_name, value: String(a.attribute_value) }))
            .filter((a) => a.value !== "" && a.value === a.value.trim())
            .map((a) => `${a.name}=${a.value.toLowerCase()}`);
    for (const v of new Set(values)) counts.set(v, (counts.get(v) ?? 0) + 1);
  }
  return counted(counts);
}

let token: string;

beforeAll(async () => {
  token = await tokenFor("user");
  if (withRetail) {
    const { lines, items } = await loadRetailSlice(30);
    const countries = new Map<string, string>();
    for (const l of lines) {
      if (!l.customerId) continue;
      countries.set(l.customerId, l.country);
      purchases.push({
        customer_id: l.customerId,
        order_id: l.invoice,
        quantity: l.quantity,
        price: l.price,
        date: l.date,
      });
    }
    people.push(...[...countries].map(([id, country]) => madeUp(id, country)));
    products.push(...items.map((i) => ({ item_id: i.item_id, categories: [], attributes: i.attributes })));
  }
  people.push(...HAND_MADE);
  products.push(...HAND_MADE_ITEMS);
  for (let i = 0; i < people.length; i += 5000)
    await ingestBatch({ kind: "customers", records: people.slice(i, i + 5000) });
  await ingestBatch({ kind: "items", records: HAND_MADE_ITEMS });
});

describe("audience filter options", () => {
  it("refuses a caller without a token", async () => {
    const res = await call(filterOptions.GET, { path: "/customer-studio/audiences/filter-options" });
    expect(res.status).toBe(401);
  });

  it("answers the data's segments, cities, countries, genders, ranges, categories and attributes", async () => {
    const before = Date.now();
    const res = await call<TFilterOptions>(filterOptions.GET, {
      path: "/customer-studio/audiences/filter-options",
      token,
    });
    const after = Date.now();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const o = res.body;
    expect(o.total_customers).toBe(people.length);
    expect(o.segments).toEqual({ options: expectedSegments(), truncated: false });
    expect(o.countries).toEqual(expectedText("country"));
    expect(o.genders).toEqual(expectedText("gender"));
    expect(o.cities).toEqual(expectedText("city"));
    expect(o.cities.truncated).toBe(true);
    expect(o.cities.options).toHaveLength(OPTIONS_LIMIT);
    // "France " (a trailing space, which no filter value can match) is not counted with "France".
    expect(o.countries.options.find((c) => c.value === "France")?.count).toBe(
      people.filter((p) => p.country === "France").length,
    );
    // "female" and "FEMALE" are one option, counted together, shown as the spelling most customers have.
    const female = people.filter((p) => p.gender?.toLowerCase() === "female");
    expect(o.genders.options.find((g) => g.value.toLowerCase() === "female")?.count).toBe(female.length);

    const want = aggregates();
    expect(o.ranges.age).toEqual(want.age);
    expect(o.ranges["purchases-180-days"]).toEqual(want.purchases);
    expect(o.ranges["customer-lifetime-value"]!.min).toBeCloseTo(want.clv.min, 6);
    expect(o.ranges["customer-lifetime-value"]!.max).toBeCloseTo(want.clv.max, 6);
    const days = o.ranges["days-since-last-purchase"];
    if (withRetail) {
      // Days since the latest purchase, as of the moment the route counted (between before and after).
      expect(days!.min).toBeGreaterThanOrEqual((before - want.lastPurchase.max) / DAY - 1e-6);
      expect(days!.min).toBeLessThanOrEqual((after - want.lastPurchase.max) / DAY + 1e-6);
      expect(days!.max).toBeGreaterThanOrEqual((before - want.lastPurchase.min) / DAY - 1e-6);
      expect(days!.max).toBeLessThanOrEqual((after - want.lastPurchase.min) / DAY + 1e-6);
    } else expect(days).toBeNull();

    expect(o.categories).toEqual(expectedItemValues("categories"));
    expect(o.categories.options.find((c) => c.value === "Home")?.count).toBe(2);
    expect(o.categories.options.find((c) => c.value === "Candles")?.count).toBe(1);
    expect(o.attributes).toEqual(expectedItemValues("attributes"));
    const attributeValues = o.attributes.options.map((a) => a.value);
    expect(attributeValues).toEqual(
      expect.arrayContaining(["attribute_brand=acme", "attribute_weight=5", "attribute_brand=other=x"]),
    );
    expect(attributeValues.some((v) => v.startsWith("attribute_size") || v.startsWith("attribute_material"))).toBe(
      false,
    );
  });

  it("offers values that the filters find: each option's count is the estimate's", async () => {
    const o = (
      await call<TFilterOptions>(filterOptions.GET, { path: "/customer-studio/audiences/filter-options", token })
    ).body;
    const count = async (filter: Record<string, unknown>) => {
      const res = await call(estimate.POST, {
        path: "/customer-studio/audiences/estimate",
        token,
        body: {
          filters: [
            { filter_group: "demographics", values: [{ filter_entity: "customer", filter_order: 0, ...filter }] },
          ],
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.audience_size as number;
    };
    for (const [name, options] of [
      ["city", o.cities.options],
      ["country", o.countries.options],
      ["gender", o.genders.options],
    ] as const) {
      const top = options[0]!;
      expect(await count({ filter_name: name, filter_type: "IN", filter_values: [top.value] }), name).toBe(top.count);
    }
    const segment = o.segments.options[1]!;
    expect(await count({ filter_name: "segment", filter_type: "IN", filter_values: [segment.segment_id] })).toBe(
      segment.size,
    );
    const age = o.ranges.age!;
    expect(
      await count({
        filter_name: "age",
        filter_type: "BETWEEN",
        filter_values: { value_name: "age", min_value: age.min, max_value: age.max },
      }),
    ).toBe(people.filter((p) => p.age !== undefined).length);
    const clv = o.ranges["customer-lifetime-value"]!;
    expect(
      await count({
        filter_name: "customer-lifetime-value",
        filter_type: "BETWEEN",
        filter_values: { value_name: "clv", min_value: clv.min, max_value: clv.max },
      }),
    ).toBe(people.length);
    if (withRetail) {
      // The data's range of days, widened to whole days (and one more: the days grow while the
      // test runs), holds every buyer.
      const days = o.ranges["days-since-last-purchase"]!;
      expect(
        await count({
          filter_name: "days-since-last-purchase",
          filter_type: "BETWEEN",
          filter_values: { value_name: "days", min_value: Math.floor(days.min), max_value: Math.ceil(days.max) + 1 },
        }),
      ).toBe(aggregates().buyers);
    }
  });

  it("is listed in the OpenAPI document", async () => {
    const res = await call(openapi.GET, { path: "/openapi.json", token });
    const path = res.body.paths["/customer-studio/audiences/filter-options"];
    expect(path.get.responses["200"]).toBeDefined();
    expect(JSON.stringify(path.get)).toContain("truncated");
  });
});
