import { describe, expect, it } from "vitest";
import { MAX_STAMP, SearchIndex } from "./search-index";
import { compileSynonyms } from "./synonyms";

function indexOf(names: Record<string, string>, fields: Record<string, string> = {}) {
  const index = new SearchIndex();
  for (const [key, name] of Object.entries(names)) {
    index.upsert({ key, name, fields: fields[key] ? [{ text: fields[key]!, weight: 0.5 }] : [] });
  }
  return index;
}
const keys = (index: SearchIndex, term: string, limit = 10) => index.search({ term, limit }).map((h) => h.key);
const top = (index: SearchIndex, term: string) => index.search({ term, limit: 1 })[0];

const shop = indexOf(
  {
    table: "Round Oak Dining Table",
    coffee: "Glass Coffee Table",
    lamp: "Table Lamp with Linen Shade",
    bookcase: "Oak Bookcase",
    showerhead: "Chrome Showerhead",
    pipe2: "2 in. x 10 ft. PVC Pipe",
    pipe1: "1 in. x 10 ft. PVC Pipe",
    mower: "Cordless Lawn Mower",
    faucet: "Kitchen Faucet in Stainless Steel",
    steel: "Steel Shelf",
    oak1: "Oak",
    bench: "Garden Bench",
  },
  { bench: "weatherproof teak" },
);

describe("search index: matching", () => {
  it("matches words in any order; 100 means every word exactly in the name", () => {
    expect(top(shop, "table oak")).toMatchObject({ key: "table", match_score: 100 });
    expect(top(shop, "OAK Table")).toMatchObject({ key: "table", match_score: 100 });
  });

  it("completes the last word as typed, scoring by the share typed", () => {
    const hits = shop.search({ term: "coffee tab", limit: 5 });
    expect(hits[0]).toMatchObject({ key: "coffee" });
    expect(hits[0]!.match_score).toBeGreaterThan(80);
    expect(hits[0]!.match_score).toBeLessThan(100);
    expect(top(shop, "t")).toBeUndefined(); // one letter is too little to complete
  });

  it("corrects one typo in words of five letters or more", () => {
    expect(top(shop, "tabel")?.key).toMatch(/table|coffee|lamp/);
    expect(top(shop, "bookcsae")?.key).toBe("bookcase");
    expect(top(shop, "lawn mowre")?.key).toBe("mower");
    expect(top(shop, "tabel")!.match_score).toBe(70);
  });

  it("treats plurals, case and units alike", () => {
    expect(top(shop, "BOOKCASES")).toMatchObject({ key: "bookcase", match_score: 100 });
    expect(keys(shop, "2 inch pvc")[0]).toBe("pipe2");
    expect(keys(shop, '2" pvc pipe')[0]).toBe("pipe2");
    expect(keys(shop, "1-in pvc")[0]).toBe("pipe1");
  });

  it("joins and splits compounds", () => {
    expect(top(shop, "shower head")?.key).toBe("showerhead");
    expect(top(shop, "gardenbench")?.key).toBe("bench");
  });

  it("finds other fields at a lower match_score than the name", () => {
    const hit = top(shop, "weatherproof");
    expect(hit?.key).toBe("bench");
    expect(hit!.match_score).toBe(60);
  });

  it("uses synonyms, both ways or one way, for words and phrases", () => {
    const synonyms = compileSynonyms([
      { terms: ["couch", "sofa"], one_way: false },
      { terms: ["ss", "stainless steel"], one_way: true },
    ]);
    const sofas = indexOf({ sofa: "Leather Sofa", couch: "Couch Cover" });
    expect(sofas.search({ term: "sofa", limit: 5, synonyms }).map((h) => h.key)).toEqual(["sofa", "couch"]);
    expect(shop.search({ term: "ss faucet", limit: 1, synonyms })[0]?.key).toBe("faucet");
    expect(shop.search({ term: "stainless", limit: 5, synonyms }).map((h) => h.key)).toEqual(["faucet"]);
  });
});

describe("search index: ranking", () => {
  it("puts items that match every word above items matching the rarest word only", () => {
    expect(keys(shop, "oak table")[0]).toBe("table");
    expect(keys(shop, "steel faucet")[0]).toBe("faucet");
  });

  it("prefers the shorter name when both match the same words", () => {
    expect(keys(shop, "oak", 2)).toEqual(["oak1", "bookcase"]);
  });

  it("drops hits below the match threshold and keeps at most the limit", () => {
    expect(shop.search({ term: "tabl", limit: 10, minMatch: 95 })).toEqual([]);
    expect(shop.search({ term: "table", limit: 2 })).toHaveLength(2);
  });

  it("multiplies the order by the item's boost, not the match_score", () => {
    const mugs = indexOf({ a: "Blue Mug", b: "Blue Mug" });
    expect(keys(mugs, "blue mug")).toEqual(["a", "b"]);
    mugs.setBoost("b", 1.2);
    const hits = mugs.search({ term: "blue mug", limit: 2 });
    expect(hits.map((h) => h.key)).toEqual(["b", "a"]);
    expect(hits[0]!.match_score).toBe(hits[1]!.match_score);
    expect(hits[0]!.score).toBeCloseTo(hits[1]!.score * 1.2, 1);
  });

  it("explains which terms matched", () => {
    expect(shop.search({ term: "oak tabel", limit: 1, explain: true })[0]!.matched.sort()).toEqual(["oak", "table"]);
    expect(top(shop, "oak tabel")!.matched).toEqual([]);
  });
});

describe("search index: updates", () => {
  it("re-indexes and removes items one at a time", () => {
    const index = indexOf({ a: "Red Chair", b: "Blue Chair" });
    index.upsert({ key: "a", name: "Green Sofa" });
    expect(keys(index, "chair")).toEqual(["b"]);
    expect(keys(index, "sofa")).toEqual(["a"]);
    index.remove("b");
    expect(keys(index, "chair")).toEqual([]);
    expect(index.size).toBe(1);
  });

  it("stays correct after compaction of many removed items", () => {
    const index = new SearchIndex();
    for (let i = 0; i < 3000; i++) index.upsert({ key: `k${i}`, name: `Widget ${i % 7 === 0 ? "special" : "plain"}` });
    for (let i = 0; i < 2500; i++) index.remove(`k${i}`);
    expect(index.size).toBe(500);
    const special = index.search({ term: "special widget", limit: 1000, minMatch: 100 });
    expect(special.every((h) => Number(h.key.slice(1)) >= 2500)).toBe(true);
    expect(special.length).toBe(Array.from({ length: 500 }, (_, i) => i + 2500).filter((i) => i % 7 === 0).length);
  });

  it("keeps an updated item's slot and re-tokenises it only when its texts change", () => {
    const index = indexOf({ a: "Red Chair", b: "Blue Chair" });
    const before = index.stats();
    index.upsert({ key: "a", name: "Red Chair", boost: 0.9 }); // a stock change: same texts, new boost
    expect(index.stats()).toEqual(before);
    index.upsert({ key: "a", name: "Red Armchair" });
    expect(index.stats()).toMatchObject({ slots: 2, live: 2, free: 0, tokenised: before.tokenised + 1 });
    expect(keys(index, "armchair")).toEqual(["a"]);
    expect(keys(index, "chair")).toEqual(["b"]);
    index.remove("b");
    index.upsert({ key: "c", name: "Green Chair" }); // takes b's slot
    expect(index.stats()).toMatchObject({ slots: 2, live: 2, free: 0 });
    expect(keys(index, "chair")).toEqual(["c"]);
  });

  it("stays the size of the catalog after 100 full re-syncs of 50,000 items", () => {
    const colours = ["red", "blue", "green", "black", "white", "oak", "steel", "glass"];
    const kinds = ["chair", "table", "lamp", "shelf", "sofa", "mug", "faucet", "bench", "pipe"];
    const item = (i: number, round: number) => ({
      key: `item-${i}`,
      // Every 50th item is renamed each round (its colour changes); the others change stock only.
      name: `${colours[(i + (i % 50 === 0 ? round : 0)) % colours.length]} ${kinds[i % kinds.length]} ${i}`,
      fields: [{ text: `sku-${i} ${kinds[(i * 7) % kinds.length]}`, weight: 1 }],
      boost: round % 2 ? 0.9 : 1,
    });
    const N = 50_000;
    const fresh = new SearchIndex();
    for (let i = 0; i < N; i++) fresh.upsert(item(i, 100));
    const synced = new SearchIndex();
    for (let round = 0; round <= 100; round++) for (let i = 0; i < N; i++) synced.upsert(item(i, round));
    const a = fresh.stats();
    const b = synced.stats();
    expect(b).toMatchObject({ live: N, slots: N, free: 0, capacity: a.capacity, postings: a.postings });
    expect(b.terms).toBeLessThanOrEqual(a.terms * 1.1);
    // Tokenised: the first build and the renamed items only.
    expect(b.tokenised).toBe(N + 100 * (N / 50));
    expect(keys(synced, "red chair 0")).toEqual(keys(fresh, "red chair 0"));
  }, 120_000);

  it("squeezes out free slots when they outnumber the live ones", () => {
    const index = new SearchIndex();
    for (let i = 0; i < 5000; i++) index.upsert({ key: `k${i}`, name: `Widget ${i}` });
    for (let i = 0; i < 4900; i++) {
      index.remove(`k${i}`);
      const s = index.stats();
      expect(s.slots).toBe(s.live + s.free);
      expect(s.free).toBeLessThanOrEqual(Math.max(s.live, 1023));
    }
    const s = index.stats();
    expect(s).toMatchObject({ live: 100, postings: 200 });
    expect(s.capacity).toBeLessThanOrEqual(2048);
    expect(keys(index, "widget 4999")[0]).toBe("k4999");
    for (let i = 0; i < 1000; i++) index.upsert({ key: `n${i}`, name: `Gadget ${i}` }); // free slots first
    expect(index.stats().slots).toBe(s.slots + Math.max(0, 1000 - s.free));
    expect(keys(index, "gadget 999")[0]).toBe("n999");
  });

  it("keeps scoring right when the pass counters wrap", () => {
    const names = { a: "Cotton T Shirt", b: "Linen Shirt", c: "T Shirt Dress", d: "Shirt Hanger" };
    const fresh = indexOf(names);
    const near = new SearchIndex({}, MAX_STAMP - 5);
    for (const [key, name] of Object.entries(names)) near.upsert({ key, name });
    const expected = fresh.search({ term: "t shirt", limit: 10 });
    expect(expected[0]!.match_score).toBeLessThanOrEqual(100);
    // Each search takes several passes: twenty of them cross the limit.
    for (let i = 0; i < 20; i++) expect(near.search({ term: "t shirt", limit: 10 })).toEqual(expected);
    expect(near.search({ term: "shirt hang", limit: 10 })).toEqual(fresh.search({ term: "shirt hang", limit: 10 }));
  });
});

describe("search index: order", () => {
  it("breaks ties by item id, whatever the order items were indexed or updated in", () => {
    const index = new SearchIndex();
    for (const key of ["m3", "m1", "m2"]) index.upsert({ key, name: "Blue Enamel Mug" });
    expect(keys(index, "blue mug")).toEqual(["m1", "m2", "m3"]);
    index.upsert({ key: "m1", name: "Blue Enamel Mug", boost: 1 }); // a stock update
    index.remove("m2");
    index.upsert({ key: "m2", name: "Blue Enamel Mug" }); // back on sale, in another slot
    expect(keys(index, "blue mug")).toEqual(["m1", "m2", "m3"]);
    expect(keys(index, "blue mug", 2)).toEqual(["m1", "m2"]);
  });

  it("orders ties by the whole item id: long ids sharing their start, short ones, other scripts", () => {
    const ids = ["item-00100", "item-0010", "item-001", "item-0002", "itemA", "e", "é1", "é", "ж-7", "", "item-00101x"];
    const index = new SearchIndex();
    for (const key of ids) index.upsert({ key, name: "Blue Enamel Mug" });
    const sorted = [...ids].sort();
    expect(keys(index, "blue mug", ids.length)).toEqual(sorted);
    expect(keys(index, "blue mug", 3)).toEqual(sorted.slice(0, 3));
  });
});

describe("search index: the language of a text", () => {
  it("leaves out a description's own stop words: German 'die' is an article, English 'die' a word", () => {
    const index = new SearchIndex();
    index.upsert({ key: "mug", name: "Becher", fields: [{ text: "die blaue Tasse", weight: 0.3, language: "de" }] });
    index.upsert({ key: "car", name: "Model car", fields: [{ text: "die cast metal", weight: 0.3, language: "en" }] });
    expect(keys(index, "die")).toEqual(["car"]);
    expect(keys(index, "blaue")).toEqual(["mug"]);
    // The same text in another language is indexed again, not skipped as unchanged.
    index.upsert({ key: "mug", name: "Becher", fields: [{ text: "die blaue Tasse", weight: 0.3 }] });
    expect(keys(index, "die").sort()).toEqual(["car", "mug"]);
  });
});
