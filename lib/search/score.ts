/**
 * The constants of the ranking. They were tuned on the development judgments only
 * (`npm run eval:search`, Home Depot queries over product titles); each comment says what it
 * does and, where a feature was tried and dropped, that is recorded in lib/search/README.md.
 * Changing one changes the figures in bench/results/search.json: run the eval again.
 */
export interface ScoreParams {
  /** BM25 term-frequency saturation and name-length normalisation. */
  k1: number;
  b: number;
  /** Rarity (BM25 idf) is raised to this power: below 1, rare words dominate less. */
  idfPower: number;
  /** Relevance is multiplied by coverage ** coveragePower (coverage: the query's words matched, by rarity and match quality). */
  coveragePower: number;
  /** Weight of a match in the other texts (ids, categories, attributes, descriptions) vs the name. */
  otherFieldFactor: number;
  /** Match quality of a word found only outside the name (for match_score and coverage). */
  otherQuality: number;
  /** Expansion weights, relative to an exact match (1). */
  synonymWeight: number;
  /** The parts of a code or compound ("strong tie" for "strongtie"), two words written as one. */
  jointWeight: number;
  /** A measure's number alone ("2" for "2in"); a dimension's numbers apart. */
  partialWeight: number;
  /** Other forms of a word ("lighting" for "light"). */
  formWeight: number;
  /** Completions of the last word (search as you type), when it is not a known word / when it is. */
  prefixWeight: number;
  prefixWeightKnown: number;
  prefixMinLength: number;
  maxPrefixTerms: number;
  typoWeight: number;
  /** One-edit typos are looked for in known words of at least this many letters... */
  typoMinLength: number;
  /** ...used by fewer items than this (a common word is taken as spelled right)... */
  typoMaxDf: number;
  /** ...and corrected only to words this many times more common. */
  typoCommonRatio: number;
  /** Unknown words: one edit from this length, two edits from typo2MinLength. */
  typoMinLengthUnknown: number;
  typo2MinLength: number;
  maxTypoTerms: number;
  /** A word is split into two known words ("showerhead") only when used by fewer items than this. */
  splitMaxDf: number;
  /** How many of the best candidates are re-ordered by where the words stand in the name. */
  rerankDepth: number;
  /** Gain when every pair of consecutive query words stands together in the name. */
  proximityWeight: number;
  /** Relevance kept for words matched only after the name's first in/with/for clause. */
  tailFactor: number;
}

export const DEFAULT_SCORE_PARAMS: ScoreParams = {
  k1: 0.6,
  b: 0.75,
  idfPower: 0.6,
  coveragePower: 2,
  otherFieldFactor: 0.5,
  otherQuality: 0.6,
  synonymWeight: 0.9,
  jointWeight: 0.9,
  partialWeight: 0.5,
  formWeight: 0.3,
  prefixWeight: 0.8,
  prefixWeightKnown: 0.3,
  prefixMinLength: 2,
  maxPrefixTerms: 10,
  typoWeight: 0.3,
  typoMinLength: 5,
  typoMaxDf: 20,
  typoCommonRatio: 5,
  typoMinLengthUnknown: 3,
  typo2MinLength: 7,
  maxTypoTerms: 3,
  splitMaxDf: 5,
  rerankDepth: 30,
  proximityWeight: 0.2,
  tailFactor: 0.8,
};

/** Match quality per kind of match (match_score is their mean over the query's words, x 100). */
export const QUALITY = {
  exact: 1,
  /** Another form, a synonym, the parts of a code, two words written as one. */
  near: 0.9,
  typo: 0.7,
  /** Prefix: 0.6 + 0.3 x the share of the word typed. */
  prefixBase: 0.6,
  prefixTyped: 0.3,
  /** A measure's number without its unit. */
  number: 0.5,
  /** A dimension's numbers, not as that dimension. */
  dimensionParts: 0.6,
} as const;
