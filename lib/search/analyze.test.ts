import { describe, expect, it } from "vitest";
import { analyze, indexTerms, root, stem } from "./analyze";

const terms = (text: string) => analyze(text).map((t) => t.term);
/** What a query searches for: the terms not covered by a measure, dimension or code. */
const words = (text: string) =>
  indexTerms(text)
    .filter((t) => !t.covered)
    .map((t) => t.term);

describe("analyze", () => {
  it("folds case, accents, entities and plurals", () => {
    expect(terms("Café TABLES")).toEqual(["cafe", "table"]);
    expect(terms("Steves &amp; Sons")).toEqual(["steve", "son"]);
    expect(terms("Batteries, boxes, shelves, glasses, bus")).toEqual(["battery", "box", "shelf", "glass", "bus"]);
  });

  it("gives a number and its unit one measure term however it is written", () => {
    for (const text of ["2 in.", "2-inch", '2"', "2in", "2 inches", "2 In"]) expect(words(text), text).toEqual(["2in"]);
    expect(words("60-Watt")).toEqual(["60w"]);
    expect(words("60 w")).toEqual(["60w"]);
    expect(words("1.9 cu. ft.")).toEqual(["1.9cuft"]);
    expect(words("1-1/2 in.")).toEqual(["1-1/2in"]);
    expect(words("1 1/2 inch")).toEqual(["1-1/2in"]);
    expect(words("3/4 in")).toEqual(["3/4in"]);
    expect(words("(6-Pack)")).toEqual(["6pk"]);
    expect(words("2.50 lb")).toEqual(["2.5lb"]);
  });

  it("joins two numbers with x, * or by into a dimension", () => {
    expect(words("4x8")).toEqual(["4x8"]);
    expect(words("4 x 8")).toEqual(["4x8"]);
    expect(words("64*12")).toEqual(["64x12"]);
    expect(words("2 in. x 4 in. x 8 ft.")).toEqual(["2in", "4in", "2x4", "8ft", "4x8"]);
  });

  it("keeps codes and hyphenated compounds whole as well as in parts", () => {
    expect(terms("SC-141")).toEqual(["sc", "141", "sc141"]);
    expect(terms("Strong-Tie")).toEqual(["strong", "tie", "strongtie"]);
    expect(terms("R13")).toEqual(["r", "13", "r13"]);
    expect(words("Strong-Tie")).toEqual(["strongtie"]);
  });

  it("leaves stopwords out of the index terms", () => {
    expect(indexTerms("Faucet in Chrome with Valve").map((t) => t.term)).toEqual(["faucet", "chrome", "valve"]);
  });

  it("gives the offsets of the original text", () => {
    const text = "Crème 2-Inch Pipes";
    for (const t of analyze(text)) expect(text.slice(t.start, t.end).length).toBeGreaterThan(0);
    const [creme, , measure, pipe] = analyze(text);
    expect(text.slice(creme!.start, creme!.end)).toBe("Crème");
    expect(text.slice(measure!.start, measure!.end)).toBe("2-Inch");
    expect(text.slice(pipe!.start, pipe!.end)).toBe("Pipes");
  });
});

describe("stem and root", () => {
  it("reduces plurals but not words that only end in s", () => {
    expect(["tables", "lamps", "glass", "gas", "cactus", "series"].map(stem)).toEqual([
      "table",
      "lamp",
      "glass",
      "gas",
      "cactus",
      "series",
    ]);
  });

  it("gives other forms of a word the same root", () => {
    expect(root("lighting")).toBe(root("light"));
    expect(root("framing")).toBe(root("frame"));
    expect(root("cutting")).toBe(root("cutter"));
    expect(root("mower")).toBe(root("mowing"));
  });
});

describe("analyze, every language", () => {
  it("folds the letters of the Latin-script languages of Europe", () => {
    expect(terms("Straße")).toEqual(terms("strasse"));
    expect(terms("Smørrebrød")).toEqual(["smorrebrod"]);
    expect(terms("Æbleskiver Œuf Łódź Đak Þorri Ðe")).toEqual(["aebleskiver", "oeuf", "lodz", "dak", "thorri", "de"]);
    expect(terms("Crème brûlée, İstanbul, Ångström")).toEqual(["creme", "brulee", "istanbul", "angstrom"]);
    // A combining accent written apart, full-width letters (NFKC).
    expect(terms("Cafe\u0301 ＴＡＢＬＥ")).toEqual(["cafe", "table"]);
  });

  it("indexes Cyrillic as words, transliterated so both Serbian scripts are one", () => {
    expect(terms("млеко")).toEqual(terms("mleko"));
    expect(terms("Чоколада ЂАК Љубав Њива Џем")).toEqual(terms("Čokolada Đak Ljubav Njiva Džem"));
    expect(words("Молоко 1л")).toEqual(["moloko", "1000ml"]);
    expect(words("молоко 1 л")).toEqual(words("Молоко 1л"));
  });

  it("indexes Greek as words without accents, final sigma folded", () => {
    expect(terms("Γάλα ΦΡΈΣΚΟ")).toEqual(["γαλα", "φρεσκο"]);
    expect(terms("καφές")).toEqual(terms("ΚΑΦΕΣ"));
  });

  it("indexes scripts written without spaces as character bigrams, characters alone as covered unigrams", () => {
    expect(analyze("日本茶").map((t) => [t.term, !!t.covered])).toEqual([
      ["日本", false],
      ["本茶", false],
      ["日", true],
      ["本", true],
      ["茶", true],
    ]);
    expect(words("茶")).toEqual(["茶"]);
    expect(words("緑茶 ティー 500ml")).toEqual(["緑茶", "ティ", "ィー", "500ml"]);
    // Thai: a letter keeps its vowel and tone marks.
    expect(words("ข้าว")).toEqual(["ข้า", "าว"]);
    const text = "お茶 日本茶";
    const [first] = analyze(text);
    expect(text.slice(first!.start, first!.end)).toBe("お茶");
  });

  it("reads digits of every script and keeps letters and digits of other scripts as words", () => {
    expect(words("١٢٣ g")).toEqual(["123g"]);
    expect(terms("حليب")).toEqual(["حليب"]);
  });
});

describe("analyze, numbers and units as typed", () => {
  it("gives a metric measure one term in the unit of its quantity", () => {
    for (const text of ["500ml", "500 ml", "0,5 l", "0.5 l", "0.5L", "50 cl", "5 dl", "0,5 litre"]) {
      expect(words(text), text).toEqual(["500ml"]);
    }
    expect(words("1 kg")).toEqual(words("1000 g"));
    expect(words("250 mg")).toEqual(["0.25g"]);
    expect(words("1,8 m")).toEqual(words("180 cm"));
    expect(words("1.1 l")).toEqual(["1100ml"]);
  });

  it("reads a decimal comma, and a comma before three digits as thousands", () => {
    expect(words("0,5")).toEqual(["0.5"]);
    expect(words("1,25 kg")).toEqual(["1250g"]);
    expect(words("1,000 lumens")).toEqual(["1000lumen"]);
    expect(words("0,500 kg")).toEqual(["500g"]);
  });

  it("keeps the measure as typed for completion", () => {
    const measure = analyze("500 m").find((t) => t.kind === "measure")!;
    expect(measure.term).toBe("500000mm");
    expect(measure.surface).toBe("500m");
  });
});
