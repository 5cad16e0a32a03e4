/**
 * Explanations against the data that produced them: the co-buyers a preview names exist, the
 * counts are counts, "due" only for items the customer bought on two days or more.
 */
import { describe, expect, it } from "vitest";
import type { ItemFacts } from "./engine/content";
import { InteractionsBuilder } from "./engine/interactions";
import { buildModels, type Models } from "./engine/models";
import { type Ask, type LearnedKind, recommend } from "./engine/recommend";
import { explain } from "./explain";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 5, 15, 12);
type Row = [customer: string, item: string, daysAgo: number, order: string];

async function modelsOf(rows: Row[], categories: Record<string, string> = {}): Promise<Models> {
  const b = new InteractionsBuilder();
  for (const [visitor, itemId, daysAgo, orderId] of rows) {
    b.itemIndex(itemId);
    b.add({ visitor, itemId, kind: "purchase", ms: NOW - daysAgo * DAY, orderId });
  }
  for (const id of Object.keys(categories)) b.itemIndex(id);
  const data = b.finish();
  const facts = data.itemIds.map(
    (id): ItemFacts => ({
      name: id,
      text: "",
      categories: categories[id] ? [categories[id]] : [],
      attributes: [],
      price: 1,
    }),
  );
  return buildModels(data, facts, { now: NOW });
}

function picks(m: Models, kind: LearnedKind, user: string, extra: Partial<Ask> = {}) {
  return recommend(m, {
    kind,
    user: m.users.indexOf(user),
    nowMs: NOW,
    excludeDays: Number.POSITIVE_INFINITY,
    limit: 10,
    ...extra,
  }).map((p) => ({ ...p, id: m.itemIds[p.item]!, text: explain(p.evidence, (n) => m.itemIds[n]!) ?? "" }));
}

/** Customers who bought every one of `items` (from the rows, not the models). */
function buyersOfAll(rows: Row[], items: string[]): string[] {
  const byCustomer = new Map<string, Set<string>>();
  for (const [c, i] of rows) byCustomer.set(c, (byCustomer.get(c) ?? new Set()).add(i));
  return [...byCustomer].filter(([, got]) => items.every((i) => got.has(i))).map(([c]) => c);
}

describe("explanations are true to the data", () => {
  it("community: each anchor's co-buyers are counted on their own; nobody is said to have bought both anchors", async () => {
    // ann bought a and b; x was bought with a by two customers and with b by one, never with both.
    const rows: Row[] = [
      ["ann", "a", 20, "o1"],
      ["ann", "b", 10, "o2"],
      ["p1", "a", 30, "o3"],
      ["p1", "x", 30, "o3"],
      ["p2", "a", 31, "o4"],
      ["p2", "x", 31, "o4"],
      ["p3", "b", 32, "o5"],
      ["p3", "x", 32, "o5"],
    ];
    const m = await modelsOf(rows);
    const x = picks(m, "ai-community-based", "ann").find((p) => p.id === "x")!;
    expect(x.evidence.type).toBe("neighbour");
    if (x.evidence.type !== "neighbour") return;
    const first = m.itemIds[x.evidence.anchor]!;
    const second = m.itemIds[x.evidence.second!.anchor]!;
    expect(new Set([first, second])).toEqual(new Set(["a", "b"]));
    // The counts shown are the customers who really bought the anchor and x.
    expect(x.evidence.support).toBe(buyersOfAll(rows, [first, "x"]).length);
    expect(x.evidence.second!.support).toBe(buyersOfAll(rows, [second, "x"]).length);
    expect(x.evidence.share + x.evidence.second!.share).toBeCloseTo(1, 6);
    expect(buyersOfAll(rows, ["a", "b", "x"])).toEqual([]);
    expect(x.text).not.toMatch(/a and b|b and a/);
    expect(x.text).toMatch(
      new RegExp(
        `^${buyersOfAll(rows, [first, "x"]).length} customers? who bought ${first} \\(\\d+ days ago\\) also bought this, \\d+% of the score; 1 customer who bought ${second} also bought this, \\d+% of the score$`,
      ),
    );
  });

  it("time-based: due only for an item bought on two days or more, by its own interval", async () => {
    const rows: Row[] = [
      // tea every 20 days, last 25 days ago (due); soap on 2 days 40 apart, last 10 days ago (not due);
      // jam once, 40 days ago (never due, whatever others do).
      ["ann", "tea", 65, "1"],
      ["ann", "tea", 45, "2"],
      ["ann", "tea", 25, "3"],
      ["ann", "soap", 50, "4"],
      ["ann", "soap", 10, "5"],
      ["ann", "jam", 40, "6"],
      // others buy jam every 30 days.
      ...["p1", "p2", "p3"].flatMap((c, k): Row[] => [
        [c, "jam", 100 + k, `${c}-1`],
        [c, "jam", 70 + k, `${c}-2`],
      ]),
    ];
    const m = await modelsOf(rows);
    const got = new Map(picks(m, "time-based", "ann", { excludeDays: 0 }).map((p) => [p.id, p]));
    expect(got.get("tea")!.evidence).toMatchObject({
      type: "due",
      times: 3,
      intervalDays: 20,
      personal: true,
      due: true,
    });
    expect(got.get("tea")!.text).toContain("so it is due again");
    expect(got.get("soap")?.evidence).toMatchObject({ times: 2, intervalDays: 40, personal: true, due: false });
    // Bought once: ranked as a possible repurchase, said with the interval across customers.
    const jam = got.get("jam")!;
    expect(jam.evidence).toMatchObject({ times: 1, intervalDays: 30, personal: false, due: false });
    expect(jam.text).toBe("bought once, 40 days ago; across customers it is bought again about every 30 days");
    for (const p of got.values()) {
      if (p.evidence.type === "due" && p.evidence.due) expect(p.evidence.times).toBeGreaterThanOrEqual(2);
    }
  });

  it("leaflet: the number of items shown is how many of the customer's items have the feature", async () => {
    const rows: Row[] = [
      ["ann", "spade", 300, "1"],
      ["ann", "hoe", 200, "2"],
      ["ann", "mug", 1, "3"],
    ];
    const m = await modelsOf(rows, { spade: "Garden", hoe: "Garden", rake: "Garden", mug: "Kitchen", cup: "Kitchen" });
    const leaflet = ["cup", "rake"].map((id) => m.itemIds.indexOf(id));
    const rake = picks(m, "ai-attribute-based-leaflet", "ann", { leaflet }).find((p) => p.id === "rake")!;
    expect(rake.evidence).toMatchObject({ type: "affinity", feature: "category_level_0=Garden", items: 2 });
    expect(rake.text).toContain("2 items this customer picked have category level 0 Garden");
  });
});
