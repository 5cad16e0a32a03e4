/**
 * Folding: the text every term is made from, the same for item texts and for what a person types.
 *
 * Per character: NFKC (full-width letters and digits, ligatures, "㎖" -> "ml"), lower case, then
 * - Latin letters lose their accents, and the letters that do not decompose are spelled the way a
 *   keyboard without them would (ß -> ss, ø -> o, æ -> ae, œ -> oe, ł -> l, đ -> d, þ -> th, ...);
 * - Cyrillic is transliterated to Latin letters (Serbian rules, then folded like Latin: ч -> c,
 *   ђ -> d, љ -> lj). Both sides are transliterated, so "mleko" and "млеко" are the same term and a
 *   Serbian shop's two scripts are one vocabulary; typos, prefixes and units then work on
 *   Cyrillic words with no second code path. Indexing both forms instead would double every
 *   Cyrillic term and split its document frequency. A Russian or Serbian word that happens to be
 *   spelled like a Latin one shares its term; in a catalog that is nearly always the same word;
 * - Greek keeps its letters, without accents and with the final sigma as σ;
 * - digits of every script become 0-9 (decimal digits are encoded in runs of ten);
 * - HTML entities are decoded and quotes of every style become " and '.
 * Other scripts (Han, kana, Thai, Hangul, Arabic, ...) keep their letters as NFKC gives them.
 */

/** Letters that NFD does not split into a base letter and an accent. */
const LATIN: Record<string, string> = {
  ß: "ss",
  ø: "o",
  æ: "ae",
  œ: "oe",
  ł: "l",
  đ: "d",
  þ: "th",
  ð: "d",
  ħ: "h",
  ı: "i",
  ŀ: "l",
  ŧ: "t",
  ĸ: "k",
  ŋ: "n",
  ſ: "s",
  ƒ: "f",
  ɖ: "d",
  ȥ: "z",
};

/** Serbian Cyrillic -> Latin (already folded: č, ć -> c, š -> s, ž -> z, đ -> d), plus the Russian, Ukrainian, Belarusian, Macedonian and Bulgarian letters. */
const CYRILLIC: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  д: "d",
  ђ: "d",
  е: "e",
  ж: "z",
  з: "z",
  и: "i",
  ј: "j",
  к: "k",
  л: "l",
  љ: "lj",
  м: "m",
  н: "n",
  њ: "nj",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  ћ: "c",
  у: "u",
  ф: "f",
  х: "h",
  ц: "c",
  ч: "c",
  џ: "dz",
  ш: "s",
  щ: "sc",
  ъ: "",
  ы: "y",
  ь: "",
  э: "e",
  ю: "ju",
  я: "ja",
  ё: "e",
  й: "j",
  і: "i",
  ї: "ji",
  є: "je",
  ґ: "g",
  ў: "u",
  ѓ: "g",
  ќ: "k",
  ѕ: "dz",
};

const QUOTES: Record<string, string> = {
  "\u201c": '"',
  "\u201d": '"',
  "\u2033": '"',
  "\u201e": '"',
  "\u00ab": '"',
  "\u00bb": '"',
  "\u2018": "'",
  "\u2019": "'",
  "\u2032": "'",
  "\u201a": "'",
  // NFKC writes ½ as 1⁄2 (fraction slash).
  "\u2044": "/",
};

const ENTITIES: Record<string, string> = { amp: "&", quot: '"', apos: "'", "#39": "'", lt: "<", gt: ">", nbsp: " " };

const ACCENTED_SCRIPT = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]/u;
const DIGIT = /\p{Nd}/u;
const cache = new Map<string, string>();

/** The folded form of one character (code point); see the file's comment. */
export function foldChar(c: string): string {
  let out = cache.get(c);
  if (out !== undefined) return out;
  out = "";
  for (const ch of c.normalize("NFKC").toLowerCase()) out += foldOne(ch);
  if (cache.size < 50_000) cache.set(c, out);
  return out;
}

function foldOne(ch: string): string {
  const quote = QUOTES[ch];
  if (quote !== undefined) return quote;
  const code = ch.codePointAt(0)!;
  if (code < 0x80) return ch;
  if (DIGIT.test(ch)) return String(digitValue(code));
  // A combining accent written apart from its letter ("e\u0301").
  if (code >= 0x300 && code <= 0x36f) return "";
  if (!ACCENTED_SCRIPT.test(ch)) return ch;
  let out = "";
  for (const base of ch.normalize("NFD").replace(/\p{M}/gu, "")) {
    out += LATIN[base] ?? CYRILLIC[base] ?? (base === "ς" ? "σ" : base);
  }
  return out;
}

/** 0-9 of a decimal digit of any script: Unicode encodes them in ascending runs of ten. */
function digitValue(code: number): number {
  let start = code;
  while (DIGIT.test(String.fromCodePoint(start - 1))) start--;
  return (code - start) % 10;
}

/** The folded text and, per folded character, the offset of the original character. */
export function fold(text: string): { folded: string; origin: number[] | undefined } {
  // Fast path: plain ASCII without entities folds to lower case, offsets unchanged.
  if (/^[\x20-\x7e]*$/.test(text) && !text.includes("&")) return { folded: text.toLowerCase(), origin: undefined };
  let folded = "";
  const origin: number[] = [];
  for (let i = 0; i < text.length; ) {
    if (text[i] === "&") {
      const m = /^&(amp|quot|apos|#39|lt|gt|nbsp);/i.exec(text.slice(i, i + 7));
      if (m) {
        folded += ENTITIES[m[1]!.toLowerCase()];
        origin.push(i);
        i += m[0].length;
        continue;
      }
    }
    const code = text.codePointAt(i)!;
    const width = code > 0xffff ? 2 : 1;
    const out = foldChar(text.slice(i, i + width));
    for (let k = 0; k < out.length; k++) origin.push(i);
    folded += out;
    i += width;
  }
  return { folded, origin };
}
