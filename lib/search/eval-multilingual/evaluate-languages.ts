/**
 * The multilingual part of `npm run eval:search` (SYNTHETIC data, see ./generate.ts): per
 * language, the zero-result rate and NDCG@10 of Lumen's search (as you type: the last word may
 * be unfinished) and of BM25 over the same Unicode words (our analyzer's terms, the language's
 * stop words out), on titles and queries made from the Online Retail vocabulary.
 */
import { indexTerms } from "../analyze";
import { Bm25 } from "../bm25";
import { score } from "../evaluate";
import { SearchIndex } from "../search-index";
import { stopwordsFor } from "../stopwords";
import { compileSynonyms } from "../synonyms";
import { makeLanguageSet, makeProducts, readDescriptions } from "./generate";
import { LANGUAGES, type Language } from "./words";

export interface LanguageFigures {
  language: Language;
  products: number;
  queries: number;
  lumen: { ndcg_at_10: number; zero_result_rate: number };
  bm25: { ndcg_at_10: number; zero_result_rate: number };
}

export async function evaluateLanguages(options: {
  onlineRetailFile: string;
  queriesPerLanguage?: number;
}): Promise<LanguageFigures[]> {
  const { products, english } = makeProducts(await readDescriptions(options.onlineRetailFile));
  const out: LanguageFigures[] = [];
  for (const [n, language] of LANGUAGES.entries()) {
    const set = makeLanguageSet(language, products, english, {
      queries: options.queriesPerLanguage ?? 400,
      seed: 1000 + n,
    });
    const stopwords = stopwordsFor(language);
    const tokens = (text: string) =>
      indexTerms(text)
        .filter((t) => !(t.kind === "word" && stopwords.has(t.term)))
        .map((t) => t.term);
    const index = new SearchIndex();
    const bm25 = new Bm25();
    const ids: string[] = [];
    for (const [id, title] of set.titles) {
      index.upsert({ key: id, name: title });
      bm25.add(tokens(title));
      ids.push(id);
    }
    const settings = compileSynonyms([], language);
    const lumen = score(set.judgments, (q) =>
      index.search({ term: q, limit: 10, synonyms: settings }).map((h) => h.key),
    );
    const base = score(set.judgments, (q) => bm25.search(tokens(q), 10).map((d) => ids[d]!));
    out.push({
      language,
      products: set.titles.size,
      queries: set.judgments.size,
      lumen: { ndcg_at_10: lumen.ndcg_at_10, zero_result_rate: lumen.zero_result_rate },
      bm25: { ndcg_at_10: base.ndcg_at_10, zero_result_rate: base.zero_result_rate },
    });
  }
  return out;
}

export function printLanguages(rows: LanguageFigures[], log: (line: string) => void = console.log): void {
  log("Multilingual (SYNTHETIC: Online Retail vocabulary translated by a word table, seeded queries)");
  log("  language  products  queries | lumen NDCG@10  zero | BM25 NDCG@10  zero");
  for (const r of rows) {
    const pct = (x: number) => `${(x * 100).toFixed(1)}%`.padStart(6);
    log(
      `  ${r.language.padEnd(8)} ${String(r.products).padStart(9)} ${String(r.queries).padStart(8)} | ${r.lumen.ndcg_at_10.toFixed(4).padStart(13)} ${pct(r.lumen.zero_result_rate)} | ${r.bm25.ndcg_at_10.toFixed(4).padStart(12)} ${pct(r.bm25.zero_result_rate)}`,
    );
  }
}
