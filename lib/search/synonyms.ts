/**
 * The shop's synonyms: groups of words or short phrases that mean the same to its customers
 * ("tv, television"; "otr, over the range"). By default every entry of a group finds the others;
 * a one-way group makes only its first entry find the rest ("ss => stainless steel").
 * Entries are analysed like any text, so "2 inch" and "2in" are the same entry, and written in any
 * script ("молоко, mleko"). The same document holds the shop's language (its query stop words).
 */
import { z } from "zod";
import { analyze, STOPWORDS } from "./analyze";
import { stopwordsFor } from "./stopwords";

export const MAX_SYNONYM_WORDS = 4;

export const ZSynonymGroup = z.object({
  terms: z
    .array(z.string().trim().min(1, "required").max(100, "at most 100 characters"))
    .min(2, "a group has at least two entries")
    .max(20, "at most 20 entries per group"),
  one_way: z.boolean().default(false).describe("Only the first entry finds the others"),
});
export type TSynonymGroup = z.output<typeof ZSynonymGroup>;

const ZLanguage = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8})*$/, "a language tag such as en, de or sr-Latn")
  .nullable()
  .describe(
    "The shop's default language (a language tag): the stop words of queries. null or absent: English. Omitted on a replace: kept as it was.",
  );

export const ZSynonymsInput = z.object({
  synonyms: z.array(ZSynonymGroup).max(2000, "at most 2,000 groups"),
  language: ZLanguage.optional(),
});

export const ZSynonyms = z.object({
  synonyms: z.array(ZSynonymGroup),
  language: ZLanguage.optional(),
  date_modified: z.string().nullable().describe("When they were last replaced (null: never)"),
});
export type TSynonyms = z.output<typeof ZSynonyms>;

/** Compiled for the index: analysed entry -> the analysed entries it also finds. */
export interface SynonymTable {
  map: Map<string, string[][]>;
  /** The longest entry, in words. */
  maxWords: number;
  /** The stop words of the shop's language, for queries (English when absent). */
  stopwords?: ReadonlySet<string>;
}

/** An entry's search words (as a query would give them), or undefined when it has none. */
export function entryWords(entry: string, stopwords: ReadonlySet<string> = STOPWORDS): string[] | undefined {
  const all = analyze(entry);
  let words = all.filter((t) => !t.covered && !(t.kind === "word" && stopwords.has(t.term)));
  if (words.length === 0) words = all.filter((t) => !t.covered);
  return words.length > 0 ? words.map((t) => t.term) : undefined;
}

/** Field errors of groups whose entries say nothing searchable or are too long. */
export function synonymErrors(groups: TSynonymGroup[]): { loc: (string | number)[]; msg: string }[] {
  const errors: { loc: (string | number)[]; msg: string }[] = [];
  for (const [i, g] of groups.entries()) {
    for (const [j, t] of g.terms.entries()) {
      const words = entryWords(t);
      if (!words) errors.push({ loc: ["body", "synonyms", i, "terms", j], msg: "has no searchable word" });
      else if (words.length > MAX_SYNONYM_WORDS) {
        errors.push({ loc: ["body", "synonyms", i, "terms", j], msg: `at most ${MAX_SYNONYM_WORDS} words` });
      }
    }
  }
  return errors;
}

export function compileSynonyms(groups: TSynonymGroup[], language?: string | null): SynonymTable {
  const map = new Map<string, string[][]>();
  const stopwords = stopwordsFor(language);
  let maxWords = 0;
  for (const group of groups) {
    const entries = group.terms.map((t) => entryWords(t, stopwords)).filter((e): e is string[] => !!e);
    const sources = group.one_way ? entries.slice(0, 1) : entries;
    for (const source of sources) {
      const key = source.join(" ");
      maxWords = Math.max(maxWords, source.length);
      const list = map.get(key) ?? [];
      for (const target of entries) {
        const t = target.join(" ");
        if (t !== key && !list.some((x) => x.join(" ") === t)) list.push(target);
      }
      if (list.length > 0) map.set(key, list);
    }
  }
  return { map, maxWords, stopwords };
}
