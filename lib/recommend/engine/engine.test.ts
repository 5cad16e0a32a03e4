/** Every model and kind on hand-made shops whose right answers are obvious. */
import { describe, expect, it } from "vitest";
import { orderBaskets, sessionBaskets } from "./baskets";
import { type ItemFacts, similarity, textNeighbours, textVectors } from "./content";
import { ALL_KINDS, InteractionsBuilder, type KindName } from "./interactions";
import { buildModels, type Models } from "./models";
import { buildNeighbours, TopK } from "./neighbours";
import { PackedStrings, pack, packInChunks, unpack, unpackSliced } from "./pack";
import { type Ask, type LearnedKind, recommend, repurchaseScore } from "./recommend";
import { timePatterns } from "./time-patterns";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 5, 15, 12);
const facts = (name: string, category: string[], price: number, attributes: string[] = []): ItemFacts => ({
  name,
  text: "",
  categories: category,
  attributes,
  price,
});

type Row = [visitor: string, item: string, daysAgo: number, order?: string, kind?: KindName];

function shop(rows: Row[], items: Record<string, ItemFacts> = {}) {
  const b = new InteractionsBuilder();
  const names = [...new Set([...Object.keys(items), ...rows.map((r) => r[1])])];
  for (const id of names) b.itemIndex(id);
  for (const [visitor, itemId, daysAgo, orderId, kind] of rows) {
    b.add({ visitor, itemId, kind: kind ?? "purchase", ms: NOW - daysAgo * DAY, orderId: orderId ?? null });
  }
  const data = b.finish();
  return { data, facts: data.itemIds.map((id) => items[id] ?? facts(id, [], 0)) };
}

async function modelsOf(rows: Row[], items: Record<string, ItemFacts> = {}): Promise<Models> {
  const { data, facts: f } = shop(rows, items);
  return buildModels(data, f, { now: NOW });
}

function ask(m: Models, kind: LearnedKind, who: { user?: string; product?: string }, extra: Partial<Ask> = {}) {
  const picks = recommend(m, {
    kind,
    ...(who.user ? { user: m.users.indexOf(who.user) } : {}),
    ...(who.product ? { product: m.itemIds.indexOf(who.product) } : {}),
    nowMs: NOW,
    excludeDays: Number.POSITIVE_INFINITY,
    limit: 10,
    ...extra,
  });
  return picks.map((p) => ({ ...p, id: m.itemIds[p.item]! }));
}

// a+b bought together by three customers, a+c by one, c+d by one.
const TOGETHER: Row[] = [
  ["c1", "a", 10, "o1"],
  ["c1", "b", 10, "o1"],
  ["c2", "a", 11, "o2"],
  ["c2", "b", 11, "o2"],
  ["c3", "a", 12, "o3"],
  ["c3", "b", 12, "o3"],
  ["c3", "c", 12, "o3"],
  ["c4", "c", 13, "o4"],
  ["c4", "d", 13, "o4"],
  ["alice", "a", 30, "o5"],
  ["bob", "d", 5, "o6"],
];

describe("interactions", () => {
  it("groups events by visitor in time order", () => {
    const { data } = shop([
      ["v2", "x", 1],
      ["v1", "y", 1],
      ["v2", "z", 3],
    ]);
    const v2 = data.users.indexOf("v2");
    const items = [...data.item.subarray(data.userStart[v2]!, data.userStart[v2 + 1]!)].map((i) => data.itemIds[i]);
    expect(items).toEqual(["z", "x"]);
  });
});

describe("neighbours", () => {
  it("TopK keeps the best k, best first", () => {
    const top = new TopK(3);
    for (const [id, s] of [5, 1, 9, 3, 7].entries()) top.offer(id, s);
    expect(top.sorted().map((x) => x.score)).toEqual([9, 7, 5]);
  });

  it("co-purchase counts orders shared, with a support floor", () => {
    const { data } = shop(TOGETHER);
    const nb = buildNeighbours(orderBaskets(data), { k: 5, minSupport: 2, score: (_w, c) => c });
    const a = data.itemIds.indexOf("a");
    const list = [...nb.item.subarray(nb.start[a]!, nb.start[a + 1]!)].map((i) => data.itemIds[i]);
    expect(list).toEqual(["b"]); // c shares one order only
    expect(nb.support[nb.start[a]!]).toBe(3);
  });

  it("transitions go from a session to the visitor's next one, not back", () => {
    const { data } = shop([
      ["v", "first", 3, undefined, "view"],
      ["v", "second", 2, undefined, "view"],
      ["w", "first", 3, undefined, "view"],
      ["w", "second", 1, undefined, "view"],
    ]);
    const nb = buildNeighbours(sessionBaskets(data, { kinds: ALL_KINDS, gapMinutes: 60, chainNext: true }), {
      k: 5,
      minSupport: 1,
      score: (_w, c) => c,
    });
    const first = data.itemIds.indexOf("first");
    const second = data.itemIds.indexOf("second");
    expect([...nb.item.subarray(nb.start[first]!, nb.start[first + 1]!)]).toEqual([second]);
    expect(nb.support[nb.start[first]!]).toBe(2);
    expect(nb.start[second + 1]! - nb.start[second]!).toBe(0);
  });
});

describe("kinds", () => {
  it("ai-community-based: what customers with the same items bought", async () => {
    const m = await modelsOf(TOGETHER);
    expect(ask(m, "ai-community-based", { user: "alice" })[0]!.id).toBe("b");
    expect(ask(m, "ai-community-based", { user: "bob" })[0]!.id).toBe("c");
  });

  it("related-products: bought together with the product, with the orders as evidence", async () => {
    const m = await modelsOf(TOGETHER);
    const [top] = ask(m, "related-products", { product: "a" });
    expect(top!.id).toBe("b");
    expect(top!.evidence).toMatchObject({ type: "neighbour", model: "related", support: 3 });
  });

  it("history-based weighs the latest items most", async () => {
    const m = await modelsOf([
      ...TOGETHER,
      // Carol bought d long ago and a yesterday: a's neighbour b comes before d's neighbour c.
      ["carol", "d", 200, "o7"],
      ["carol", "a", 1, "o8"],
    ]);
    // history-based reads co-purchases (./kinds.test.ts): d and c share one order only, under the
    // support floor, so a's partner b is all there is.
    const ids = ask(m, "history-based", { user: "carol" }).map((p) => p.id);
    expect(ids).toEqual(["b"]);
  });

  it("bought items stay out for exclude days", async () => {
    const m = await modelsOf([...TOGETHER, ["alice", "b", 2, "o9"]]);
    expect(ask(m, "ai-community-based", { user: "alice" }, { excludeDays: 30 }).map((p) => p.id)).not.toContain("b");
    expect(ask(m, "ai-community-based", { user: "alice" }, { excludeDays: 0 }).map((p) => p.id)).toContain("b");
  });

  it("ai-next-gen: what visitors went on to after the latest item", async () => {
    const rows: Row[] = [];
    for (const v of ["v1", "v2", "v3"]) {
      rows.push([v, "tent", 20, `${v}-1`], [v, "sleeping-bag", 10, `${v}-2`]);
    }
    rows.push(["v4", "sleeping-bag", 20, "v4-1"], ["v4", "lamp", 10, "v4-2"]);
    rows.push(["eve", "tent", 1, "e-1"]);
    const m = await modelsOf(rows);
    expect(ask(m, "ai-next-gen", { user: "eve" })[0]!.id).toBe("sleeping-bag");
  });

  it("time-based: an item due by its interval comes first, explained", async () => {
    const rows: Row[] = [
      // Coffee every 30 days, last 30 days ago (due); filters once, 2 days ago (not due).
      ["ann", "coffee", 90, "1"],
      ["ann", "coffee", 60, "2"],
      ["ann", "coffee", 30, "3"],
      ["ann", "filter", 2, "4"],
    ];
    const m = await modelsOf(rows);
    const [top] = ask(m, "time-based", { user: "ann" }, { excludeDays: 0 });
    expect(top!.id).toBe("coffee");
    expect(top!.evidence).toEqual({
      type: "due",
      daysAgo: 30,
      times: 3,
      intervalDays: 30,
      personal: true,
      due: true,
    });
    expect(repurchaseScore(30, 30, 3)).toBeGreaterThan(repurchaseScore(5, 30, 3));
  });

  it("time patterns: the median repurchase interval per item", () => {
    const { data } = shop([
      ["a", "x", 30, "1"],
      ["a", "x", 20, "2"],
      ["b", "x", 50, "3"],
      ["b", "x", 40, "4"],
      ["c", "x", 12, "5"],
      ["c", "x", 2, "6"],
    ]);
    expect(timePatterns(data, 1).interval[data.itemIds.indexOf("x")]).toBe(10);
  });

  it("similar-products: same category and close price beat another category", async () => {
    const items = {
      mug: facts("mug", ["Kitchen", "Mugs"], 10, ["color=red"]),
      cup: facts("cup", ["Kitchen", "Mugs"], 11, ["color=red"]),
      jug: facts("jug", ["Kitchen", "Jugs"], 10, ["color=red"]),
      gnome: facts("gnome", ["Garden"], 10, ["color=red"]),
    };
    expect(similarity(items.mug, items.cup)).toBeGreaterThan(similarity(items.mug, items.jug));
    expect(similarity(items.mug, items.jug)).toBeGreaterThan(similarity(items.mug, items.gnome));
    const m = await modelsOf([], items);
    // Candidates share the category path's top (a gnome is never a mug's similar item).
    expect(ask(m, "similar-products", { product: "mug" }).map((p) => p.id)).toEqual(["cup", "jug"]);
  });

  it("similar-products-ai and ai-description-based: TF-IDF over names and descriptions", async () => {
    const items = {
      heart: facts("red heart lantern", [], 5),
      pink: facts("pink heart lantern", [], 5),
      gnome: facts("garden gnome", [], 5),
      gnome2: facts("smiling garden gnome", [], 5),
    };
    const v = textVectors(Object.values(items));
    const nb = textNeighbours(v, 3);
    expect(nb.item[nb.start[0]!]).toBe(1);
    const m = await modelsOf([["gardener", "gnome", 3, "1"]], items);
    const [top] = ask(m, "ai-description-based", { user: "gardener" });
    expect(top!.id).toBe("gnome2");
    expect(top!.evidence).toMatchObject({ type: "words", terms: expect.arrayContaining(["gnome", "garden"]) });
    expect(ask(m, "similar-products-ai", { product: "heart" })[0]!.id).toBe("pink");
  });

  it("ai-attribute-based-leaflet: the leaflet's items the customer has an affinity for come first", async () => {
    const items = {
      spade: facts("spade", ["Garden"], 5),
      rake: facts("rake", ["Garden"], 5),
      mug: facts("mug", ["Kitchen"], 5),
    };
    const m = await modelsOf([["gardener", "spade", 3, "1"]], items);
    const leaflet = ["mug", "rake"].map((id) => m.itemIds.indexOf(id));
    const picks = ask(m, "ai-attribute-based-leaflet", { user: "gardener" }, { leaflet });
    expect(picks[0]!.id).toBe("rake");
    expect(picks[0]!.evidence).toMatchObject({ type: "affinity", feature: "category_level_0=Garden" });
  });
});

describe("pack", () => {
  it("round-trips models with typed arrays and string lists", async () => {
    const m = await modelsOf(TOGETHER);
    const back = unpack<Models>(pack(m));
    expect(back.itemIds).toEqual(m.itemIds);
    expect(back.users).toEqual(m.users);
    expect([...back.community.score]).toEqual([...m.community.score]);
    expect(back.histories.kinds).toBeInstanceOf(Uint8Array);
    expect(ask(back, "ai-community-based", { user: "alice" })[0]!.id).toBe("b");
  });

  it("with view, the typed arrays live in the packed buffer itself (no copy)", async () => {
    const m = await modelsOf(TOGETHER);
    const bytes = pack(m);
    const back = unpack<Models>(bytes, { view: true });
    expect(back.community.score.buffer).toBe(bytes.buffer);
    expect(back.histories.start.buffer).toBe(bytes.buffer);
    expect([...back.community.score]).toEqual([...m.community.score]);
    // Without view (a buffer the caller may reuse), copies.
    expect(unpack<Models>(bytes).community.score.buffer).not.toBe(bytes.buffer);
  });

  it("in chunks, gives the same bytes as at once, whatever the chunk size", async () => {
    const m = await modelsOf(TOGETHER);
    const whole = pack(m);
    for (const size of [1, 3, 8, 13, 1000, whole.length - 1, whole.length, whole.length + 5]) {
      const packed = packInChunks(m, size);
      expect(packed.bytes).toBe(whole.length);
      // All taken before any is read: a chunk is not overwritten by the next.
      const chunks = [...packed.chunks()];
      expect(chunks.slice(0, -1).every((c) => c.length === size)).toBe(true);
      expect(chunks.at(-1)!.length).toBe(whole.length - size * (chunks.length - 1));
      expect(Buffer.concat(chunks).equals(whole)).toBe(true);
    }
  });

  it("unpacks in slices the same value as at once, strings split across pieces included", async () => {
    const m = await modelsOf(TOGETHER);
    // Strings sections longer than a piece (256 KB), with multi-byte characters, empty strings
    // and a separator at a piece's edge; a typed array beside them.
    const long = Array.from({ length: 40_000 }, (_, i) => (i % 7 === 0 ? "" : `visitor-${i}-ü€`));
    const value = { m, long, trailing: ["a", ""], leading: ["", "b"], numbers: new Float64Array([1.5, 2, 3]) };
    const bytes = pack(value);
    let slices = 0;
    const sliced = await unpackSliced<typeof value>(bytes, () => {
      slices++;
      return undefined;
    });
    expect(sliced).toEqual(unpack(bytes, { view: true }));
    expect(sliced.long).toEqual(long);
    expect(sliced.trailing).toEqual(["a", ""]);
    expect(sliced.leading).toEqual(["", "b"]);
    expect(slices).toBeGreaterThanOrEqual(2); // the long section (~0.7 MB) took three pieces
  });

  it("leaves the top-level strings asked for as their bytes, each string found in place", async () => {
    const users = Array.from({ length: 40_000 }, (_, i) => (i % 7 === 0 ? "" : `visitor-${i}-ü€`));
    const value = { users, itemIds: ["a", "b"], nested: { users: ["x", "y"] } };
    const bytes = pack(value);
    let slices = 0;
    const sliced = await unpackSliced<{ users: unknown; itemIds: string[]; nested: { users: string[] } }>(
      bytes,
      () => {
        slices++;
        return undefined;
      },
      { packed: ["users"] },
    );
    expect(sliced.users).toBeInstanceOf(PackedStrings);
    expect(sliced.itemIds).toEqual(["a", "b"]);
    expect(sliced.nested.users).toEqual(["x", "y"]); // only the top level's fields
    const packed = sliced.users as PackedStrings;
    expect(packed.decode()).toEqual(users);
    const seen: string[] = [];
    slices = 0;
    const count = await packed.eachRange(
      (start, end) => seen.push(packed.bytes.toString("utf8", start, end)),
      () => {
        slices++;
        return undefined;
      },
    );
    expect(count).toBe(users.length);
    expect(seen).toEqual(users);
    expect(slices).toBeGreaterThanOrEqual(2); // 40,000 ids, the slice asked every 128
    expect(
      await new PackedStrings(Buffer.alloc(0)).eachRange(
        () => {},
        () => undefined,
      ),
    ).toBe(1); // [""]
  });

  it("reads a header without the alignment padding (builds stored before it)", async () => {
    const m = await modelsOf(TOGETHER);
    const bytes = pack(m);
    const length = bytes.readUInt32LE(0);
    const json = bytes
      .subarray(4, 4 + length)
      .toString("utf8")
      .trimEnd();
    // Re-pack by hand with the sections one byte past 8-byte alignment: they are then copied.
    let header = Buffer.from(json, "utf8");
    while ((4 + header.length) % 8 !== 1) header = Buffer.concat([header, Buffer.from(" ")]);
    const head = Buffer.alloc(4);
    head.writeUInt32LE(header.length);
    const odd = Buffer.concat([head, header, bytes.subarray(4 + length)]);
    const back = unpack<Models>(odd, { view: true });
    expect(back.community.score.buffer).not.toBe(odd.buffer);
    expect([...back.community.score]).toEqual([...m.community.score]);
    expect(ask(back, "ai-community-based", { user: "alice" })[0]!.id).toBe("b");
  });
});
