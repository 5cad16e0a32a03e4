/**
 * Smart search through the real route handlers: the content route of smart-search touchpoints
 * (threshold, limit, filter_columns, pagination, matching), the index following the catalog,
 * synonyms, search events and the report.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as events from "@/app/api/latest/data/events/route";
import * as items from "@/app/api/latest/data/items/route";
import * as position from "@/app/api/latest/touchpoint-studio/rules/position/route";
import * as strategies from "@/app/api/latest/touchpoint-studio/rules/strategies/route";
import * as oneTouchpoint from "@/app/api/latest/touchpoint-studio/rules/touchpoints/[touchpoint_id]/route";
import * as touchpoints from "@/app/api/latest/touchpoint-studio/rules/touchpoints/route";
import * as searchReport from "@/app/api/latest/touchpoint-studio/search/report/route";
import * as synonyms from "@/app/api/latest/touchpoint-studio/search/synonyms/route";
import * as content from "@/app/api/latest/touchpoint-studio/touchpoints/[touchpoint_id]/content/route";
import { getDatabase } from "@/lib/db/client";
import { setEnv } from "@/lib/env";
import { startWorkers } from "@/lib/jobs/registry";
import { getCatalog, REFRESH_MS } from "@/lib/search/catalog-index";
import { flushSearchEvents } from "@/lib/search/record-search";
import { call, tokenFor } from "./http";

let token: string;
let writer: string;
let positionId: string;

const CATALOG = [
  { item_id: "S-TBL-1", item_name: "Round Oak Dining Table", product_price: 320 },
  { item_id: "S-TBL-2", item_name: "Glass Coffee Table", product_price: 150 },
  { item_id: "S-TBL-3", item_name: "Table Lamp with Linen Shade", product_price: 45 },
  { item_id: "S-TBL-4", item_name: "Folding Camping Table", product_price: 60 },
  { item_id: "S-BOOK", item_name: "Oak Bookcase", product_price: 210 },
  { item_id: "S-PVC-2", item_name: '2" PVC Pipe, 10 ft.', product_price: 8 },
  { item_id: "S-PVC-H", item_name: "1/2 in. PVC Pipe, 10 ft.", product_price: 4 },
  { item_id: "S-SOFA", item_name: "Leather Sofa", product_price: 900 },
  { item_id: "S-FAUCET", item_name: "Stainless Steel Kitchen Faucet", product_price: 120 },
  {
    item_id: "S-BENCH",
    item_name: "Garden Bench",
    product_price: 99,
    categories: [{ category_level: "category_level_0", category_name: "Outdoor Furniture" }],
    attributes: [{ attribute_name: "attribute_brand", attribute_value: "Acmecorp" }],
    descriptions: [{ description_language: "en", description_value: "A weatherproof teak seat for two." }],
  },
  { item_id: "S-MUG-1", item_name: "Blue Enamel Mug", product_price: 6 },
  { item_id: "S-MUG-2", item_name: "Blue Enamel Mug", product_price: 6 },
  { item_id: "S-HIDDEN", item_name: "Hidden Side Table", is_active: false },
  { item_id: "S-SOLDOUT", item_name: "Sold Out Bedside Table", stock: 0 },
];

const rule = (values: Record<string, string | number>) => ({
  rule_type: "ai-search",
  positions: [],
  values: Object.entries({
    tenant_id: "default",
    filter_columns: "item_id,item_name",
    limit: 10,
    match_score: 0,
    ...values,
  }).map(([column_name, value]) => ({ column_name, comparator: "=", value })),
});

/** A new smart-search touchpoint whose strategy has these ai-search values. */
async function searchTouchpoint(values: Record<string, string | number> = {}): Promise<string> {
  const s = await call(strategies.POST, {
    path: "/touchpoint-studio/rules/strategies",
    token,
    body: {
      strategy_name: "Search",
      strategy_type: "smart-search",
      strategy_subtype: "search-bar",
      segments: ["all_customers"],
      rules: [rule(values)],
    },
  });
  expect(s.status, JSON.stringify(s.body)).toBe(201);
  const t = await call(touchpoints.POST, {
    path: "/touchpoint-studio/rules/touchpoints",
    token,
    body: {
      touchpoint_name: "Search bar",
      touchpoint_type: "smart-search",
      is_active: true,
      position: positionId,
      default_strategy: s.body.strategy_id,
      number_of_positions: 0,
    },
  });
  expect(t.status, JSON.stringify(t.body)).toBe(201);
  const id = t.body.touchpoint_id as string;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await call(oneTouchpoint.GET, { params: { touchpoint_id: id }, token });
    if (res.body.is_ready && !res.body.is_calculating) return id;
    if (Date.now() > deadline) throw new Error(`touchpoint ${id} not ready`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function search(
  id: string,
  term: string,
  extra: Record<string, string | number> = {},
  headers: Record<string, string> = {},
) {
  return call(content.GET, {
    path: `/touchpoint-studio/touchpoints/${id}/content`,
    params: { touchpoint_id: id },
    token,
    query: { term, ...extra },
    headers,
  });
}

function report(query: Record<string, string | number>) {
  return call(searchReport.GET, { path: "/touchpoint-studio/search/report", token, query });
}

/** Who the stored search events of a term name. */
async function searchers(term: string) {
  await flushSearchEvents();
  const { sql } = await getDatabase();
  return sql.query<{ customer_id: string | null; cookie_id: string | null }>(
    "SELECT customer_id, cookie_id FROM events WHERE event_type = 'search' AND term = $1 ORDER BY customer_id, cookie_id",
    [term],
  );
}

const ids = (res: { body: { content: { item_id: string }[] } }) => res.body.content.map((i) => i.item_id);

async function upsertItems(records: Record<string, unknown>[]) {
  const res = await call(items.POST, { path: "/data/items", token: writer, body: { items: records } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.upserted).toBe(records.length);
}

/** Repeats the search until `check` holds (the index looks at the catalog about once a second). */
async function eventually(id: string, term: string, check: (found: string[]) => boolean): Promise<string[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = ids(await search(id, term));
    if (check(found)) return found;
    if (Date.now() > deadline) throw new Error(`search "${term}" still gives ${JSON.stringify(found)}`);
    await new Promise((r) => setTimeout(r, REFRESH_MS / 4));
  }
}

describe("smart search", () => {
  let main: string;

  beforeAll(async () => {
    token = await tokenFor("user");
    writer = await tokenFor("advanced");
    await startWorkers({ concurrency: 1 });
    const list = await call(position.GET, { path: "/touchpoint-studio/rules/position", token });
    positionId = list.body.positions[0].position_id;
    await upsertItems(CATALOG);
    main = await searchTouchpoint();
  });

  it("matches words in any order, as typed, with typos, plurals, case and units", async () => {
    const oak = await search(main, "table OAK");
    expect(oak.status).toBe(200);
    expect(ids(oak)[0]).toBe("S-TBL-1");
    expect(oak.body.content[0].match_score).toBe(100);

    const typed = await search(main, "tabl");
    expect(ids(typed)).toEqual(expect.arrayContaining(["S-TBL-1", "S-TBL-2", "S-TBL-3", "S-TBL-4"]));
    expect(typed.body.content[0].match_score).toBeGreaterThan(60);
    expect(typed.body.content[0].match_score).toBeLessThan(100);

    expect(ids(await search(main, "coffee tabel"))[0]).toBe("S-TBL-2");
    expect(ids(await search(main, "glass tables"))[0]).toBe("S-TBL-2");
    for (const term of ["2 inch pvc", "2-in. pvc pipe", '2" PVC', "pvc 2in"]) {
      expect(ids(await search(main, term))[0], term).toBe("S-PVC-2");
    }
    expect(ids(await search(main, "1/2 in pvc"))[0]).toBe("S-PVC-H");
  });

  it("finds ids, categories, attributes and descriptions, and never inactive or sold-out items", async () => {
    const byId = await search(main, "s-faucet");
    expect(ids(byId)[0]).toBe("S-FAUCET");
    expect(byId.body.content[0].match_score).toBe(100);
    for (const term of ["outdoor furniture", "acmecorp", "weatherproof teak"]) {
      expect(ids(await search(main, term))[0], term).toBe("S-BENCH");
    }
    const weather = await search(main, "weatherproof");
    expect(weather.body.content[0].match_score).toBeLessThan(100);
    const tables = ids(await search(main, "table"));
    expect(tables).not.toContain("S-HIDDEN");
    expect(tables).not.toContain("S-SOLDOUT");
  });

  it("drops results below the strategy's match_score and answers at most its limit", async () => {
    const strict = await searchTouchpoint({ match_score: 95, limit: 3 });
    expect((await search(strict, "tabl")).body).toMatchObject({ count: 0, content: [] });
    const all = await search(strict, "table");
    expect(all.body).toMatchObject({ offset: 0, limit: 3, count: 3 });
    for (const item of all.body.content) expect(item.match_score).toBeGreaterThanOrEqual(95);
    const scores = all.body.content.map((i: { rank_score: number }) => i.rank_score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect((await search(strict, "table", { limit: 4 })).status).toBe(422);
  });

  it("pages through the results with offset and limit", async () => {
    const whole = await search(main, "table");
    expect(whole.body.count).toBe(4);
    const first = await search(main, "table", { limit: 2 });
    const second = await search(main, "table", { limit: 2, offset: 2 });
    const third = await search(main, "table", { limit: 2, offset: 4 });
    expect(first.body).toMatchObject({ offset: 0, limit: 2, count: 4 });
    expect([...ids(first), ...ids(second)]).toEqual(ids(whole));
    expect(third.body).toMatchObject({ offset: 4, count: 4, content: [] });
  });

  it("returns the strategy's filter_columns (item_id always) and, when listed, the matched words", async () => {
    const t = await searchTouchpoint({ filter_columns: "product_price, matched_words" });
    const res = await search(t, "oak tabel");
    const top = res.body.content[0];
    expect(Object.keys(top).sort()).toEqual(["item_id", "match_score", "matched_words", "product_price", "rank_score"]);
    expect(top).toMatchObject({ item_id: "S-TBL-1", product_price: 320 });
    expect(top.matched_words.sort()).toEqual(["Oak", "Table"]);
    const plain = (await search(main, "oak")).body.content[0];
    expect(Object.keys(plain).sort()).toEqual(["item_id", "item_name", "match_score", "rank_score"]);
  });

  it("refuses empty and too long terms, a touchpoint of another kind and another tenant", async () => {
    for (const term of ["", "   ", "x".repeat(201)]) expect((await search(main, term)).status, term).toBe(422);
    expect((await search(main, "x".repeat(200))).status).toBe(200);
    const missing = await search("touchpoint-id-00000000000000000000000000000000", "table");
    expect(missing.status).toBe(404);
    setEnv("TENANT_ID", "another-shop");
    try {
      const other = await search(main, "table");
      expect(other.status).toBe(409);
      expect(other.body.code).toBe("tenant_mismatch");
    } finally {
      setEnv("TENANT_ID", "default");
    }
  });

  it("follows the catalog within seconds: new, renamed, deactivated and sold-out items", async () => {
    await upsertItems([{ item_id: "S-NEW", item_name: "Zebra Striped Ottoman" }]);
    await eventually(main, "zebra ottoman", (found) => found[0] === "S-NEW");
    await upsertItems([{ item_id: "S-NEW", item_name: "Tiger Striped Ottoman" }]);
    await eventually(main, "tiger", (found) => found.includes("S-NEW"));
    expect(ids(await search(main, "zebra"))).not.toContain("S-NEW");
    await upsertItems([{ item_id: "S-NEW", is_active: false }]);
    await eventually(main, "ottoman", (found) => !found.includes("S-NEW"));
    await upsertItems([{ item_id: "S-NEW", is_active: true, stock: 4 }]);
    await eventually(main, "ottoman", (found) => found.includes("S-NEW"));
    await upsertItems([{ item_id: "S-NEW", stock: 0 }]);
    await eventually(main, "ottoman", (found) => !found.includes("S-NEW"));
  });

  it("uses the shop's synonyms, read and replaced through the API", async () => {
    const empty = await call(synonyms.GET, { path: "/touchpoint-studio/search/synonyms", token });
    expect(empty.body).toEqual({ synonyms: [], date_modified: null });
    expect(ids(await search(main, "couch"))).not.toContain("S-SOFA");
    const put = (body: unknown) =>
      call(synonyms.PUT, { method: "PUT", path: "/touchpoint-studio/search/synonyms", token, body });
    expect((await put({ synonyms: [{ terms: ["couch"] }] })).status).toBe(422);
    expect((await put({ synonyms: [{ terms: ["couch", "***"] }] })).status).toBe(422);
    const saved = await put({
      synonyms: [{ terms: ["couch", "sofa"] }, { terms: ["ss", "stainless steel"], one_way: true }],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.synonyms).toEqual([
      { terms: ["couch", "sofa"], one_way: false },
      { terms: ["ss", "stainless steel"], one_way: true },
    ]);
    expect(saved.body.date_modified).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    const couch = await search(main, "leather couch");
    expect(ids(couch)[0]).toBe("S-SOFA");
    expect(couch.body.content[0].match_score).toBeLessThan(100);
    expect(ids(await search(main, "ss kitchen faucet"))[0]).toBe("S-FAUCET");
    expect(
      (await call(synonyms.GET, { path: "/touchpoint-studio/search/synonyms", token })).body.synonyms,
    ).toHaveLength(2);
    await put({ synonyms: [] });
    expect(ids(await search(main, "couch"))).not.toContain("S-SOFA");
  });

  it("ranks equal matches by popularity: purchases and clicks from search", async () => {
    const before = await search(main, "blue mug");
    expect(ids(before)).toEqual(["S-MUG-1", "S-MUG-2"]);
    const at = new Date().toISOString().slice(0, 19);
    const res = await call(events.POST, {
      path: "/data/events",
      token: writer,
      body: {
        events: [
          { event_type: "purchase", customer_id: "pop-1", item_id: "S-MUG-2", quantity: 3, price: 6, timestamp: at },
          {
            event_type: "click",
            cookie_id: "pop-c",
            item_id: "S-MUG-2",
            term: "blue mug",
            timestamp: at,
            touchpoint_id: main,
          },
        ],
      },
    });
    expect(res.body.upserted).toBe(2);
    await (await getCatalog()).refreshPopularity();
    const after = await search(main, "blue mug");
    expect(ids(after)).toEqual(["S-MUG-2", "S-MUG-1"]);
    expect(after.body.content[0].match_score).toBe(after.body.content[1].match_score);
    expect(after.body.content[0].rank_score).toBeGreaterThan(after.body.content[1].rank_score);
  });

  it("records each search and reports top searches and searches with no results", async () => {
    const t = await searchTouchpoint();
    const other = await searchTouchpoint();
    const visitor = (id: string) => ({ identity_type: "cookie_id", identity_value: id });
    await search(t, "Garden bench", {}, visitor("rep-1"));
    await search(t, "garden  BENCH", {}, visitor("rep-2"));
    await search(t, "garden bench", { offset: 1 }, visitor("rep-3")); // a second page is not a new search
    await search(t, "garden bench", { preview: "true" }, visitor("rep-4")); // nor is a studio preview
    await search(t, "xyzzy plugh");
    const click = (touchpoint: string) => ({
      event_type: "click",
      cookie_id: "rep-c",
      item_id: "S-BENCH",
      term: "garden bench",
      touchpoint_id: touchpoint,
      timestamp: new Date().toISOString().slice(0, 19),
    });
    await call(events.POST, { path: "/data/events", token: writer, body: { events: [click(t), click(other)] } });
    const res = await report({ days: 1, touchpoint_id: t });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ touchpoint_id: t, searches: 3, distinct_terms: 2, no_result_searches: 1 });
    expect(res.body.no_result_rate).toBeCloseTo(33.33, 1);
    // Clicks of this touchpoint only.
    expect(res.body.top_searches[0]).toMatchObject({
      term: "garden bench",
      searches: 2,
      average_results: 1,
      clicks: 1,
    });
    expect(res.body.no_results).toEqual([{ term: "xyzzy plugh", searches: 1, last_searched: expect.any(String) }]);
    const all = await call(searchReport.GET, { path: "/touchpoint-studio/search/report", token, query: {} });
    expect(all.body.searches).toBeGreaterThan(3);
    const bad = await call(searchReport.GET, {
      path: "/touchpoint-studio/search/report",
      token,
      query: { from: "2026-01-02", to: "2026-01-01" },
    });
    expect(bad.status).toBe(422);
    const past = await call(searchReport.GET, {
      path: "/touchpoint-studio/search/report",
      token,
      query: { from: "2020-01-01", to: "2020-02-01" },
    });
    expect(past.body).toMatchObject({ from: "2020-01-01T00:00:00", searches: 0, top_searches: [], no_results: [] });
  });

  it("counts a search, not its keystrokes: once per visitor and chain, or when the client says final", async () => {
    const t = await searchTouchpoint();
    const who = (id: string) => ({ identity_type: "customer_id", identity_value: id });
    for (const term of ["g", "ga", "gar", "garden", "garden ben", "garden bench"])
      await search(t, term, {}, who("k-1"));
    for (const term of ["ga", "gard", "garden"]) await search(t, term, {}, who("k-2"));
    // The widget: keystrokes marked not final, then final after a pause and again on Enter.
    for (const term of ["o", "oa", "oak"]) await search(t, term, { final: "false" }, who("k-3"));
    await search(t, "oak", { final: "true" }, who("k-3"));
    await search(t, "Oak", { final: "true" }, who("k-3"));
    expect((await search(t, "oak", { final: "maybe" })).status).toBe(422);
    const res = await report({ days: 1, touchpoint_id: t });
    expect(res.body).toMatchObject({ searches: 3, distinct_terms: 3 });
    expect(res.body.top_searches.map((s: { term: string }) => s.term).sort()).toEqual([
      "garden",
      "garden bench",
      "oak",
    ]);
    expect(res.body.no_results).toEqual([]);
  });

  it("keeps who searched as the content route reads the identity headers, and refuses bad ones", async () => {
    const t = await searchTouchpoint();
    await search(t, "leather sofa", { final: "true" }, { identity_type: "product_id", identity_value: "S-SOFA" });
    await search(t, "leather sofa", { final: "true" }, { identity_type: "customer_id", identity_value: "id-c1" });
    await search(t, "leather sofa", { final: "true" }, { identity_type: "cookie_id", identity_value: "id-k1" });
    await search(t, "leather sofa", { final: "true" }, { identity_value: "S-FAUCET" }); // an item id: a product
    await search(t, "leather sofa", { final: "true" }, { identity_value: "id-c2" });
    expect(await searchers("leather sofa")).toEqual([
      { customer_id: "id-c1", cookie_id: null },
      { customer_id: "id-c2", cookie_id: null },
      // Both product identities are the anonymous visitor, whose second final "leather sofa" within seconds is not another search.
      { customer_id: null, cookie_id: "anonymous" },
      { customer_id: null, cookie_id: "id-k1" },
    ]);
    const bad = await search(t, "leather sofa", {}, { identity_type: "visitor", identity_value: "x" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].loc).toEqual(["header", "identity_type"]);
  });

  it("keeps pages in place when an item of page 1 changes stock (ties by item id)", async () => {
    const scarves = ["S-SC-5", "S-SC-2", "S-SC-6", "S-SC-1", "S-SC-4", "S-SC-3"];
    await upsertItems(scarves.map((item_id) => ({ item_id, item_name: "Striped Wool Scarf", stock: 20 })));
    const all = await eventually(main, "striped wool scarf", (found) => found.length === 6);
    expect(all).toEqual([...scarves].sort());
    const first = ids(await search(main, "striped wool scarf", { limit: 3 }));
    await upsertItems([{ item_id: first[0], stock: 30 }]);
    await (await getCatalog()).refresh(true); // the index has the change
    const second = ids(await search(main, "striped wool scarf", { limit: 3, offset: 3 }));
    expect([...first, ...second]).toEqual(all);
  });

  it("drops an item deactivated or sold out through the API from the next search", async () => {
    await upsertItems([{ item_id: "S-NOW", item_name: "Velvet Footstool", stock: 5 }]);
    await eventually(main, "velvet footstool", (found) => found.includes("S-NOW"));
    await upsertItems([{ item_id: "S-NOW", is_active: false }]);
    expect(ids(await search(main, "velvet footstool"))).not.toContain("S-NOW");
    await upsertItems([{ item_id: "S-NOW", is_active: true }]);
    expect(ids(await search(main, "velvet footstool"))).toContain("S-NOW");
    await upsertItems([{ item_id: "S-NOW", stock: 0 }]);
    expect(ids(await search(main, "velvet footstool"))).not.toContain("S-NOW");
  });
});
