/**
 * Audiences through their routes: exact funnel counts (against counts computed here from the
 * Online Retail slice itself), refusals, draft-only edits, static against dynamic after new
 * events, customer lists of audiences and segments with recommended products.
 */
import { existsSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import * as customersOf from "@/app/api/latest/customer-studio/audiences/[audience_id]/customers/route";
import * as recalculate from "@/app/api/latest/customer-studio/audiences/[audience_id]/recalculate/route";
import * as oneAudience from "@/app/api/latest/customer-studio/audiences/[audience_id]/route";
import * as estimate from "@/app/api/latest/customer-studio/audiences/estimate/route";
import * as audiences from "@/app/api/latest/customer-studio/audiences/route";
import * as customers from "@/app/api/latest/data/customers/route";
import * as events from "@/app/api/latest/data/events/route";
import { onlineRetailFile } from "@/lib/data/demo/load-demo";
import type { RetailLine } from "@/lib/data/demo/read-online-retail";
import { ingestBatch } from "@/lib/data/ingest-batch";
import { call, tokenFor } from "./http";
import { loadRetailSlice } from "./retail-fixture";

let token: string;
let lines: RetailLine[] = [];
const DAY = 86_400_000;

const group = (filter_group: string, order: number, values: unknown[], next = "AND") => ({
  filter_group,
  filter_group_order: order,
  next_group_connector: next,
  values,
});

/** UK customers; then who bought 85123A in 30 days, or a red item in 60 days. */
const FUNNEL = [
  group("demographics", 0, [
    {
      filter_name: "country",
      filter_entity: "customer",
      filter_type: "IN",
      filter_order: 0,
      filter_values: ["United Kingdom"],
    },
  ]),
  group("product-focused-filters", 1, [
    {
      filter_name: "purchased",
      filter_entity: "product_id",
      filter_type: "IN",
      filter_order: 0,
      filter_value_connector: "OR",
      filter_values: ["85123A"],
      period_days: 30,
    },
    {
      filter_name: "purchased",
      filter_entity: "attribute",
      filter_type: "IN",
      filter_order: 1,
      filter_values: ["attribute_color=red"],
      period_days: 60,
    },
  ]),
];

/** The same funnel computed here from the slice's lines. */
function expectedFunnel(now: number) {
  const country = new Map<string, string>();
  for (const l of lines) if (l.customerId) country.set(l.customerId, l.country);
  const boughtSince = (days: number, match: (l: RetailLine) => boolean) =>
    new Set(
      lines.filter((l) => l.customerId && l.date.getTime() >= now - days * DAY && match(l)).map((l) => l.customerId),
    );
  const uk = new Set([...country].filter(([, c]) => c === "United Kingdom").map(([id]) => id));
  const heart = boughtSince(30, (l) => l.stockCode === "85123A");
  const red = boughtSince(60, (l) => /\bRED\b/.test(l.description));
  const step2 = [...uk].filter((c) => heart.has(c)).length;
  const step3 = [...uk].filter((c) => heart.has(c) || red.has(c)).length;
  return { total: country.size, uk: uk.size, step2, step3 };
}

describe.runIf(existsSync(onlineRetailFile()))("audiences on Online Retail data", () => {
  beforeAll(async () => {
    token = await tokenFor("user");
    ({ lines } = await loadRetailSlice(90));
    const seen = new Map<string, string>();
    for (const l of lines) if (l.customerId) seen.set(l.customerId, l.country);
    const records = [...seen].map(([customer_id, country]) => ({ customer_id, country }));
    for (let i = 0; i < records.length; i += 5000)
      await ingestBatch({ kind: "customers", records: records.slice(i, i + 5000) });
  });

  it("estimates the funnel with exact counts per filter", async () => {
    const res = await call(estimate.POST, {
      path: "/customer-studio/audiences/estimate",
      token,
      body: { filters: FUNNEL },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const want = expectedFunnel(Date.now());
    expect(want.step3).toBeGreaterThan(want.step2);
    const [uk] = res.body.filters[0].values;
    const [heart, red] = res.body.filters[1].values;
    expect(res.body.total_customers).toBe(want.total);
    expect(uk).toMatchObject({ count_before: want.total, count_now: want.uk });
    expect(uk.filtered_percentage).toBe(((want.uk / want.total) * 100).toFixed(2));
    expect(heart).toMatchObject({ count_before: want.uk, count_now: want.step2 });
    expect(red).toMatchObject({ count_before: want.step2, count_now: want.step3 });
    expect(res.body.audience_size).toBe(want.step3);
  });

  it("counts an all-AND funnel exactly (each customer placed at its first failing filter)", async () => {
    const allAnd = structuredClone(FUNNEL) as { values: Record<string, unknown>[] }[];
    allAnd[1]!.values[0]!.filter_value_connector = "AND";
    const res = await call(estimate.POST, {
      path: "/customer-studio/audiences/estimate",
      token,
      body: { filters: allAnd },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const now = Date.now();
    const country = new Map<string, string>();
    for (const l of lines) if (l.customerId) country.set(l.customerId, l.country);
    const bought = (days: number, match: (l: RetailLine) => boolean) =>
      new Set(
        lines.filter((l) => l.customerId && l.date.getTime() >= now - days * DAY && match(l)).map((l) => l.customerId),
      );
    const uk = [...country].filter(([, c]) => c === "United Kingdom").map(([id]) => id);
    const heart = bought(30, (l) => l.stockCode === "85123A");
    const red = bought(60, (l) => /\bRED\b/.test(l.description));
    const step2 = uk.filter((c) => heart.has(c));
    const step3 = step2.filter((c) => red.has(c));
    expect(step3.length).toBeGreaterThan(0);
    expect(step3.length).toBeLessThan(step2.length);
    const counts = res.body.filters.flatMap((g: { values: { count_before: number; count_now: number }[] }) =>
      g.values.map((v) => [v.count_before, v.count_now]),
    );
    expect(counts).toEqual([
      [country.size, uk.length],
      [uk.length, step2.length],
      [step2.length, step3.length],
    ]);
    expect(res.body.audience_size).toBe(step3.length);
  });

  it("creates a static audience whose members are those counted, listed with recommended products", async () => {
    const res = await call(audiences.POST, {
      path: "/customer-studio/audiences",
      token,
      body: {
        audience_name: "UK heart or red buyers",
        status: "created",
        is_dynamic: false,
        recommendations_export: {
          export_type: "recommender",
          recommendations_type: "default",
          number_of_recommendations: 3,
        },
        filters: FUNNEL,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.audience_id).toMatch(/^audience-id-[0-9a-f]{32}$/);
    expect(res.body).toMatchObject({ status: "created", is_ready: true, is_uploaded: false });
    const size = expectedFunnel(Date.now()).step3;
    expect(res.body.audience_size).toBe(size);
    const list = await call(customersOf.GET, {
      params: { audience_id: res.body.audience_id },
      query: { offset: "0", limit: "5" },
      token,
    });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.count).toBe(size);
    const row = list.body.customers[0];
    expect(Object.keys(row)).toEqual(
      expect.arrayContaining(["customer_id", "first_name", "segment_name", "clv_value", "product_1", "product_10"]),
    );
    expect(row.product_1).toEqual(expect.any(String));
    expect(row.product_3).toEqual(expect.any(String));
    expect(row.product_4).toBeNull();
    // A created audience is not edited.
    const put = await call(audiences.PUT, {
      method: "PUT",
      path: "/customer-studio/audiences",
      token,
      body: { audience_id: res.body.audience_id, audience_name: "renamed", filters: [] },
    });
    expect(put.status).toBe(409);
    expect(put.body.code).toBe("not_draft");
  });
});

describe("audiences", () => {
  beforeAll(async () => {
    token ??= await tokenFor("user");
    const res = await call(customers.POST, {
      path: "/data/customers",
      token: await tokenFor("advanced"),
      body: {
        customers: [
          { customer_id: "au-1", age: 25, city: "Paris", sms_consent: true, segment_id: "au-seg", segment_name: "AU" },
          { customer_id: "au-2", age: 35, city: "paris", sms_consent: false, segment_id: "au-seg", segment_name: "AU" },
          { customer_id: "au-3", age: 45, city: "Lyon", sms_consent: true },
        ],
      },
    });
    expect(res.status).toBe(200);
  });

  const paris = [
    group("demographics", 0, [
      { filter_name: "city", filter_type: "IN", filter_order: 0, filter_values: ["PARIS"] },
      { filter_name: "sms_consent", filter_type: "IN", filter_order: 1, filter_values: ["True"] },
    ]),
  ];

  it("refuses a bad filter with 422 naming it, and saves nothing", async () => {
    const before = await call(audiences.GET, { path: "/customer-studio/audiences", token });
    const res = await call(audiences.POST, {
      path: "/customer-studio/audiences",
      token,
      body: {
        audience_name: "bad",
        filters: [group("demographics", 0, [{ filter_name: "age", filter_type: "IN", filter_values: ["old"] }])],
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].loc).toEqual(["body", "filters", 0, "values", 0, "filter_values"]);
    const after = await call(audiences.GET, { path: "/customer-studio/audiences", token });
    expect(after.body.count).toBe(before.body.count);
  });

  it("edits a draft, reads, lists, deletes", async () => {
    const created = await call(audiences.POST, {
      path: "/customer-studio/audiences",
      token,
      body: { audience_name: "Paris", filters: paris },
    });
    expect(created.status).toBe(201);
    const id = created.body.audience_id;
    expect(created.body).toMatchObject({ status: "draft", audience_size: 1 });
    const put = await call(audiences.PUT, {
      method: "PUT",
      path: "/customer-studio/audiences",
      token,
      body: {
        audience_id: id,
        audience_name: "Paris, any consent",
        filters: [group("demographics", 0, [paris[0]!.values[0]])],
      },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ audience_name: "Paris, any consent", audience_size: 2 });
    const got = await call(oneAudience.GET, { params: { audience_id: id }, token });
    expect(got.body.filters[0].values[0]).toMatchObject({ count_before: expect.any(Number), count_now: 2 });
    const listed = await call(audiences.GET, {
      path: "/customer-studio/audiences",
      query: { search: "any consent" },
      token,
    });
    expect(listed.body.audiences.map((a: { audience_id: string }) => a.audience_id)).toEqual([id]);
    const deleted = await call(oneAudience.DELETE, { method: "DELETE", params: { audience_id: id }, token });
    expect(deleted.body.message).toContain(id);
    expect((await call(oneAudience.GET, { params: { audience_id: id }, token })).status).toBe(404);
    const missing = await call(audiences.PUT, {
      method: "PUT",
      path: "/customer-studio/audiences",
      token,
      body: { audience_id: id, audience_name: "x", filters: [] },
    });
    expect(missing.status).toBe(404);
  });

  it("a static audience keeps its members; a dynamic one follows new data on recalculation", async () => {
    const make = async (is_dynamic: boolean) =>
      (
        await call(audiences.POST, {
          path: "/customer-studio/audiences",
          token,
          body: { audience_name: `Paris ${is_dynamic}`, status: "created", is_dynamic, filters: paris },
        })
      ).body;
    const fixed = await make(false);
    const moving = await make(true);
    expect([fixed.audience_size, moving.audience_size]).toEqual([1, 1]);
    // au-2 gives consent.
    await call(customers.POST, {
      path: "/data/customers",
      token: await tokenFor("advanced"),
      body: { customers: [{ customer_id: "au-2", sms_consent: true }] },
    });
    const again = await call(recalculate.POST, { params: { audience_id: moving.audience_id }, token, body: {} });
    expect(again.body.audience_size).toBe(2);
    const fixedList = await call(customersOf.GET, { params: { audience_id: fixed.audience_id }, token });
    expect(fixedList.body.customers.map((c: { customer_id: string }) => c.customer_id)).toEqual(["au-1"]);
    const movingList = await call(customersOf.GET, { params: { audience_id: moving.audience_id }, token });
    expect(movingList.body.customers.map((c: { customer_id: string }) => c.customer_id)).toEqual(["au-1", "au-2"]);
    const refused = await call(recalculate.POST, { params: { audience_id: fixed.audience_id }, token, body: {} });
    expect(refused.status).toBe(409);
    // New events do not matter here, but must not break listing.
    await call(events.POST, {
      path: "/data/events",
      token: await tokenFor("advanced"),
      body: {
        events: [{ event_type: "purchase", customer_id: "au-3", item_id: "au-item", timestamp: "2026-01-01T10:00:00" }],
      },
    });
  });

  it("lists a segment's customers, all_customers, and 404 for an unknown id", async () => {
    const seg = await call(customersOf.GET, { params: { audience_id: "au-seg" }, token });
    expect(seg.body.customers.map((c: { customer_id: string }) => c.customer_id)).toEqual(["au-1", "au-2"]);
    expect(seg.body.customers[0]).toMatchObject({ segment_name: "AU", city: "Paris", age: 25 });
    const all = await call(customersOf.GET, { params: { audience_id: "all_customers" }, query: { limit: "1" }, token });
    expect(all.body.count).toBeGreaterThanOrEqual(3);
    expect((await call(customersOf.GET, { params: { audience_id: "no-such-segment" }, token })).status).toBe(404);
  });
});
