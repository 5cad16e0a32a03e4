/**
 * Relevance evaluation on human judgments (the Home Depot search relevance data in
 * ../shared/data/search-relevance): every query of the judgments file is run against an index of
 * the product titles, and each result list is scored by NDCG@10 with gain = relevance - 1
 * (1 = irrelevant ... 3 = highly relevant) and unjudged results as gain 0. The ideal DCG of a
 * query comes from the judged relevances of that query. The same run scores plain BM25 baselines
 * over the same documents, so the comparison does not depend on the machine or the data version.
 */
import { createReadStream } from "node:fs";
import { createGunzip } from "node:zlib";
import { parse } from "csv-parse";
import { analyze, STOPWORDS } from "./analyze";
import { Bm25 } from "./bm25";
import type { ScoreParams } from "./score";
import { SearchIndex } from "./search-index";

export type Judgments = Map<string, Map<string, number>>;

async function* csvRows(file: string): AsyncGenerator<Record<string, string>> {
  const parser = createReadStream(file)
    .pipe(createGunzip())
    .pipe(parse({ columns: true, bom: true, relax_quotes: true }));
  for await (const row of parser) yield row as Record<string, string>;
}

export async function readProducts(file: string): Promise<{ id: string; title: string }[]> {
  const out: { id: string; title: string }[] = [];
  for await (const row of csvRows(file)) out.push({ id: row.product_uid!, title: row.product_title ?? "" });
  return out;
}

export async function readJudgments(file: string): Promise<Judgments> {
  const out: Judgments = new Map();
  for await (const row of csvRows(file)) {
    const query = row.query ?? "";
    let judged = out.get(query);
    if (!judged) {
      judged = new Map();
      out.set(query, judged);
    }
    judged.set(row.product_uid!, Number(row.relevance));
  }
  return out;
}

/** NDCG@k with gain = relevance - 1; unjudged results gain 0; ideal from the judged relevances. */
export function ndcgAt(ranked: string[], judged: Map<string, number>, k = 10): number {
  let dcg = 0;
  for (let i = 0; i < Math.min(k, ranked.length); i++) {
    const rel = judged.get(ranked[i]!);
    if (rel !== undefined) dcg += (rel - 1) / Math.log2(i + 2);
  }
  const ideal = [...judged.values()]
    .map((r) => r - 1)
    .sort((a, b) => b - a)
    .slice(0, k)
    .reduce((s, g, i) => s + g / Math.log2(i + 2), 0);
  return ideal > 0 ? dcg / ideal : 0;
}

export interface QualityFigures {
  ndcg_at_10: number;
  zero_result_rate: number;
  /** Queries whose ideal DCG is 0 (every judged product irrelevant) count as NDCG 0. */
  queries: number;
  ms_per_query: number;
}

export function score(
  judgments: Judgments,
  search: (query: string) => string[],
): QualityFigures & { per_query: Map<string, number> } {
  let sum = 0;
  let zero = 0;
  const per = new Map<string, number>();
  const started = performance.now();
  for (const [query, judged] of judgments) {
    const ranked = search(query);
    if (ranked.length === 0) zero++;
    const ndcg = ndcgAt(ranked, judged);
    per.set(query, ndcg);
    sum += ndcg;
  }
  const ms = performance.now() - started;
  const n = judgments.size;
  return {
    ndcg_at_10: round(sum / n),
    zero_result_rate: round(zero / n),
    queries: n,
    ms_per_query: Math.round((ms / n) * 1000) / 1000,
    per_query: per,
  };
}

const round = (x: number) => Math.round(x * 10000) / 10000;

/** The baselines' tokens: our analysed terms (stopwords out) or plain lower-case words. */
export const analysedTokens = (text: string) =>
  analyze(text)
    .filter((t) => !(t.kind === "word" && STOPWORDS.has(t.term)))
    .map((t) => t.term);
export const plainTokens = (text: string) => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];

export interface QualityReport {
  products: number;
  queries: number;
  judgments: number;
  index_build_s: number;
  /** Heap taken by the index (after garbage collection), when the caller could measure it. */
  index_heap_mb?: number;
  index_terms: number;
  ours: QualityFigures;
  bm25_same_tokens: QualityFigures;
  bm25_plain_tokens: QualityFigures;
  /** ours.ndcg_at_10 - bm25_same_tokens.ndcg_at_10 (the target: at least 0.05). */
  ndcg_gain_over_bm25: number;
  ndcg_gain_over_plain_bm25: number;
}

export async function evaluateRelevance(options: {
  productsFile: string;
  judgmentsFile: string;
  params?: Partial<ScoreParams>;
  onProgress?: (line: string) => void;
  /** Heap in use after a full garbage collection, to measure the index's size. */
  heapUsed?: () => number;
}): Promise<{ report: QualityReport; index: SearchIndex; products: { id: string; title: string }[] }> {
  const say = options.onProgress ?? (() => {});
  const products = await readProducts(options.productsFile);
  const judgments = await readJudgments(options.judgmentsFile);
  say(`read ${products.length.toLocaleString("en")} products, ${judgments.size.toLocaleString("en")} queries`);

  const heapBefore = options.heapUsed?.();
  const started = performance.now();
  const index = new SearchIndex(options.params);
  for (const p of products) index.upsert({ key: p.id, name: p.title });
  const buildS = (performance.now() - started) / 1000;
  const heapMb = heapBefore === undefined ? undefined : ((options.heapUsed?.() ?? 0) - heapBefore) / 1048576;
  say(`indexed in ${buildS.toFixed(2)} s`);

  const same = new Bm25();
  const plain = new Bm25();
  for (const p of products) {
    same.add(analysedTokens(p.title));
    plain.add(plainTokens(p.title));
  }
  const ids = products.map((p) => p.id);

  const ours = score(judgments, (q) => index.search({ term: q, limit: 10 }).map((h) => h.key));
  const bm25 = score(judgments, (q) => same.search(analysedTokens(q), 10).map((d) => ids[d]!));
  const bm25Plain = score(judgments, (q) => plain.search(plainTokens(q), 10).map((d) => ids[d]!));
  const strip = ({ per_query: _, ...figures }: QualityFigures & { per_query: unknown }) => figures;
  let judged = 0;
  for (const j of judgments.values()) judged += j.size;
  return {
    index,
    products,
    report: {
      products: products.length,
      queries: judgments.size,
      judgments: judged,
      index_build_s: Math.round(buildS * 1000) / 1000,
      ...(heapMb === undefined ? {} : { index_heap_mb: Math.round(heapMb * 10) / 10 }),
      index_terms: index.terms,
      ours: strip(ours),
      bm25_same_tokens: strip(bm25),
      bm25_plain_tokens: strip(bm25Plain),
      ndcg_gain_over_bm25: round(ours.ndcg_at_10 - bm25.ndcg_at_10),
      ndcg_gain_over_plain_bm25: round(ours.ndcg_at_10 - bm25Plain.ndcg_at_10),
    },
  };
}
