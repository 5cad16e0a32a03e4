/**
 * Smart search, quality and speed, on the Home Depot search relevance data (54,667 product
 * titles; the queries and human judgments of judgments-dev.csv.gz).
 *
 * Quality (also `npm run eval:search`, which runs this part alone): NDCG@10 (gain = relevance - 1,
 * unjudged = 0, ideal DCG from the query's judged relevances) and the zero-result rate of the
 * service's index, and in the same run of two plain BM25 baselines (k1 1.2, b 0.75, any-term
 * match): over the same analysed tokens, and over plain lower-case words.
 *
 * Speed, on a fresh PGlite database holding the products as items (loaded through the intake
 * code), and also on PostgreSQL when BENCH_DATABASE_URL is set:
 * - index build: the catalog index's first build from the database, in this process;
 * - in-process, one query at a time on this thread (one core): every judgment query through the
 *   service's index (SearchIndex.search), and through searchItems with its results cache off;
 * - over HTTP: the service itself, started as `npm start` does in a child process (../service.ts),
 *   with a smart-search touchpoint made through its API; autocannon (50 connections, in a worker
 *   thread here) for a 2 s warm-up then the measured run, terms drawn at random with repeats from
 *   the judgments, with a bearer token; with the results cache (as served), then restarted
 *   without it. Baselines in the same run: a bare node:http server in its own process answering a
 *   fixed JSON (a real search response), and Next's router answering a JSON 404 on the service.
 * ratio: ours / baseline (p99 latency; requests/s) and NDCG gains over the BM25 baselines.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { z } from "zod";
import { ingestBatch } from "@/lib/data/ingest-batch";
import { type Database, openPglite, openPostgres, setDatabase } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { env } from "@/lib/env";
import { aiSearchRule } from "@/lib/recommend/rule-constants";
import { getCatalog } from "@/lib/search/catalog-index";
import { evaluateRelevance, type QualityReport, readJudgments, readProducts } from "@/lib/search/evaluate";
import { searchItems } from "@/lib/search/search-items";
import {
  benchSettings,
  heapUsed,
  mb,
  parseOptions,
  RESULTS_DIR,
  type Scenario,
  type ScenarioReport,
  scratchPostgres,
  writeResult,
} from "../lib";
import { type Service, startFixedServer, startService, touchpointReady } from "../service";

export function datasetFiles(dir = join(env().SHARED_DATA_DIR, "search-relevance")) {
  return { products: join(dir, "products.csv.gz"), judgments: join(dir, "judgments-dev.csv.gz") };
}

export async function runQuality(options: { products: string; judgments: string; log?: (line: string) => void }) {
  const { report } = await evaluateRelevance({
    productsFile: options.products,
    judgmentsFile: options.judgments,
    onProgress: options.log,
    heapUsed,
  });
  return { report, section: qualitySection(report) };
}

function qualitySection(r: QualityReport) {
  return {
    parameters: { products: r.products, queries: r.queries, judgments: r.judgments },
    results: {
      ndcg_at_10: r.ours.ndcg_at_10,
      zero_result_rate: r.ours.zero_result_rate,
      ms_per_query: r.ours.ms_per_query,
      index_build_s: r.index_build_s,
      index_heap_mb: r.index_heap_mb,
      index_terms: r.index_terms,
    },
    baseline: { bm25_same_tokens: r.bm25_same_tokens, bm25_plain_tokens: r.bm25_plain_tokens },
    ratio: {
      ndcg_gain_over_bm25: r.ndcg_gain_over_bm25,
      ndcg_gain_over_plain_bm25: r.ndcg_gain_over_plain_bm25,
      target_gain: 0.05,
      meets_target: r.ndcg_gain_over_bm25 >= 0.05,
    },
  };
}

export function printQuality(r: QualityReport, log: (line: string) => void = console.log): void {
  const row = (name: string, f: { ndcg_at_10: number; zero_result_rate: number; ms_per_query: number }) =>
    log(
      `  ${name.padEnd(26)} NDCG@10 ${f.ndcg_at_10.toFixed(4)} | zero results ${(f.zero_result_rate * 100).toFixed(2)}% | ${f.ms_per_query} ms/query`,
    );
  row("lumen search", r.ours);
  row("BM25, same tokens", r.bm25_same_tokens);
  row("BM25, plain words", r.bm25_plain_tokens);
  log(
    `  gain over BM25 same tokens ${r.ndcg_gain_over_bm25 >= 0 ? "+" : ""}${r.ndcg_gain_over_bm25} (target +0.05), over plain BM25 +${r.ndcg_gain_over_plain_bm25}; index ${r.index_build_s} s, ${r.index_heap_mb ?? "?"} MB heap, ${r.index_terms} terms`,
  );
}

/** Writes the quality part into bench/results/search.json, keeping a speed part measured before. */
export function writeQuality(section: ReturnType<typeof qualitySection>): string {
  const file = join(RESULTS_DIR, "search.json");
  const old = existsSync(file)
    ? (JSON.parse(readFileSync(file, "utf8")) as Partial<
        Record<"parameters" | "results" | "baseline" | "ratio", { speed?: unknown }>
      >)
    : {};
  const measuredAt = new Date().toISOString();
  return writeResult("search", {
    parameters: { quality: section.parameters, speed: old.parameters?.speed },
    results: { quality: { ...section.results, measured_at: measuredAt }, speed: old.results?.speed },
    baseline: { quality: section.baseline, speed: old.baseline?.speed },
    ratio: { quality: section.ratio, speed: old.ratio?.speed },
  });
}

// ------------------------------------------------------------------------------------- speed

export function shuffled<T>(list: T[], seed = 7): T[] {
  const out = [...list];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const ms = (x: number) => Math.round(x * 1000) / 1000;

/** Queries per second of `run` over the terms, one at a time, for about `seconds`. */
async function inProcess(terms: string[], seconds: number, run: (term: string) => unknown) {
  for (const t of terms.slice(0, 300)) await run(t);
  const times: number[] = [];
  const started = performance.now();
  let i = 0;
  while (performance.now() - started < seconds * 1000) {
    const t0 = performance.now();
    await run(terms[i++ % terms.length]!);
    times.push(performance.now() - t0);
  }
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    queries: times.length,
    queries_per_s: Math.round(times.length / elapsed),
    p50_ms: ms(percentile(times, 0.5)),
    p99_ms: ms(percentile(times, 0.99)),
  };
}

const LOAD_WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const { createRequire } = require("node:module");
const autocannon = createRequire(workerData.base)("autocannon");
const paths = workerData.paths;
const identities = workerData.identities;
let i = workerData.offset;
const options = {
  url: workerData.url,
  connections: workerData.connections,
  duration: workerData.duration,
  headers: workerData.headers,
  requests: [{ setupRequest: (req) => {
    const n = i++;
    req.path = paths[n % paths.length];
    if (identities) req.headers = { ...req.headers, identity_value: identities[n % identities.length] };
    return req;
  } }],
};
autocannon(options, (error, result) =>
  // In a worker thread autocannon leaves its histograms encoded: aggregate them here.
  parentPort.postMessage(
    error ? { error: String(error) } : JSON.parse(JSON.stringify(autocannon.aggregateResult([result], options))),
  ),
);`;

export interface LoadResult {
  requests_per_s: number;
  p50_ms: number;
  p99_ms: number;
  p99_9_ms: number;
  max_ms: number;
  requests: number;
  errors: number;
  non_2xx: number;
}

/** autocannon in a worker thread (its own core) against `url` with the given paths. */
export function load(options: {
  url: string;
  paths: string[];
  /** Where in `paths` to start (a measured run after a warm-up does not replay the warm-up's terms). */
  offset?: number;
  /** An identity_value header per request, drawn in turn like the paths (content route). */
  identities?: string[];
  connections: number;
  duration: number;
  headers?: Record<string, string>;
}): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOAD_WORKER, {
      eval: true,
      workerData: { offset: 0, ...options, base: join(process.cwd(), "package.json") },
    });
    worker.once("error", reject);
    worker.once("message", (r) => {
      void worker.terminate();
      if (r.error) return reject(new Error(r.error));
      resolve({
        requests_per_s: Math.round(r.requests.total / r.duration),
        p50_ms: r.latency.p50,
        p99_ms: r.latency.p99,
        p99_9_ms: r.latency.p99_9 ?? r.latency.p99,
        max_ms: r.latency.max,
        requests: r.requests.total,
        errors: r.errors + r.timeouts,
        non_2xx: r.non2xx,
      });
    });
  });
}

/** Terms drawn at random (with repeats, as in a real search log) from the judgments' queries. */
function draw(terms: string[], n: number, seed = 11): string[] {
  let s = seed;
  return Array.from({ length: n }, () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return terms[s % terms.length]!;
  });
}

interface Target {
  name: "pglite" | "postgres";
  /** A fresh database, and the settings that point the service at it. */
  open: () => Promise<{ database: Database; settings: Record<string, string>; drop: () => Promise<void> }>;
}

/**
 * Loads the products as items into a fresh database, builds the catalog index in this process
 * (build time, in-process speed), then measures the service over HTTP on that database.
 */
async function onDatabase(target: Target, options: SpeedOptions, terms: string[]) {
  const say = (line: string) => options.log(`  [${target.name}] ${line}`);
  const { database, settings, drop } = await target.open();
  try {
    setDatabase(database);
    const results: Record<string, unknown> = {};
    try {
      await migrate(database);
      const rows = (await readProducts(options.productsFile)).map((p) => ({
        item_id: p.id,
        item_name: p.title,
        product_price: 10,
      }));
      let started = performance.now();
      for (let i = 0; i < rows.length; i += 5000)
        await ingestBatch({ kind: "items", records: rows.slice(i, i + 5000) });
      const loadS = (performance.now() - started) / 1000;
      say(`loaded ${rows.length.toLocaleString("en")} items in ${loadS.toFixed(1)} s`);
      const rssBefore = process.memoryUsage().rss;
      started = performance.now();
      const catalog = await getCatalog();
      const buildS = (performance.now() - started) / 1000;
      say(`index built from the database in ${buildS.toFixed(2)} s (${catalog.items.size} items)`);
      Object.assign(results, {
        items_load_s: Math.round(loadS * 10) / 10,
        index_build_from_database_s: Math.round(buildS * 1000) / 1000,
        rss_index_build_mb: mb(process.memoryUsage().rss - rssBefore),
      });
      if (target.name === "pglite") {
        const indexOnly = await inProcess(terms, 5, (term) =>
          catalog.index.search({ term, limit: 10, synonyms: catalog.synonyms }),
        );
        say(
          `in-process index: ${indexOnly.queries_per_s} queries/s (p50 ${indexOnly.p50_ms} ms, p99 ${indexOnly.p99_ms} ms)`,
        );
        catalog.cacheLimit = 0;
        const served = await inProcess(terms, 3, (term) => searchItems({ term, threshold: 0, max: 10 }));
        say(`in-process searchItems, no cache: ${served.queries_per_s} queries/s (p99 ${served.p99_ms} ms)`);
        Object.assign(results, { in_process_index: indexOnly, in_process_search_items_no_cache: served });
      }
    } finally {
      setDatabase(undefined);
      await database.close();
    }
    const overHttp = await measureService(settings, options, terms, say);
    return { results: { ...results, ...overHttp.results }, baseline: overHttp.baseline };
  } finally {
    await drop();
  }
}

/** The service started as `npm start` does, on the loaded database: its search over HTTP. */
async function measureService(
  settings: Record<string, string>,
  options: SpeedOptions,
  terms: string[],
  say: (line: string) => void,
) {
  const run = async (name: string, url: string, paths: string[], headers?: Record<string, string>) => {
    const offset = Math.floor(paths.length / 2);
    const warm = await load({ url, paths, connections: options.connections, duration: 2, headers });
    const r = await load({
      url,
      paths,
      offset,
      connections: options.connections,
      duration: options.duration,
      headers,
    });
    const seen = repeatShare(paths, warm.requests, offset, r.requests);
    say(
      `HTTP ${name.padEnd(34)} ${String(r.requests_per_s).padStart(6)} req/s | p50 ${r.p50_ms} ms | p99 ${r.p99_ms} ms | p99.9 ${r.p99_9_ms} ms | errors ${r.errors} | non-2xx ${r.non_2xx} | terms asked before ${(seen * 100).toFixed(1)}%`,
    );
    return { ...r, repeated_terms: seen };
  };

  let service = await startService(settings, say);
  let id: string;
  let paths: string[];
  let token: string;
  const results: Record<string, unknown> = {};
  const baseline: Record<string, unknown> = {};
  try {
    token = await service.token("advanced@example.com");
    id = await searchTouchpoint(service, token);
    paths = draw(terms, 100_000).map(
      (t) => `/api/latest/touchpoint-studio/touchpoints/${id}/content?term=${encodeURIComponent(t)}`,
    );
    const started = performance.now();
    const first = await service.api(
      "GET",
      `/touchpoint-studio/touchpoints/${id}/content?term=cordless+drill`,
      undefined,
      token,
    );
    const firstS = (performance.now() - started) / 1000;
    // On PGlite the touchpoint's calculation (in-process workers) has built the index already; on
    // PostgreSQL the workers are other processes and the first search builds this process's index.
    say(`service: first search ${firstS.toFixed(2)} s`);
    results.first_search_s = Math.round(firstS * 1000) / 1000;

    const fixed = await startFixedServer(JSON.stringify(first));
    try {
      baseline.http_fixed_json = await run("bare node:http, fixed JSON", fixed.url, ["/"]);
    } finally {
      await fixed.stop();
    }
    const headers = { authorization: `Bearer ${token}` };
    baseline.http_next_router_404 = await run(
      "Next router, JSON 404 (no search)",
      service.url,
      ["/api/latest/no-such-route"],
      headers,
    );
    results.http_service = await run("service search (results cache)", service.url, paths, headers);
  } finally {
    await service.stop();
  }
  service = await startService({ ...settings, SEARCH_CACHE_SIZE: "0" }, say);
  try {
    await service.api("GET", `/touchpoint-studio/touchpoints/${id}/content?term=cordless+drill`, undefined, token);
    results.http_service_no_cache = await run("service search (no results cache)", service.url, paths, {
      authorization: `Bearer ${token}`,
    });
  } finally {
    await service.stop();
  }
  return { results, baseline };
}

/** Share of the measured requests whose term was asked before in the run (what a cache can serve). */
export function repeatShare(paths: string[], warmRequests: number, offset: number, requests: number): number {
  const seen = new Set<string>();
  for (let i = 0; i < warmRequests; i++) seen.add(paths[i % paths.length]!);
  let repeats = 0;
  for (let i = 0; i < requests; i++) {
    const path = paths[(offset + i) % paths.length]!;
    if (seen.has(path)) repeats++;
    else seen.add(path);
  }
  return requests > 0 ? Math.round((repeats / requests) * 1000) / 1000 : 0;
}

/** A smart-search touchpoint (limit 10, threshold 0) made through the API; returns its id once ready. */
export async function searchTouchpoint(service: Service, token: string): Promise<string> {
  const positions = (await service.api("GET", "/touchpoint-studio/rules/positions?limit=1", undefined, token))
    .positions as { position_id: string }[];
  const strategy = await service.api(
    "POST",
    "/touchpoint-studio/rules/strategies",
    {
      strategy_name: "Bench search",
      strategy_type: "smart-search",
      strategy_subtype: "search-bar",
      segments: ["all_customers"],
      rules: [
        aiSearchRule({
          tenant_id: "default",
          filter_columns: "item_id,item_name,product_price",
          limit: 10,
          match_score: 0,
        }),
      ],
    },
    token,
  );
  const touchpoint = await service.api(
    "POST",
    "/touchpoint-studio/rules/touchpoints",
    {
      touchpoint_name: "Bench search bar",
      touchpoint_type: "smart-search",
      is_active: true,
      position: positions[0]!.position_id,
      default_strategy: strategy.strategy_id,
      number_of_positions: 0,
    },
    token,
  );
  return touchpointReady(service, token, touchpoint.touchpoint_id as string, 60);
}

interface SpeedOptions {
  productsFile: string;
  judgmentsFile: string;
  connections: number;
  duration: number;
  log: (line: string) => void;
}

async function speed(options: SpeedOptions) {
  const terms = shuffled([...(await readJudgments(options.judgmentsFile)).keys()]);
  const pglite: Target = {
    name: "pglite",
    open: async () => {
      const dir = mkdtempSync(join(tmpdir(), "lumen-bench-search-"));
      return {
        database: await openPglite(dir),
        settings: { DATA_DIR: dir },
        drop: async () => rmSync(dir, { recursive: true, force: true }),
      };
    },
  };
  const main = await onDatabase(pglite, options, terms);
  const { databaseUrl } = benchSettings();
  const postgres = databaseUrl
    ? await onDatabase(
        {
          name: "postgres",
          open: async () => {
            const scratch = await scratchPostgres(databaseUrl);
            const dir = mkdtempSync(join(tmpdir(), "lumen-bench-search-"));
            return {
              database: await openPostgres(scratch.url),
              settings: { DATABASE_URL: scratch.url, DATA_DIR: dir },
              drop: async () => {
                rmSync(dir, { recursive: true, force: true });
                await scratch.drop();
              },
            };
          },
        },
        options,
        terms,
      )
    : undefined;
  type Figures = LoadResult & { queries_per_s?: number };
  const r = main.results as Record<string, Figures>;
  const b = main.baseline as Record<string, Figures>;
  const ratio = (x: number, y: number) => Math.round((x / Math.max(y, 1e-9)) * 100) / 100;
  const p99 = (x?: Figures) => x?.p99_ms ?? Number.POSITIVE_INFINITY;
  const pgResults = postgres?.results as Record<string, Figures> | undefined;
  return {
    parameters: {
      connections: options.connections,
      duration_s: options.duration,
      warm_up_s: 2,
      distinct_terms: terms.length,
      terms:
        "HTTP: 100,000 terms drawn at random with repeats from the judgments' 5,944 queries (a search log repeats terms; repeated_terms is the share of measured requests whose term was asked before in the run); in-process: each distinct query in turn, no cache",
      database: postgres
        ? "pglite (temporary data directory) and postgres (scratch database)"
        : "pglite (temporary data directory); set BENCH_DATABASE_URL to add PostgreSQL",
      http: "The service started as npm start does (scripts/start.ts, production build, workers; a child process), with a bearer token; autocannon in a worker thread of the bench process, on the same 2-core machine. The content route is answered by the custom server's direct route (lib/http/direct-routes.ts). Runs: with the results cache (as served) and restarted with SEARCH_CACHE_SIZE=0. Baselines: a bare node:http server in its own process answering a fixed JSON (a real search response), and Next's router answering a JSON 404 on the same service (what any route pays through Next).",
    },
    results: { pglite: main.results, ...(postgres ? { postgres: postgres.results } : {}) },
    baseline: { pglite: main.baseline, ...(postgres ? { postgres: postgres.baseline } : {}) },
    ratio: {
      http_service_p99_vs_fixed_json: ratio(p99(r.http_service), p99(b.http_fixed_json)),
      http_service_requests_per_s_vs_fixed_json: ratio(
        r.http_service?.requests_per_s ?? 0,
        b.http_fixed_json?.requests_per_s ?? 1,
      ),
      http_service_requests_per_s_vs_next_router: ratio(
        r.http_service?.requests_per_s ?? 0,
        b.http_next_router_404?.requests_per_s ?? 1,
      ),
      targets: {
        http_p99_under_20_ms: p99(r.http_service) < 20,
        http_p99_under_20_ms_without_cache: p99(r.http_service_no_cache) < 20,
        ...(pgResults ? { postgres_http_p99_under_20_ms: p99(pgResults.http_service) < 20 } : {}),
        in_process_at_least_2000_qps: (r.in_process_index?.queries_per_s ?? 0) >= 2000,
        index_build_under_30_s: Number(main.results.index_build_from_database_s) < 30,
      },
    },
  };
}

const ZOptions = z.object({
  connections: z.coerce.number().int().min(1).max(1000).default(50),
  duration: z.coerce.number().int().min(1).max(600).default(10),
  dir: z.string().optional(),
});

export const search: Scenario = {
  name: "search",
  description: "smart search: NDCG@10 vs BM25 on human judgments; in-process and HTTP speed vs a bare node:http server",
  async run(args): Promise<ScenarioReport> {
    const options = parseOptions(args, ZOptions);
    const files = datasetFiles(options.dir);
    const log = (line: string) => console.log(line);
    const quality = await runQuality({ ...files, log });
    printQuality(quality.report, log);
    const measured = await speed({
      productsFile: files.products,
      judgmentsFile: files.judgments,
      connections: options.connections,
      duration: options.duration,
      log,
    });
    return {
      parameters: { quality: quality.section.parameters, speed: measured.parameters },
      results: {
        quality: { ...quality.section.results, index_build_under_30_s: quality.section.results.index_build_s < 30 },
        speed: measured.results,
      },
      baseline: { quality: quality.section.baseline, speed: measured.baseline },
      ratio: { quality: quality.section.ratio, speed: measured.ratio },
    };
  },
};
