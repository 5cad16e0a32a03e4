/** The examples end to end over the in-memory index: every language, numbers as typed. */
import { describe, expect, it } from "vitest";
import { SearchIndex } from "./search-index";
import { stopwordsFor } from "./stopwords";
import { compileSynonyms, synonymErrors } from "./synonyms";

const catalog = [
  { key: "strasse", name: "Straßenkarte Berlin, Straße des 17. Juni" },
  { key: "smorrebrod", name: "Smørrebrød Teller aus Porzellan" },
  { key: "moloko", name: "Молоко 3,2% 1л" },
  { key: "mleko", name: "Млеко свеже 0,5 л" },
  { key: "tea", name: "日本茶 緑茶 ティーバッグ" },
  { key: "milk500", name: "Oat milk 500 ml" },
  { key: "milk1l", name: "Oat milk 1 l" },
  { key: "iphone15", name: "Apple iPhone 15 case" },
  { key: "iphone12", name: "Apple iPhone 12 case" },
  { key: "gala", name: "Γάλα φρέσκο πλήρες 1 λίτρο" },
  { key: "tisch", name: "Tisch und Stuhl aus Holz" },
  { key: "und", name: "Und so weiter, ein Roman" },
];

function index() {
  const ix = new SearchIndex();
  for (const item of catalog) ix.upsert(item);
  return ix;
}
const keys = (ix: SearchIndex, term: string, extra: Partial<Parameters<SearchIndex["search"]>[0]> = {}) =>
  ix.search({ term, limit: 10, ...extra }).map((h) => h.key);

describe("search in every language", () => {
  const ix = index();

  it("finds folded Latin letters however typed", () => {
    expect(keys(ix, "straße")).toContain("strasse");
    expect(keys(ix, "strasse")).toContain("strasse");
    expect(keys(ix, "smorrebrod")[0]).toBe("smorrebrod");
    expect(keys(ix, "Smørrebrød")[0]).toBe("smorrebrod");
  });

  it("finds Cyrillic in either script and with its measure", () => {
    expect(keys(ix, "молоко 1л")[0]).toBe("moloko");
    expect(keys(ix, "moloko 1 l")[0]).toBe("moloko");
    expect(keys(ix, "mleko")[0]).toBe("mleko");
    expect(keys(ix, "млеко 500 мл")[0]).toBe("mleko");
  });

  it("finds Greek and Japanese", () => {
    expect(keys(ix, "γαλα")[0]).toBe("gala");
    expect(keys(ix, "ΓΆΛΑ ΦΡΕΣΚΟ")[0]).toBe("gala");
    expect(keys(ix, "日本茶")[0]).toBe("tea");
    expect(keys(ix, "茶")[0]).toBe("tea");
    expect(keys(ix, "緑茶")[0]).toBe("tea");
    // Two characters typed together that the title does not have side by side.
    expect(keys(ix, "茶緑", { prefixLast: false })).toEqual(["tea"]);
  });

  it("completes numbers as typed and reads decimal commas and units", () => {
    expect(keys(ix, "50")).toContain("milk500");
    expect(keys(ix, "milk 50")[0]).toBe("milk500");
    expect(keys(ix, "milk 500m")[0]).toBe("milk500");
    expect(keys(ix, "iphone 1").slice(0, 2).sort()).toEqual(["iphone12", "iphone15"]);
    expect(keys(ix, "iphone 15")[0]).toBe("iphone15");
    expect(keys(ix, "oat milk 0,5 l")[0]).toBe("milk500");
    expect(keys(ix, "oat milk 1000ml")[0]).toBe("milk1l");
    // A number typed in full is not completed when the search is final.
    expect(keys(ix, "50", { prefixLast: false })).toEqual([]);
  });

  it("takes synonyms in any script", () => {
    const groups = [{ terms: ["молоко", "milk"], one_way: false }];
    expect(synonymErrors(groups)).toEqual([]);
    const synonyms = compileSynonyms(groups);
    expect(keys(ix, "milk", { synonyms, prefixLast: false })).toContain("moloko");
    expect(keys(ix, "moloko", { synonyms, prefixLast: false })).toContain("milk500");
    expect(synonymErrors([{ terms: ["日本茶", "お茶"], one_way: false }])).toEqual([]);
  });

  it("drops the stop words of the shop's language from queries", () => {
    // English (the default): "und" is a word to search by.
    expect(keys(ix, "und", { prefixLast: false }).sort()).toEqual(["tisch", "und"]);
    const german = compileSynonyms([], "de-AT");
    expect(german.stopwords?.has("und")).toBe(true);
    expect(german.stopwords?.has("fur")).toBe(true);
    // "tisch und stuhl": "und" is not asked for, so the novel titled "Und..." is not found.
    expect(keys(ix, "tisch und stuhl", { synonyms: german, prefixLast: false })).toEqual(["tisch"]);
    expect(stopwordsFor("sr-Cyrl").has("ili")).toBe(true);
    expect(stopwordsFor("xx")).toBe(stopwordsFor(undefined));
  });
});
