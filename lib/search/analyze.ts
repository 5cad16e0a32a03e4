/**
 * Text -> search terms, the same way for item texts and for what a person types.
 *
 * - Text is folded (./fold.ts): NFKC, case, accents, HTML entities; ß -> ss, ø -> o, æ -> ae...;
 *   Cyrillic transliterated to Latin (so both Serbian scripts are one); Greek without accents.
 * - Words are runs of letters of any script (\p{L} with their marks); plurals are reduced by a
 *   light English stemmer ("tables" -> "table", "batteries" -> "battery", "shelves" -> "shelf").
 * - Scripts written without spaces (Han, kana, Thai, Lao, Khmer, Myanmar) give character bigrams
 *   ("日本茶" -> 日本, 本茶) and their characters as covered unigrams; one character is a word.
 * - Numbers keep their shape (3/4, 1-1/2, 1.9); a decimal comma is a point ("0,5"), a comma before
 *   exactly three digits a thousands separator ("1,000"). A number followed by a unit becomes a
 *   measure term with the unit's canonical name: `2 in.`, `2-inch`, `2"`, `2in` all give "2in";
 *   `60-Watt` gives "60w"; `1.9 cu. ft.` gives "1.9cuft"; metric units in one unit per quantity:
 *   "0,5 l", "50 cl", "500ml", "500 ml" give "500ml", "1 kg" "1000g", "1.8 m" "1800mm".
 * - Two numbers joined by x, * or "by" give a dimension term: `2 in. x 4 in.`, `2x4` -> "2x4".
 * - Letters glued to digits or hyphenated words also give their joined form: `SC-141` -> "sc141",
 *   `Strong-Tie` -> "strongtie", `R13` -> "r13", so codes and compounds match however typed.
 * Every term carries the offsets of the original text it came from (for highlighting).
 */

import { fold } from "./fold";

export { fold };

export type TermKind = "word" | "number" | "measure" | "dimension" | "joined";

export interface Term {
  term: string;
  kind: TermKind;
  /** Offsets in the original text, end exclusive. */
  start: number;
  end: number;
  /** For word terms: the folded word before stemming (what a prefix or a typo is compared with). */
  surface?: string;
  /** Set on the parts (number and unit words) that a measure or dimension term also covers. */
  covered?: boolean;
}

/** Canonical units; a unit counts only right after a number. */
const UNITS: Record<string, string> = {
  in: "in",
  inch: "in",
  inches: "in",
  '"': "in",
  ft: "ft",
  foot: "ft",
  feet: "ft",
  "'": "ft",
  yd: "yd",
  yard: "yd",
  yards: "yd",
  mm: "mm",
  millimeter: "mm",
  millimeters: "mm",
  millimetre: "mm",
  millimetres: "mm",
  cm: "cm",
  // Cyrillic "см" transliterated.
  sm: "cm",
  centimeter: "cm",
  centimeters: "cm",
  centimetre: "cm",
  centimetres: "cm",
  dm: "dm",
  m: "m",
  meter: "m",
  meters: "m",
  metre: "m",
  metres: "m",
  km: "km",
  ml: "ml",
  milliliter: "ml",
  milliliters: "ml",
  millilitre: "ml",
  millilitres: "ml",
  cl: "cl",
  dl: "dl",
  l: "l",
  lt: "l",
  ltr: "l",
  liter: "l",
  liters: "l",
  litre: "l",
  litres: "l",
  mg: "mg",
  g: "g",
  gr: "g",
  gram: "g",
  grams: "g",
  gramm: "g",
  kg: "kg",
  kilo: "kg",
  kilos: "kg",
  kilogram: "kg",
  kilograms: "kg",
  gal: "gal",
  gallon: "gal",
  gallons: "gal",
  qt: "qt",
  quart: "qt",
  quarts: "qt",
  pt: "pt",
  pint: "pt",
  oz: "oz",
  ounce: "oz",
  ounces: "oz",
  lb: "lb",
  lbs: "lb",
  pound: "lb",
  pounds: "lb",
  w: "w",
  watt: "w",
  watts: "w",
  v: "v",
  volt: "v",
  volts: "v",
  a: "a",
  amp: "a",
  amps: "a",
  ampere: "a",
  amperes: "a",
  ah: "ah",
  mah: "mah",
  btu: "btu",
  btus: "btu",
  gpm: "gpm",
  gpf: "gpf",
  psi: "psi",
  cfm: "cfm",
  hp: "hp",
  ga: "ga",
  gauge: "ga",
  awg: "ga",
  pk: "pk",
  pack: "pk",
  packs: "pk",
  pc: "pc",
  pcs: "pc",
  piece: "pc",
  pieces: "pc",
  ct: "ct",
  count: "ct",
  light: "light",
  lights: "light",
  gang: "gang",
  tier: "tier",
  shelf: "shelf",
  shelves: "shelf",
  drawer: "drawer",
  drawers: "drawer",
  door: "door",
  doors: "door",
  handle: "handle",
  burner: "burner",
  burners: "burner",
  panel: "panel",
  step: "step",
  cup: "cup",
  cups: "cup",
  k: "k",
  lumen: "lumen",
  lumens: "lumen",
  mil: "mil",
  deg: "deg",
  degree: "deg",
  degrees: "deg",
};

/**
 * Metric units are written in one unit per quantity, so "0,5 l", "50 cl" and "500 ml" are one
 * term ("500ml"), as are "1 kg" and "1000 g", "1.8 m" and "180 cm": the smallest everyday unit
 * (ml, g, mm), which keeps the number as most shops print it and lets "50" complete to "500ml".
 */
const METRIC: Record<string, [unit: string, factor: number]> = {
  cm: ["mm", 10],
  dm: ["mm", 100],
  m: ["mm", 1000],
  km: ["mm", 1_000_000],
  cl: ["ml", 10],
  dl: ["ml", 100],
  l: ["ml", 1000],
  mg: ["g", 0.001],
  kg: ["g", 1000],
};

/** A measure's term: the number in the unit of its quantity ("0.5" "l" -> "500ml"). */
function measureTerm(value: string, unit: string): string {
  const metric = METRIC[unit];
  if (!metric || !/^\d+(?:\.\d+)?$/.test(value)) return `${value}${unit}`;
  // toPrecision: 1.1 x 1000 is 1100.0000000000002 in floating point.
  return `${Number((Number(value) * metric[1]).toPrecision(12))}${metric[0]}`;
}

/** Units written as two words: `cu. ft.`, `sq. ft.`, `fl. oz.`. */
const TWO_WORD_UNITS: Record<string, string> = {
  "cu ft": "cuft",
  "cubic ft": "cuft",
  "cubic feet": "cuft",
  "cubic foot": "cuft",
  "cu in": "cuin",
  "cu yd": "cuyd",
  "sq ft": "sqft",
  "square ft": "sqft",
  "square feet": "sqft",
  "square foot": "sqft",
  "sq in": "sqin",
  "sq yd": "sqyd",
  "fl oz": "floz",
  "fluid oz": "floz",
  "fluid ounce": "floz",
  "fluid ounces": "floz",
};

/** English words too common to search by (other languages: ./stopwords.ts); dropped from queries and not indexed on their own. */
export const STOPWORDS = new Set([
  "a",
  "an",
  "and",
  "the",
  "of",
  "for",
  "with",
  "in",
  "on",
  "to",
  "by",
  "x",
  "or",
  "at",
  "from",
  "into",
  "is",
  "it",
  "w",
]);

const SAME_PLURAL = new Set(["series", "species", "news"]);

/** Light English plural stemmer: enough for product words, never shortens below 3 letters. */
export function stem(word: string): string {
  const n = word.length;
  if (n <= 3 || word.charCodeAt(n - 1) !== 115 /* s */) return word;
  if (word.endsWith("ss") || word.endsWith("us") || word.endsWith("is") || SAME_PLURAL.has(word)) return word;
  if (n > 4 && word.endsWith("ies") && !word.endsWith("eies") && !word.endsWith("aies")) return `${word.slice(0, -3)}y`;
  if (n > 5 && word.endsWith("lves")) return `${word.slice(0, -3)}f`;
  if (n > 4 && /(ches|shes|sses|xes|zes)$/.test(word)) return word.slice(0, -2);
  return word.slice(0, -1);
}

/**
 * A word's root for matching its other forms at a lower weight: "lighting", "lighted",
 * "lighter" -> "light"; "framing", "frame" -> "fram"; "cutting", "cutter" -> "cut".
 * Rough on purpose (it is a recall aid, never the term itself).
 */
export function root(term: string): string {
  if (term.length <= 4 || /\d/.test(term)) return term;
  let r = term;
  const m = /(?:ings|ing|ers|er|ed|ly)$/.exec(r);
  if (m && r.length - m[0].length >= 3) {
    r = r.slice(0, -m[0].length);
    const n = r.length;
    if (n > 3 && r[n - 1] === r[n - 2] && !"aeiouls".includes(r[n - 1]!)) r = r.slice(0, -1);
  }
  if (r.length > 3 && r.endsWith("e")) r = r.slice(0, -1);
  return r;
}

interface Lexeme {
  text: string;
  /** cjk: a run of a script written without spaces (Han, kana, Thai, Lao, Khmer, Myanmar). */
  type: "alpha" | "num" | "sym" | "cjk";
  start: number;
  end: number;
  /** Whitespace (or nothing at the start) before it. */
  spaced: boolean;
}

const NO_SPACE_SCRIPT = String.raw`\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Thai}\p{scx=Lao}\p{scx=Khmer}\p{scx=Myanmar}`;
const NO_SPACE = `(?:(?=[\\p{L}\\p{M}])[${NO_SPACE_SCRIPT}])`;
const LETTER = `(?:(?![${NO_SPACE_SCRIPT}])[\\p{L}\\p{M}])`;
/**
 * Numbers: "1,000" (a comma before exactly three digits, not after a leading 0) is a thousands
 * separator; any other comma between digits is a decimal comma ("0,5", "1,25").
 */
const NUMBER = String.raw`[1-9]\d{0,2}(?:,\d{3})+(?![\d,])(?:\.\d+)?|\d+(?:[.,]\d+)?|\.\d+`;
const SYMBOL = `["'*\\-/#.&+]`;
/** Plain ASCII (most catalogs, most queries): the same tokens with a faster expression. */
const LEX_ASCII = new RegExp(`[a-z]+(?:'[a-z]+)*|${NUMBER}|${SYMBOL}`, "g");
const LEX = new RegExp(`${NO_SPACE}+|${LETTER}+(?:'${LETTER}+)*|${NUMBER}|${SYMBOL}`, "gu");
const IS_NO_SPACE = new RegExp(NO_SPACE, "u");

function lex(folded: string): Lexeme[] {
  const out: Lexeme[] = [];
  let last = 0;
  const ascii = !/[\u0080-\uffff]/.test(folded);
  for (const m of folded.matchAll(ascii ? LEX_ASCII : LEX)) {
    const start = m.index;
    const text = m[0];
    const c = text.charCodeAt(0);
    const type =
      (c >= 48 && c <= 57) || (c === 46 && text.length > 1)
        ? "num"
        : text.length === 1 && SYMBOL_CHARS.includes(text)
          ? "sym"
          : !ascii && IS_NO_SPACE.test(text)
            ? "cjk"
            : "alpha";
    // Apostrophes inside words go: "steve's" -> "steve", "don't" -> "dont".
    let word = type === "alpha" && text.includes("'") ? text.replace(/'s$/, "").replace(/'/g, "") : text;
    if (type === "num" && text.includes(","))
      word = /^[1-9]\d{0,2}(,\d{3})+(\.|$)/.test(text) ? text.replace(/,/g, "") : text.replace(",", ".");
    out.push({ text: word, type, start, end: start + text.length, spaced: start === 0 || start > last });
    last = start + text.length;
  }
  return out;
}

const SYMBOL_CHARS = `"'*-/#.&+`;

/** "2.50" -> "2.5", ".5" -> "0.5", "007" -> "7" (numbers compare by value, fractions by shape). */
function canonicalNumber(text: string): string {
  if (text.includes("/")) return text;
  const n = Number(text);
  return Number.isFinite(n) ? String(n) : text;
}

interface NumberSpan {
  value: string;
  start: number;
  end: number;
  /** Index of the first lexeme after it. */
  next: number;
}

/** A number at lexeme i: 3, 1.9, 3/4, 1-1/2, 1 1/2 (a whole number and a fraction). */
function readNumber(lx: Lexeme[], i: number): NumberSpan | undefined {
  const a = lx[i];
  if (a?.type !== "num") return undefined;
  const fraction = (j: number) => {
    const slash = lx[j];
    const den = lx[j + 1];
    const num = lx[j - 1];
    if (slash?.text === "/" && !slash.spaced && den?.type === "num" && !den.spaced && num && !num.text.includes(".")) {
      return { text: `${num.text}/${den.text}`, end: den.end, next: j + 2 };
    }
    return undefined;
  };
  const own = fraction(i + 1);
  if (own) return { value: own.text, start: a.start, end: own.end, next: own.next };
  // Mixed number: "1-1/2" or "1 1/2".
  const sep = lx[i + 1];
  const b = sep?.text === "-" && !sep.spaced ? lx[i + 2] : sep;
  const bIndex = b === sep ? i + 1 : i + 2;
  if (b?.type === "num" && !a.text.includes(".")) {
    const f = fraction(bIndex + 1);
    if (f && (b !== sep || b.spaced)) return { value: `${a.text}-${f.text}`, start: a.start, end: f.end, next: f.next };
  }
  return { value: canonicalNumber(a.text), start: a.start, end: a.end, next: i + 1 };
}

/** A unit right after a number (lexeme i): its canonical name, end offset and next lexeme. */
function readUnit(lx: Lexeme[], i: number): { unit: string; first: number; end: number; next: number } | undefined {
  let j = i;
  if (lx[j]?.text === "-" && !lx[j]!.spaced) j++;
  const first = lx[j];
  if (!first) return undefined;
  if (first.text === '"' || first.text === "'") {
    // 6' 2" style: a foot mark followed by a second quote is an inch mark ('' = ").
    if (first.text === "'" && lx[j + 1]?.text === "'" && !lx[j + 1]!.spaced) {
      return { unit: "in", first: j, end: lx[j + 1]!.end, next: j + 2 };
    }
    return { unit: UNITS[first.text]!, first: j, end: first.end, next: j + 1 };
  }
  if (first.type !== "alpha") return undefined;
  let k = j + 1;
  let end = first.end;
  if (lx[k]?.text === "." && !lx[k]!.spaced) {
    end = lx[k]!.end;
    k++;
  }
  const second = lx[k];
  if (second?.type === "alpha") {
    const two = TWO_WORD_UNITS[`${first.text} ${second.text}`];
    if (two) {
      let next = k + 1;
      let end2 = second.end;
      if (lx[next]?.text === "." && !lx[next]!.spaced) {
        end2 = lx[next]!.end;
        next++;
      }
      return { unit: two, first: j, end: end2, next };
    }
  }
  const unit = UNITS[first.text];
  return unit ? { unit, first: j, end, next: k } : undefined;
}

const isDimensionSign = (l: Lexeme | undefined) => l?.text === "x" || l?.text === "*" || l?.text === "by";

/**
 * The terms of a text, in order. Measure and dimension terms come after the number terms they
 * cover; joined forms after their parts.
 */
export function analyze(text: string): Term[] {
  const { folded, origin } = fold(text);
  const lx = lex(folded);
  const at = (offset: number) => (origin ? (origin[offset] ?? text.length) : offset);
  const atEnd = (offset: number) => (origin ? (offset > 0 ? (origin[offset - 1] ?? text.length - 1) + 1 : 0) : offset);
  const terms: Term[] = [];
  const push = (term: string, kind: TermKind, start: number, end: number, extra: Partial<Term> = {}) =>
    terms.push({ term, kind, start: at(start), end: atEnd(end), ...extra });

  /** The last measure: a following "x <number>" makes a dimension with it. */
  let lastNumber: { value: string; start: number; lexEnd: number; term: number } | undefined;
  let i = 0;
  while (i < lx.length) {
    const l = lx[i]!;
    if (l.type === "num") {
      const n = readNumber(lx, i)!;
      const numberTerm = terms.length;
      push(n.value, "number", n.start, n.end);
      let next = n.next;
      let end = n.end;
      const unit = readUnit(lx, next);
      if (unit) {
        terms[numberTerm]!.covered = true;
        push(measureTerm(n.value, unit.unit), "measure", n.start, unit.end, {
          surface: `${n.value}${folded.slice(lx[unit.first]!.start, unit.end).replace(/[^\p{L}"']/gu, "")}`,
        });
        next = unit.next;
        end = unit.end;
      }
      if (lastNumber && lastNumber.lexEnd === i) {
        terms[numberTerm]!.covered = true;
        terms[lastNumber.term]!.covered = true;
        push(`${lastNumber.value}x${n.value}`, "dimension", lastNumber.start, end);
      }
      // "2 in. x 4": remember where the dimension sign would be.
      lastNumber = isDimensionSign(lx[next])
        ? { value: n.value, start: n.start, lexEnd: next + 1, term: numberTerm }
        : undefined;
      // Letters glued to the number (not a unit): "2g" stays joined as a code, with its parts.
      const glued = lx[next];
      if (!unit && glued?.type === "alpha" && !glued.spaced && glued.text !== "x") {
        terms[numberTerm]!.covered = true;
        pushWord(glued, true);
        push(`${n.value}${glued.text}`, "joined", n.start, glued.end);
        lastNumber = undefined;
        next++;
      }
      i = next;
      continue;
    }
    if (l.type === "cjk") {
      pushBigrams(l);
      lastNumber = undefined;
      i++;
      continue;
    }
    if (l.type === "alpha") {
      // A run of letters and digits joined by nothing or "-": its parts, then the joined form.
      let j = i + 1;
      let joined = l.text;
      let end = l.end;
      let hasDigit = false;
      while (j < lx.length) {
        const x = lx[j]!;
        if (x.type === "sym" && x.text === "-" && !x.spaced && lx[j + 1] && !lx[j + 1]!.spaced) {
          const y = lx[j + 1]!;
          if (y.type === "sym") break;
          if (y.type === "num" && isDimensionSign(lx[j + 2])) break;
          joined += y.text;
          end = y.end;
          hasDigit ||= y.type === "num";
          j += 2;
          continue;
        }
        if (
          (x.type === "alpha" || x.type === "num") &&
          !x.spaced &&
          !(x.type === "num" && l.text === "x" && j === i + 1)
        ) {
          joined += x.text;
          end = x.end;
          hasDigit ||= x.type === "num";
          j++;
          continue;
        }
        break;
      }
      if (j === i + 1) {
        if (!(isDimensionSign(l) && lastNumber?.lexEnd === i + 1)) pushWord(l);
        i++;
        continue;
      }
      // Emit the parts one by one (numbers may carry units), then the whole.
      for (let k = i; k < j; k++) {
        const p = lx[k]!;
        if (p.type === "alpha") pushWord(p, true);
        else if (p.type === "num") push(canonicalNumber(p.text), "number", p.start, p.end, { covered: true });
      }
      const whole = hasDigit ? joined : stem(joined);
      push(whole, "joined", l.start, end, { surface: joined });
      lastNumber = undefined;
      i = j;
      continue;
    }
    i++;
  }
  return terms;

  /**
   * A run of a script written without spaces: its character bigrams ("日本茶" -> 日本, 本茶), then
   * its characters as covered unigrams, so a one-character query ("茶") finds it too. A run of one
   * character is a word of its own. A character is a letter with the marks after it (Thai vowels
   * and tone marks).
   */
  function pushBigrams(l: Lexeme) {
    const chars = [...l.text.matchAll(/\P{M}\p{M}*/gu)].map((m) => ({ text: m[0], start: l.start + m.index }));
    if (chars.length === 1) {
      push(l.text, "word", l.start, l.end, { surface: l.text });
      return;
    }
    for (let k = 0; k + 1 < chars.length; k++) {
      const a = chars[k]!;
      const b = chars[k + 1]!;
      push(a.text + b.text, "word", a.start, b.start + b.text.length, { surface: a.text + b.text });
    }
    for (const c of chars) push(c.text, "word", c.start, c.start + c.text.length, { surface: c.text, covered: true });
  }

  function pushWord(l: Lexeme, covered = false) {
    push(stem(l.text), "word", l.start, l.end, covered ? { surface: l.text, covered } : { surface: l.text });
  }
}

/** Terms an item text is indexed under: stopwords alone are left out. */
export function indexTerms(text: string): Term[] {
  return analyze(text).filter((t) => !(t.kind === "word" && STOPWORDS.has(t.term)));
}
