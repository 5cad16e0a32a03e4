/**
 * Stop words per language: words too common to search by, dropped from queries (unless a query
 * has nothing else) and from the index terms. Keyed by the primary subtag of a language tag
 * ("de-AT" -> de): the catalog's description_language for descriptions, the shop's language
 * (the search settings) for queries and names. Listed as written and folded like any text, so
 * "für" is "fur" and the Cyrillic entries are their Latin transliteration. Only short function
 * words (articles, conjunctions, prepositions): a product word is never a stop word.
 * A language not listed (or none) uses English, as before languages were known.
 */
import { analyze, STOPWORDS } from "./analyze";

const LISTS: Record<string, string> = {
  de: "der die das den dem des ein eine einer eines einem einen und oder mit für von vom zu zum zur im in am an auf aus bei für ohne",
  fr: "le la les l de des du d un une et ou avec pour en au aux sur dans par à sans",
  es: "el la los las de del un una unos unas y o con para en por al sin",
  it: "il lo la i gli le l di del della dei delle un una uno e o con per in da al alla senza",
  pt: "o a os as de do da dos das um uma e ou com para em no na por sem",
  nl: "de het een en of met voor van in op aan zonder",
  pl: "i w we z ze na do dla od po o a oraz lub bez",
  cs: "a i v ve s se z ze na do pro od po o nebo bez",
  sk: "a i v vo s so z zo na do pre od po o alebo bez",
  hr: "i u za sa s od do na ili bez",
  sr: "i u za sa s od do na ili bez и у за са с од до на или без",
  sl: "in v za s z od do na ali brez",
  ru: "и в во с со для из по от к у на или без а",
  uk: "і й в у з із для від до на або без",
  bg: "и в във с със за от до на или без",
  el: "και με για σε στο στη στην στα στον στις το τα η ο οι του της των απο χωρις ή",
};

const cache = new Map<string, ReadonlySet<string>>();

/** The stop words (as analysed terms) of a language tag; English when unknown. */
export function stopwordsFor(language: string | null | undefined): ReadonlySet<string> {
  const key = (language ?? "").toLowerCase().split(/[-_]/)[0] ?? "";
  const list = LISTS[key];
  if (!list) return STOPWORDS;
  let set = cache.get(key);
  if (!set) {
    set = new Set(analyze(list).map((t) => t.term));
    cache.set(key, set);
  }
  return set;
}

/** Languages with their own stop words (others use English). */
export const STOPWORD_LANGUAGES = ["en", ...Object.keys(LISTS)];
