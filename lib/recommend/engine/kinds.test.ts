/**
 * Kinds that do different things on the same data: history-based from the visitor's own items
 * (frequency and recency), not the community model; ai-description-based for a product reaches
 * past the product's own words; a filter applies before the best are chosen; views never push
 * purchases out of a history.
 */
import { describe, expect, it } from "vitest";
import { RANKS_WITHOUT_ANCHOR } from "../learned-kinds";
import type { ItemFacts } from "./content";
import { InteractionsBuilder, type KindName } from "./interactions";
import { buildModels, HISTORY_PURCHASED, type Models } from "./models";
import { type Ask, LEARNED_KINDS, type LearnedKind, recommend } from "./recommend";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 5, 15, 12);
type Row = [visitor: string, item: string, daysAgo: number, order: string, kind?: KindName];

async function modelsOf(rows: Row[], text: Record<string, string> = {}): Promise<Models> {
  const b = new InteractionsBuilder();
  for (const id of Object.keys(text)) b.itemIndex(id);
  for (const [visitor, itemId, daysAgo, orderId, kind] of rows) {
    b.itemIndex(itemId);
    b.add({ visitor, itemId, kind: kind ?? "purchase", ms: NOW - daysAgo * DAY, orderId });
  }
  const data = b.finish();
  const facts = data.itemIds.map(
    (id): ItemFacts => ({ name: text[id] ?? id, text: "", categories: [], attributes: [], price: 1 }),
  );
  return buildModels(data, facts, { now: NOW });
}

function ask(m: Models, kind: LearnedKind, who: { user?: string; product?: string }, extra: Partial<Ask> = {}) {
  return recommend(m, {
    kind,
    ...(who.user ? { user: m.users.indexOf(who.user) } : {}),
    ...(who.product ? { product: m.itemIds.indexOf(who.product) } : {}),
    nowMs: NOW,
    excludeDays: Number.POSITIVE_INFINITY,
    limit: 10,
    ...extra,
  }).map((p) => ({ ...p, id: m.itemIds[p.item]! }));
}

// ann buys tea often and lately, once a lamp long ago. Tea goes with biscuits in orders; the lamp
// with bulbs. Customers who own a lamp (and tea) also own a rug, never in the same order.
const SHOP: Row[] = [
  ["ann", "tea", 60, "a1"],
  ["ann", "tea", 30, "a2"],
  ["ann", "tea", 3, "a3"],
  ["ann", "lamp", 200, "a4"],
  ...["p1", "p2", "p3"].flatMap((c): Row[] => [
    [c, "tea", 20, `${c}-1`],
    [c, "biscuits", 20, `${c}-1`],
    [c, "lamp", 25, `${c}-2`],
    [c, "bulbs", 25, `${c}-2`],
    [c, "rug", 90, `${c}-3`],
  ]),
  ...["q1", "q2", "q3", "q4"].flatMap((c): Row[] => [
    [c, "lamp", 40, `${c}-1`],
    [c, "tea", 41, `${c}-2`],
    [c, "rug", 42, `${c}-3`],
  ]),
];

describe("kinds that are not relabels", () => {
  it("history-based: what goes in one order with the items the customer buys often and lately", async () => {
    const m = await modelsOf(SHOP);
    const history = ask(m, "history-based", { user: "ann" });
    expect(history[0]!.id).toBe("biscuits");
    expect(history[0]!.evidence).toMatchObject({ type: "neighbour", model: "related", support: 3 });
    // Never bought in an order with ann's items: not history-based's, but community's first.
    expect(history.map((p) => p.id)).not.toContain("rug");
    expect(ask(m, "ai-community-based", { user: "ann" })[0]!.id).toBe("rug");
  });

  it("history-based: recency decides between two items bought as often", async () => {
    const rows: Row[] = [
      ["ann", "old", 300, "a1"],
      ["ann", "new", 2, "a2"],
      ...["p1", "p2"].flatMap((c): Row[] => [
        [c, "old", 10, `${c}-1`],
        [c, "with-old", 10, `${c}-1`],
        [c, "new", 11, `${c}-2`],
        [c, "with-new", 11, `${c}-2`],
      ]),
    ];
    const m = await modelsOf(rows);
    expect(ask(m, "history-based", { user: "ann" }).map((p) => p.id)).toEqual(["with-new", "with-old"]);
  });

  it("history-based for a product: nothing (a product has no history; the rule falls back)", async () => {
    const m = await modelsOf(SHOP);
    expect(ask(m, "history-based", { product: "tea" })).toEqual([]);
    expect(ask(m, "ai-community-based", { product: "tea" }).length).toBeGreaterThan(0);
  });

  it("ai-description-based for a product adds the words of what its buyers buy; similar-products-ai does not", async () => {
    const text = {
      lantern: "red heart lantern",
      pinkLantern: "pink heart lantern",
      gnome: "garden gnome",
      bigGnome: "big garden gnome",
    };
    // Buyers of the lantern buy the gnome.
    const rows: Row[] = ["c1", "c2", "c3"].flatMap((c): Row[] => [
      [c, "lantern", 5, `${c}-1`],
      [c, "gnome", 6, `${c}-2`],
    ]);
    const m = await modelsOf(rows, text);
    const similar = ask(m, "similar-products-ai", { product: "lantern" }).map((p) => p.id);
    const described = ask(m, "ai-description-based", { product: "lantern" }).map((p) => p.id);
    expect(similar).toEqual(["pinkLantern"]);
    expect(described).toContain("pinkLantern");
    expect(described).toContain("bigGnome");
  });

  it("a filter applies before the best are chosen: the one allowed item comes back with limit 1", async () => {
    const m = await modelsOf(SHOP);
    const all = ask(m, "ai-community-based", { user: "ann" }, { limit: 100 });
    const last = all.at(-1)!;
    const allow = new Uint8Array(m.itemIds.length);
    allow[last.item] = 1;
    const filtered = ask(m, "ai-community-based", { user: "ann" }, { limit: 1, allow });
    expect(filtered.map((p) => p.id)).toEqual([last.id]);
    expect(filtered[0]!.score).toBe(last.score);
  });

  it("views do not push purchases out of a history", async () => {
    const rows: Row[] = [["ann", "bought", 50, "a1"]];
    for (let k = 0; k < HISTORY_PURCHASED + 50; k++) rows.push(["ann", `seen-${k}`, 10, `v${k}`, "view"]);
    const m = await modelsOf(rows);
    const h = m.histories;
    const u = m.users.indexOf("ann");
    const items = Array.from(h.item.subarray(h.start[u]!, h.start[u + 1]!), (i) => m.itemIds[i]);
    expect(items).toContain("bought");
    expect(items.filter((id) => id?.startsWith("seen-")).length).toBe(100);
  });
});

describe("a visitor the models know nothing of", () => {
  it("gets items from exactly the kinds said to rank without an anchor (the calculation loads models for those)", async () => {
    const m = await modelsOf(SHOP);
    const placing = LEARNED_KINDS.filter(
      (kind) =>
        recommend(m, {
          kind,
          nowMs: NOW,
          excludeDays: 0,
          limit: 10,
          // A leaflet of every item: the leaflet kind still needs the visitor's affinities.
          ...(kind === "ai-attribute-based-leaflet" ? { leaflet: m.itemIds.map((_, i) => i) } : {}),
        }).length > 0,
    );
    expect(placing.length).toBeGreaterThan(0);
    expect(new Set(placing)).toEqual(RANKS_WITHOUT_ANCHOR);
  });
});
