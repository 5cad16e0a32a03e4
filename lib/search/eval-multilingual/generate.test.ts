import { describe, expect, it } from "vitest";
import { analyze } from "../analyze";
import { makeLanguageSet, makeProducts, title } from "./generate";
import { LANGUAGES, serbianLatin, translate, WORDS } from "./words";

const DESCRIPTIONS = [
  "WHITE HANGING HEART T-LIGHT HOLDER",
  "RED WOOLLY HOTTIE WHITE HEART.",
  "GLASS STAR FROSTED T-LIGHT HOLDER",
  "SET 7 BABUSHKA NESTING BOXES",
  "PINK CHERRY LIGHTS",
];

describe("synthetic multilingual set", () => {
  it("has one distinct word per English word in each language", () => {
    for (const language of LANGUAGES) {
      const terms = Object.keys(WORDS).map((w) =>
        analyze(translate(w, language)!)
          .map((t) => t.term)
          .join(" "),
      );
      expect(new Set(terms).size, language).toBe(terms.length);
    }
  });

  it("writes Serbian Latin with its letters", () => {
    expect(serbianLatin("Чоколада ђак љубав џем")).toBe("Čokolada đak ljubav džem");
  });

  it("is the same on every run and writes titles in each language's way", () => {
    const a = makeProducts(DESCRIPTIONS);
    const b = makeProducts(DESCRIPTIONS);
    expect(a).toEqual(b);
    expect(a.products.map((p) => p.id)).toEqual(["p1", "p2", "p3", "p4"]);
    expect(title(a.english[0]!, "de")).toMatch(/^weiß hängend Herz Licht Halter/);
    expect(title(a.english[0]!, "ja")).toMatch(/^白い吊り下げハートライトホルダー/);
    const one = makeLanguageSet("ru", a.products, a.english, { queries: 5, seed: 1 });
    const two = makeLanguageSet("ru", a.products, a.english, { queries: 5, seed: 1 });
    expect([...one.judgments]).toEqual([...two.judgments]);
    for (const judged of one.judgments.values()) expect(Math.max(...judged.values())).toBe(3);
  });
});
