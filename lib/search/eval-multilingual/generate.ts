/**
 * SYNTHETIC multilingual test set, made by code (deterministic, seeded) from real product
 * vocabulary: the Online Retail descriptions with at least two words of the word table (./words.ts)
 * become product titles in each language (table words translated, the others, mostly names such
 * as "retrospot", kept as written; Japanese words written without spaces), some with a size in the
 * language's way ("0,5 l", "500 мл", "500ml"). Queries are a product's words as people type them:
 * 1-3 of its translated words, some without diacritics, Serbian in the other script, a last word
 * cut short (search as you type), an adjacent-letter swap in a long word, a size typed another
 * way. Judgments come from the English words: relevance 3 for a product with every concept of the
 * query, 2 with all but one (queries of 2+ concepts), unjudged (gain 0) otherwise.
 */
import { createReadStream } from "node:fs";
import { createGunzip } from "node:zlib";
import { parse } from "csv-parse";
import { analyze } from "../analyze";
import type { Judgments } from "../evaluate";
import { type Language, serbianLatin, translate, WORDS } from "./words";

export interface Product {
  id: string;
  /** English concepts (table words, sizes as measure terms). */
  concepts: Set<string>;
}

export interface LanguageSet {
  language: Language;
  titles: Map<string, string>;
  judgments: Judgments;
}

/** The distinct descriptions of the Online Retail invoice lines, in file order. */
export async function readDescriptions(file: string): Promise<string[]> {
  const seen = new Set<string>();
  const parser = createReadStream(file)
    .pipe(createGunzip())
    .pipe(parse({ columns: true, bom: true, relax_quotes: true }));
  for await (const row of parser) {
    const text = String((row as Record<string, string>).Description ?? "").trim();
    if (text) seen.add(text);
  }
  return [...seen];
}

/** A seeded linear congruential generator: the same set on every run. */
export function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Sizes added to some titles: [measure term, how each language family writes it]. */
const SIZES: { term: string; comma: string; dot: string; cyrillic: string; ja: string }[] = [
  { term: "500ml", comma: "0,5 l", dot: "500 ml", cyrillic: "0,5 л", ja: "500ml" },
  { term: "1000ml", comma: "1 l", dot: "1 l", cyrillic: "1 л", ja: "1L" },
  { term: "250g", comma: "250 g", dot: "250 g", cyrillic: "250 г", ja: "250g" },
  { term: "1500ml", comma: "1,5 l", dot: "1.5 l", cyrillic: "1,5 л", ja: "1.5L" },
  { term: "200mm", comma: "20 cm", dot: "20 cm", cyrillic: "20 см", ja: "20cm" },
];
/** How a query types a size (all the same measure). */
const TYPED_SIZES: Record<string, string[]> = {
  "500ml": ["500ml", "0.5 l", "500 ml", "0,5l"],
  "1000ml": ["1l", "1000 ml", "1 l"],
  "250g": ["250g", "0,25 kg", "250 g"],
  "1500ml": ["1,5 l", "1.5l", "1500 ml"],
  "200mm": ["20cm", "200 mm", "20 cm"],
};

const CYRILLIC_LANGUAGES = new Set<Language>(["sr-Cyrl", "ru"]);

function sizeText(size: (typeof SIZES)[number], language: Language): string {
  if (language === "ja") return size.ja;
  if (CYRILLIC_LANGUAGES.has(language)) return size.cyrillic;
  return language === "el" ? size.dot : size.comma;
}

/** The English table words of a description (analysed like any text: singular, folded). */
function conceptsOf(description: string): string[] {
  return [...new Set(analyze(description).map((t) => t.term))].filter((t) => WORDS[t]);
}

/** Products: descriptions with 2+ table words, numbered in file order; every third gets a size. */
export function makeProducts(descriptions: string[], seed = 27): { products: Product[]; english: string[] } {
  const next = random(seed);
  const products: Product[] = [];
  const english: string[] = [];
  for (const description of descriptions) {
    if (conceptsOf(description).length < 2) continue;
    const concepts = new Set(conceptsOf(description));
    let text = description;
    if (next() < 0.33) {
      const size = SIZES[Math.floor(next() * SIZES.length)]!;
      concepts.add(size.term);
      text += `\u0000${SIZES.indexOf(size)}`;
    }
    products.push({ id: `p${products.length + 1}`, concepts });
    english.push(text);
  }
  return { products, english };
}

/** A title in a language: each word of the description translated when the table has it. */
export function title(english: string, language: Language): string {
  const [text, sizeIndex] = english.split("\u0000");
  const out: string[] = [];
  for (const raw of text!.split(/\s+/)) {
    const concept = analyze(raw).find((t) => t.kind === "word" && WORDS[t.term])?.term;
    out.push(concept ? translate(concept, language)! : raw.toLowerCase());
  }
  if (sizeIndex !== undefined) out.push(sizeText(SIZES[Number(sizeIndex)]!, language));
  if (language !== "ja") return out.join(" ");
  // Japanese: the translated words run together, other words and sizes stand apart.
  let joined = "";
  for (const word of out) {
    const japanese = /[\u0080-\uffff]/.test(word);
    joined += joined && (!japanese || !/[\u0080-\uffff]$/.test(joined)) ? ` ${word}` : word;
  }
  return joined;
}

const stripAccents = (word: string) =>
  word
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ß/g, "ss")
    .replace(/ł/g, "l")
    .replace(/Ł/g, "L")
    .replace(/đ/g, "dj");

/** A query of a product as someone types it, and the concepts it asks for. */
function makeQuery(product: Product, language: Language, next: () => number): { text: string; concepts: string[] } {
  const words = [...product.concepts].filter((c) => WORDS[c]);
  const size = [...product.concepts].find((c) => !WORDS[c]);
  const count = Math.min(words.length, 1 + Math.floor(next() * 3));
  const picked: string[] = [];
  while (picked.length < count) {
    const w = words[Math.floor(next() * words.length)]!;
    if (!picked.includes(w)) picked.push(w);
  }
  let parts = picked.map((c) => translate(c, language)!.toLowerCase());
  const concepts = [...picked];
  const roll = next();
  if (language === "sr-Cyrl" && roll < 0.5) parts = parts.map(serbianLatin);
  else if (language === "sr-Latn" && roll < 0.5) parts = picked.map((c) => translate(c, "sr-Cyrl")!);
  else if (language !== "ja" && language !== "ru" && roll < 0.7) parts = parts.map(stripAccents);
  if (next() < 0.1) {
    const k = parts.findIndex((p) => p.length >= 6);
    if (k >= 0) {
      const p = parts[k]!;
      const at = 1 + Math.floor(next() * (p.length - 3));
      parts[k] = p.slice(0, at) + p[at + 1] + p[at] + p.slice(at + 2);
    }
  }
  if (size && next() < 0.4) {
    const typed = TYPED_SIZES[size]!;
    parts.push(typed[Math.floor(next() * typed.length)]!);
    concepts.push(size);
  } else if (next() < 0.3) {
    // Still typing the last word.
    const last = [...parts[parts.length - 1]!];
    const min = language === "ja" ? 2 : 3;
    if (last.length > min)
      parts[parts.length - 1] = last.slice(0, Math.max(min, Math.ceil(last.length * 0.6))).join("");
  }
  const text = language === "ja" && next() < 0.5 ? parts.join("") : parts.join(" ");
  return { text, concepts };
}

/** The titles and judged queries of one language. */
export function makeLanguageSet(
  language: Language,
  products: Product[],
  english: string[],
  options: { queries: number; seed: number },
): LanguageSet {
  const titles = new Map(products.map((p, i) => [p.id, title(english[i]!, language)]));
  const next = random(options.seed);
  const judgments: Judgments = new Map();
  for (let tries = 0; judgments.size < options.queries && tries < options.queries * 5; tries++) {
    const product = products[Math.floor(next() * products.length)]!;
    const { text, concepts } = makeQuery(product, language, next);
    if (judgments.has(text)) continue;
    const judged = new Map<string, number>();
    for (const p of products) {
      const missing = concepts.filter((c) => !p.concepts.has(c)).length;
      if (missing === 0) judged.set(p.id, 3);
      else if (missing === 1 && concepts.length >= 2) judged.set(p.id, 2);
    }
    judgments.set(text, judged);
  }
  return { language, titles, judgments };
}
