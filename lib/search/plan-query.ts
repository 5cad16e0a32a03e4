/**
 * What a query asks for: its words (stopwords out, a measure or a code counting as one word), and
 * for each word the index terms that match it, with a weight (for ranking) and a quality (for
 * match_score):
 *   exact term 1 | another form ("lighting") | the parts of a code ("strong tie" for
 *   "strongtie") or a compound split in two ("shower head" for "showerhead") | two query words
 *   written as one in the catalog | a synonym of the shop | a completion of the last word as typed
 *   | a spelling correction | a measure's number without its unit.
 */
import { analyze, STOPWORDS, stem, type Term } from "./analyze";
import { QUALITY, type ScoreParams } from "./score";
import type { SynonymTable } from "./synonyms";
import type { Vocabulary } from "./vocabulary";

export type MatchKind = "exact" | "form" | "joint" | "synonym" | "prefix" | "typo" | "partial";

export interface Expansion {
  /** Index term ids; more than one means all must be present (a phrase, the parts of a code). */
  terms: number[];
  weight: number;
  quality: number;
  kind: MatchKind;
  /** Scores with this rarity instead of the term's own (a stand-in must not outweigh the word). */
  idf?: number;
}

export interface QueryWord {
  /** As typed (folded). */
  text: string;
  expansions: Expansion[];
  /** Its rarity: its share of the query for coverage. */
  importance: number;
}

export const MAX_QUERY_WORDS = 16;
/**
 * A number's completions: more than a word's, because a digit or two has many (sizes, models)
 * and the one meant is usually not the most used ("iphone 1" -> "15" among "10", "12", "100"...).
 */
const NUMBER_PREFIX_FACTOR = 3;

export function planQuery(options: {
  text: string;
  vocabulary: Vocabulary;
  idf: (id: number) => number;
  params: ScoreParams;
  synonyms?: SynonymTable;
  /** The last word may be unfinished (search as you type). */
  prefixLast: boolean;
}): QueryWord[] {
  const { vocabulary: vocab, params: p, idf } = options;
  const all = analyze(options.text);
  const partsOf = (t: Term) => all.filter((x) => x.covered && x !== t && x.start >= t.start && x.end <= t.end);
  const stopwords = options.synonyms?.stopwords ?? STOPWORDS;
  let picked = all.filter((t) => !t.covered && !(t.kind === "word" && stopwords.has(t.term)));
  if (picked.length === 0) picked = all.filter((t) => !t.covered);
  // A code the catalog does not know ("nails18") is searched as its parts.
  picked = picked.flatMap((t) => {
    if (t.kind !== "joined" || vocab.live(t.term) !== undefined) return [t];
    const parts = partsOf(t);
    return parts.length > 0 ? parts.map((x) => ({ ...x, covered: false })) : [t];
  });
  picked = picked.slice(0, MAX_QUERY_WORDS);

  const words = picked.map((t, i): QueryWord => {
    const expansions: Expansion[] = [];
    const exact = vocab.live(t.term);
    const df = exact === undefined ? 0 : vocab.df[exact]!;
    if (exact !== undefined) expansions.push({ terms: [exact], weight: 1, quality: QUALITY.exact, kind: "exact" });
    const parts = partsOf(t);
    if (t.kind === "measure") {
      const number = parts.find((x) => x.kind === "number");
      const id = number && vocab.live(number.term);
      if (id !== undefined) {
        expansions.push({ terms: [id], weight: p.partialWeight, quality: QUALITY.number, kind: "partial" });
      }
    } else if (
      (t.kind === "dimension" || t.kind === "joined" || (t.kind === "word" && exact === undefined)) &&
      parts.length > 1
    ) {
      // A word with parts is a bigram of a script without spaces: one the catalog does not have
      // ("星紙", two query words typed together) still finds both characters.
      const ids = parts.map((x) => vocab.live(x.term));
      if (ids.every((id) => id !== undefined)) {
        const joined = t.kind !== "dimension";
        expansions.push({
          terms: ids as number[],
          weight: joined ? p.jointWeight : p.partialWeight,
          quality: joined ? QUALITY.near : QUALITY.dimensionParts,
          kind: joined ? "joint" : "partial",
        });
      }
    }
    const surface = t.surface ?? t.term;
    const letters = !/\d/.test(surface);
    const last = options.prefixLast && i === picked.length - 1;
    if (last && (t.kind === "number" || t.kind === "measure")) {
      // A number as typed so far: "50" finds "500ml", "iphone 1" finds "15"; a measure by its
      // number and unit letters as typed ("500m" on the way to "500ml"), the number alone too.
      const typedText = t.kind === "measure" ? surface : t.term;
      const max = p.maxPrefixTerms * NUMBER_PREFIX_FACTOR;
      for (const id of vocab.completions(typedText, exact, max)) {
        const typed = typedText.length / vocab.terms[id]!.length;
        const weight = (exact === undefined ? p.prefixWeight : p.prefixWeightKnown) * (0.5 + 0.5 * typed);
        expansions.push({
          terms: [id],
          weight,
          quality: QUALITY.prefixBase + QUALITY.prefixTyped * typed,
          kind: "prefix",
        });
      }
    }
    if (t.kind === "word" || t.kind === "joined") {
      if (options.prefixLast && i === picked.length - 1 && surface.length >= p.prefixMinLength) {
        for (const id of vocab.completions(surface, exact, p.maxPrefixTerms)) {
          const typed = surface.length / vocab.terms[id]!.length;
          const weight = (exact === undefined ? p.prefixWeight : p.prefixWeightKnown) * (0.5 + 0.5 * typed);
          const quality = QUALITY.prefixBase + QUALITY.prefixTyped * typed;
          expansions.push({ terms: [id], weight, quality, kind: "prefix" });
        }
      }
      if (t.kind === "word") {
        for (const id of vocab.forms(t.term, exact)) {
          expansions.push({ terms: [id], weight: p.formWeight, quality: QUALITY.near, kind: "form" });
        }
      }
      const typoMin = df > 0 ? p.typoMinLength : p.typoMinLengthUnknown;
      if (letters && surface.length >= typoMin && df < p.typoMaxDf) {
        const corrections = vocab.corrections(t.term, {
          minDf: df * p.typoCommonRatio,
          twoEdits: df === 0 && surface.length >= p.typo2MinLength,
          max: p.maxTypoTerms,
        });
        for (const id of corrections) {
          expansions.push({ terms: [id], weight: p.typoWeight, quality: QUALITY.typo, kind: "typo" });
        }
      }
      if (letters && surface.length >= 6 && df < p.splitMaxDf) {
        for (const [a, b] of vocab.splits(surface)) {
          expansions.push({ terms: [a, b], weight: p.jointWeight, quality: QUALITY.near, kind: "joint" });
        }
      }
    }
    const rarity =
      exact !== undefined ? idf(exact) : Math.max(0, ...expansions.flatMap((e) => e.terms.map((id) => idf(id))));
    return { text: surface, expansions, importance: Math.max(rarity, 0.1) };
  });

  // Two words the catalog writes as one ("shower head" -> "showerhead"): a stand-in for both.
  for (let i = 0; i + 1 < picked.length; i++) {
    const a = picked[i]!;
    const b = picked[i + 1]!;
    if (a.kind !== "word" || b.kind !== "word") continue;
    const id = vocab.live(stem(`${a.surface}${b.surface}`));
    if (id === undefined) continue;
    for (const w of [words[i]!, words[i + 1]!]) {
      const own = w.expansions.find((e) => e.kind === "exact");
      w.expansions.push({
        terms: [id],
        weight: p.jointWeight,
        quality: QUALITY.near,
        kind: "joint",
        idf: own ? Math.min(idf(own.terms[0]!), idf(id)) : undefined,
      });
    }
  }

  if (options.synonyms) addSynonyms(words, picked, options.synonyms, vocab, p);
  return words;
}

/** A synonym of one or more consecutive words is a stand-in for each of them. */
function addSynonyms(words: QueryWord[], picked: Term[], table: SynonymTable, vocab: Vocabulary, p: ScoreParams) {
  const keys = picked.map((t) => t.term);
  for (let start = 0; start < keys.length; start++) {
    for (let len = Math.min(table.maxWords, keys.length - start); len >= 1; len--) {
      const alternatives = table.map.get(keys.slice(start, start + len).join(" "));
      if (!alternatives) continue;
      for (const alternative of alternatives) {
        const ids = alternative.map((t) => vocab.live(t));
        if (!ids.every((id) => id !== undefined)) continue;
        for (let k = start; k < start + len; k++) {
          words[k]!.expansions.push({
            terms: ids as number[],
            weight: p.synonymWeight,
            quality: QUALITY.near,
            kind: "synonym",
          });
        }
      }
    }
  }
}
