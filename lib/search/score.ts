/**
 * The constants of the ranking, tuned on the development judgments (npm run eval:search) and
 * nowhere else. Changing one changes the figures in bench/results/search.json: re-run the eval.
 */
export interface ScoreParams {
  /** BM25 term-frequency saturation and name-length normalisation. */
  k1: number;
  b: number;
  /** Relevance is multiplied by coverage ** coveragePower (coverage: share of query words matched). */
  coveragePower: number;
  /** Weight of a match in the other texts (ids, categories, attributes, descriptions) vs the name. */
  otherFieldFactor: number;
  /** Match quality of a word found only outside the name (for match_score). */
  otherQuality: number;
  /** Expansion weights, relative to an exact match (1). */
  synonymWeight: number;
  /** Parts of a code or compound ("strong tie" for "strongtie") and compounds written together. */
  jointWeight: number;
  /** A measure's number alone, a dimension's numbers in another order. */
  partialWeight: number;
  /** Completions of the last word when it is not a known term / when it is one. */
  prefixWeight: number;
  prefixWeightKnown: number;
  prefixMinLength: number;
  maxPrefixTerms: number;
  typoWeight: number;
  /** Typos are looked for in words of at least this many letters. */
  typoMinLength: number;
  /** A known word is corrected only to words this many times more common. */
  typoCommonRatio: number;
  /** A word is split into two known words ("showerhead") only when rarer than this. */
  splitMaxDf: number;
  /** The last word of a query usually names the product: its importance is multiplied by this. */
  lastWordBoost: number;
  /** How many of the best candidates are re-ordered by word order in the name. */
  rerankDepth: number;
  /** Gain when all consecutive query words stand together in the name (part of it for some). */
  proximityWeight: number;
  /** Relevance kept for words matched only after the name's first in/with/for clause. */
  tailFactor: number;
  typeBoost: number;
  typeWeight: number;
  typo2MinLength: number;
  splitUnknownCodes: boolean;
  unknownPrefixMinLength: number;
  typoMinLengthUnknown: number;
  maxTypoTerms: number;
  coverageByQuality: boolean;
  /** Other forms of a word ("lighting" for "light"). */
  formWeight: number;
  idfPower: number;
  brandBoost: number;
}

export const DEFAULT_SCORE_PARAMS: ScoreParams = {
  k1: 1.2,
  b: 0.75,
  coveragePower: 2,
  otherFieldFactor: 0.5,
  otherQuality: 0.6,
  synonymWeight: 0.9,
  jointWeight: 0.9,
  partialWeight: 0.5,
  prefixWeight: 0.8,
  prefixWeightKnown: 0.3,
  prefixMinLength: 2,
  maxPrefixTerms: 40,
  typoWeight: 0.7,
  typoMinLength: 5,
  typoCommonRatio: 5,
  splitMaxDf: 5,
  lastWordBoost: 1,
  rerankDepth: 50,
  proximityWeight: 0.2,
  tailFactor: 0.8,
  typeBoost: 0,
  typeWeight: 0,
  typo2MinLength: 8,
  splitUnknownCodes: true,
  unknownPrefixMinLength: 99,
  typoMinLengthUnknown: 5,
  maxTypoTerms: 10,
  coverageByQuality: false,
  formWeight: 0.8,
  idfPower: 1,
  brandBoost: 0,
};
