/**
 * Smart search in every language, through the real route handlers: the examples of issue 27
 * (folded Latin letters, Cyrillic in both Serbian scripts, Greek, Japanese, numbers and units as
 * typed) and synonyms in any script with the shop's language.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as items from "@/app/api/latest/data/items/route";
import * as position from "@/app/api/latest/touchpoint-studio/rules/position/route";
import * as strategies from "@/app/api/latest/touchpoint-studio/rules/strategies/route";
import * as oneTouchpoint from "@/app/api/latest/touchpoint-studio/rules/touchpoints/[touchpoint_id]/route";
import * as touchpoints from "@/app/api/latest/touchpoint-studio/rules/touchpoints/route";
import * as synonyms from "@/app/api/latest/touchpoint-studio/search/synonyms/route";
import * as content from "@/app/api/latest/touchpoint-studio/touchpoints/[touchpoint_id]/content/route";
import { startWorkers } from "@/lib/jobs/registry";
import { REFRESH_MS } from "@/lib/search/catalog-index";
import { call, tokenFor } from "./http";

let token: string;
let touchpoint: string;

const CATALOG = [
  { item_id: "L-STRASSE", item_name: "Straßenschild Hauptstraße" },
  { item_id: "L-SMORRE", item_name: "Smørrebrød Servierbrett" },
  { item_id: "L-MOLOKO", item_name: "Молоко 3,2% 1л" },
  { item_id: "L-MLEKO", item_name: "Млеко свеже 0,5 л" },
  { item_id: "L-TEA", item_name: "日本茶 緑茶 ティーバッグ" },
  { item_id: "L-GALA", item_name: "Γάλα φρέσκο πλήρες" },
  { item_id: "L-OAT-500", item_name: "Oat drink 500 ml" },
  { item_id: "L-OAT-1L", item_name: "Oat drink 1 l" },
  { item_id: "L-IPHONE-15", item_name: "Apple iPhone 15 case" },
  { item_id: "L-LODZ", item_name: "Łódź kubek ceramiczny" },
  { item_id: "L-DIE", item_name: "Die-cast model car" },
];

function search(term: string) {
  return call(content.GET, {
    path: `/touchpoint-studio/touchpoints/${touchpoint}/content`,
    params: { touchpoint_id: touchpoint },
    token,
    query: { term },
  });
}
const ids = (res: { body: { content: { item_id: string }[] } }) => res.body.content.map((i) => i.item_id);

/** The first result of a term, once the index has caught up with the catalog. */
async function first(term: string): Promise<string | undefined> {
  const res = await search(term);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ids(res)[0];
}

describe("smart search in every language", () => {
  beforeAll(async () => {
    token = await tokenFor("user");
    const writer = await tokenFor("advanced");
    await startWorkers({ concurrency: 1 });
    const list = await call(position.GET, { path: "/touchpoint-studio/rules/position", token });
    const up = await call(items.POST, { path: "/data/items", token: writer, body: { items: CATALOG } });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const s = await call(strategies.POST, {
      path: "/touchpoint-studio/rules/strategies",
      token,
      body: {
        strategy_name: "Search",
        strategy_type: "smart-search",
        strategy_subtype: "search-bar",
        segments: ["all_customers"],
        rules: [
          {
            rule_type: "ai-search",
            positions: [],
            values: Object.entries({
              tenant_id: "default",
              filter_columns: "item_id,item_name",
              limit: 10,
              match_score: 0,
            }).map(([column_name, value]) => ({ column_name, comparator: "=", value })),
          },
        ],
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
        position: list.body.positions[0].position_id,
        default_strategy: s.body.strategy_id,
        number_of_positions: 0,
      },
    });
    expect(t.status, JSON.stringify(t.body)).toBe(201);
    touchpoint = t.body.touchpoint_id;
    const deadline = Date.now() + 30_000;
    for (;;) {
      const res = await call(oneTouchpoint.GET, { params: { touchpoint_id: touchpoint }, token });
      if (res.body.is_ready && !res.body.is_calculating) break;
      if (Date.now() > deadline) throw new Error("touchpoint not ready");
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  it("folds the letters of European languages: Straße/strasse, Smørrebrød, Łódź", async () => {
    expect(await first("strasse")).toBe("L-STRASSE");
    expect(await first("Straße")).toBe("L-STRASSE");
    expect(await first("smorrebrod")).toBe("L-SMORRE");
    expect(await first("lodz kubek")).toBe("L-LODZ");
  });

  it("finds Cyrillic in either script, Greek and Japanese", async () => {
    expect(await first("молоко 1л")).toBe("L-MOLOKO");
    expect(await first("Молоко 1 л")).toBe("L-MOLOKO");
    expect(await first("mleko")).toBe("L-MLEKO");
    expect(await first("млеко")).toBe("L-MLEKO");
    expect(await first("γαλα")).toBe("L-GALA");
    expect(await first("日本茶")).toBe("L-TEA");
    expect(await first("茶")).toBe("L-TEA");
  });

  it("reads numbers and units as typed", async () => {
    expect(await first("oat drink 50")).toBe("L-OAT-500");
    expect(await first("oat drink 0,5 l")).toBe("L-OAT-500");
    expect(await first("oat drink 500ml")).toBe("L-OAT-500");
    expect(await first("oat drink 1000 ml")).toBe("L-OAT-1L");
    expect(await first("iphone 1")).toBe("L-IPHONE-15");
    expect(await first("mleko 500 ml")).toBe("L-MLEKO");
  });

  it("takes synonyms in any script and the shop's language", async () => {
    const put = (body: unknown) =>
      call(synonyms.PUT, { method: "PUT", path: "/touchpoint-studio/search/synonyms", token, body });
    const saved = await put({
      synonyms: [{ terms: ["молоко", "milk"] }, { terms: ["日本茶", "お茶"] }],
      language: "sr",
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.language).toBe("sr");
    // Omitted on a replace: kept.
    const again = await put({ synonyms: [{ terms: ["молоко", "milk"] }] });
    expect(again.body.language).toBe("sr");
    const bad = await put({ synonyms: [], language: "not a language" });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain("language");
    const deadline = Date.now() + 10_000;
    while ((await first("milk")) !== "L-MOLOKO" && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, REFRESH_MS / 4));
    }
    expect(await first("milk")).toBe("L-MOLOKO");
    // The shop's language alone (no synonyms) decides the stop words of queries: in English "die"
    // is a word (the die-cast car), in German an article.
    const found = async (term: string) => ids(await search(term));
    expect(await found("die drink")).toContain("L-DIE");
    await put({ synonyms: [], language: "de" });
    const until = Date.now() + 10_000;
    while ((await found("die drink")).includes("L-DIE") && Date.now() < until) {
      await new Promise((r) => setTimeout(r, REFRESH_MS / 4));
    }
    expect(await found("die drink")).not.toContain("L-DIE");
    expect(await found("die drink")).toContain("L-OAT-1L");
    const cleared = await put({ synonyms: [], language: null });
    expect(cleared.body).toEqual({ synonyms: [], date_modified: expect.any(String) });
  });
});
