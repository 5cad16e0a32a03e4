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
 * - index build: the catalog index's first build from the database;
 * - in-process, one query at a time on this thread (one core): every judgment query through the
 *   service's index (SearchIndex.search), and through searchItems with its results cache off;
 * - over HTTP: autocannon (50 connections, in a worker thread on the same machine), 2 s warm-up then
 *   the measured run, terms drawn at random with repeats from the judgments, against a node:http
 *   server calling serveSearch (the lib function the content route calls), with its results cache
 *   (as served) and without, against a node:http server calling the real route handler (auth,
 *   validation, serveSearch; not Next's router), and, as the baseline, a bare node:http server
 *   answering a fixed JSON (a real search response).
 * ratio: ours / baseline (p50, p99 latency; requests/s) and NDCG gains over the BM25 baselines.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { Worker } from "node:worker_threads";
import { z } from "zod";
import { GET as contentRoute } from "@/app/api/latest/touchpoint-studio/touchpoints/[touchpoint_id]/content/route";
import { grantToken } from "@/lib/auth/grant-token";
import { ensureDemoUsers } from "@/lib/auth/users";
import { ingestBatch } from "@/lib/data/ingest-batch";
import { type Database, openPglite, openPostgres, setDatabase } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { env, setEnv } from "@/lib/env";
import { newId } from "@/lib/http/ids";
import { flushImpressions } from "@/lib/recommend/impressions";
import { getCatalog } from "@/lib/search/catalog-index";
import { evaluateRelevance, type QualityReport, readJudgments, readProducts } from "@/lib/search/evaluate";
import { flushSearchEvents } from "@/lib/search/record-search";
import { searchItems } from "@/lib/search/search-items";
import { serveSearch } from "@/lib/search/serve-search";
import {
  benchSettings,
  mb,
  RESULTS_DIR,
  type Scenario,
  type ScenarioReport,
  scratchPostgres,
  writeResult,
} from "../lib";

export function datasetFiles(dir = join(env().SHARED_DATA_DIR, "search-relevance")) {
  return { products: join(dir, "products.csv.gz"), judgments: join(dir, "judgments-dev.csv.gz") };
}

/** Heap in use after a full garbage collection (exposes gc for this process when needed). */
function heapUsed(): number {
  const g = globalThis as { gc?: () => void };
  if (!g.gc) {
    setFlagsFromString("--expose-gc");
    g.gc = runInNewContext("gc") as () => void;
  }
  g.gc();
  return process.memoryUsage().heapUsed;
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

function shuffled<T>(list: T[], seed = 7): T[] {
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
let i = workerData.offset;
const options = {
  url: workerData.url,
  connections: workerData.connections,
  duration: workerData.duration,
  headers: workerData.headers,
  requests: [{ setupRequest: (req) => { req.path = paths[i++ % paths.length]; return req; } }],
};
autocannon(options, (error, result) =>
  // In a worker thread autocannon leaves its histograms encoded: aggregate them here.
  parentPort.postMessage(
    error ? { error: String(error) } : JSON.parse(JSON.stringify(autocannon.aggregateResult([result], options))),
  ),
);`;

interface LoadResult {
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

export async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createServer(handler);
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const json = (res: ServerResponse, status: number, body: string) => {
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  res.end(body);
};

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
  open: () => Promise<{ database: Database; drop: () => Promise<void> }>;
}

/** Loads the products as items into a fresh database, then measures the service's search on it. */
async function onDatabase(target: Target, options: SpeedOptions, terms: string[], http: "all" | "lib") {
  const { log } = options;
  const say = (line: string) => log(`  [${target.name}] ${line}`);
  const { database, drop } = await target.open();
  setDatabase(database);
  try {
    await migrate(database);
    const rows = (await readProducts(options.productsFile)).map((p) => ({
      item_id: p.id,
      item_name: p.title,
      product_price: 10,
    }));
    let started = performance.now();
    for (let i = 0; i < rows.length; i += 5000) await ingestBatch({ kind: "items", records: rows.slice(i, i + 5000) });
    const loadS = (performance.now() - started) / 1000;
    say(`loaded ${rows.length.toLocaleString("en")} items in ${loadS.toFixed(1)} s`);
    const id = await benchTouchpoint(database);

    const rssBefore = process.memoryUsage().rss;
    started = performance.now();
    const catalog = await getCatalog();
    const buildS = (performance.now() - started) / 1000;
    const rssAfter = process.memoryUsage().rss;
    say(`index built from the database in ${buildS.toFixed(2)} s (${catalog.items.size} items)`);

    const results: Record<string, unknown> = {
      items_load_s: Math.round(loadS * 10) / 10,
      index_build_from_database_s: Math.round(buildS * 1000) / 1000,
      rss_index_build_mb: mb(rssAfter - rssBefore),
    };
    if (http === "all") {
      // The service's own index (items with their other fields), then searchItems without its cache.
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

    const paths = draw(terms, 100_000).map(
      (t) => `/api/latest/touchpoint-studio/touchpoints/${id}/content?term=${encodeURIComponent(t)}`,
    );
    const fixed = JSON.stringify(
      await serveSearch({ touchpointId: id, term: "cordless drill", offset: 0, limit: undefined }),
    );
    const servers = {
      baseline: await listen((_req, res) => json(res, 200, fixed)),
      lib: await listen((req, res) => {
        const term = new URL(req.url ?? "/", "http://x").searchParams.get("term") ?? "";
        serveSearch({ touchpointId: id, term, offset: 0, limit: undefined }).then(
          (body) => json(res, 200, JSON.stringify(body)),
          (error) => json(res, 500, JSON.stringify({ detail: String(error) })),
        );
      }),
      route: await listen(await routeHandler(id)),
    };
    /** Warm-up 2 s, then the measured run; the results cache starts empty (or stays off). */
    const run = async (name: string, url: string, cache: boolean) => {
      catalog.cacheLimit = cache ? 20_000 : 0;
      catalog.results.clear();
      await load({ url, paths, connections: options.connections, duration: 2 });
      const before = { ...catalog.cacheStats };
      const r = await load({
        url,
        paths,
        offset: paths.length / 2,
        connections: options.connections,
        duration: options.duration,
      });
      const lookups = catalog.cacheStats.lookups - before.lookups;
      const hitRate =
        lookups > 0 ? Math.round(((catalog.cacheStats.hits - before.hits) / lookups) * 1000) / 1000 : null;
      say(
        `HTTP ${name.padEnd(28)} ${String(r.requests_per_s).padStart(6)} req/s | p50 ${r.p50_ms} ms | p99 ${r.p99_ms} ms | errors ${r.errors + r.non_2xx}${hitRate === null ? "" : ` | cache hits ${(hitRate * 100).toFixed(1)}%`}`,
      );
      return { ...r, cache_hit_rate: hitRate };
    };
    try {
      const baseline = await run("bare node:http (fixed JSON)", servers.baseline.url, true);
      const lib = await run("serveSearch", servers.lib.url, true);
      const libCold = await run("serveSearch, no results cache", servers.lib.url, false);
      const route = http === "all" ? await run("route handler", servers.route.url, true) : undefined;
      catalog.cacheLimit = 20_000;
      Object.assign(results, { http_lib: lib, http_lib_no_cache: libCold, ...(route ? { http_route: route } : {}) });
      return { results, baseline: { http_fixed_json: baseline } };
    } finally {
      await Promise.all(Object.values(servers).map((server) => server.close()));
    }
  } finally {
    // Buffered writes go to this database before it closes (not to the default one).
    await flushSearchEvents();
    await flushImpressions();
    setDatabase(undefined);
    await database.close();
    await drop();
  }
}

/** A smart-search touchpoint (limit 10, threshold 0), written directly: no job queue in the bench. */
async function benchTouchpoint(database: Database): Promise<string> {
  const prisma = database.prisma;
  const strategy = await prisma.strategy.create({
    data: {
      strategy_id: newId("strategy"),
      strategy_name: "Bench search",
      strategy_type: "smart-search",
      strategy_subtype: "search-bar",
      segments: ["all_customers"],
      rules: [
        {
          rule_type: "ai-search",
          positions: [],
          values: [
            { column_name: "tenant_id", comparator: "=", value: env().TENANT_ID },
            { column_name: "filter_columns", comparator: "=", value: "item_id,item_name,product_price" },
            { column_name: "limit", comparator: "=", value: 10 },
            { column_name: "match_score", comparator: "=", value: 0 },
          ],
        },
      ],
    },
  });
  const position = await prisma.position.create({ data: { position_id: newId("position"), position_name: "Search" } });
  const touchpoint = await prisma.touchpoint.create({
    data: {
      touchpoint_id: newId("touchpoint"),
      touchpoint_name: "Bench search bar",
      touchpoint_type: "smart-search",
      touchpoint_subtype: "search-bar",
      position: position.position_id,
      default_strategy: strategy.strategy_id,
      is_ready: true,
    },
  });
  return touchpoint.touchpoint_id;
}

/** The real route handler behind node:http, called with a marketer's bearer token. */
async function routeHandler(touchpointId: string) {
  setEnv("AUTH_SECRET", randomBytes(32).toString("base64url"));
  await ensureDemoUsers({ password: "bench-password" });
  const { access_token } = await grantToken({
    grant_type: "password",
    username: "marketer@example.com",
    password: "bench-password",
  });
  return (req: IncomingMessage, res: ServerResponse) => {
    const request = new Request(`http://localhost${req.url}`, { headers: { authorization: `Bearer ${access_token}` } });
    contentRoute(request, { params: Promise.resolve({ touchpoint_id: touchpointId }) })
      .then(async (response) => json(res, response.status, await response.text()))
      .catch((error) => json(res, 500, JSON.stringify({ detail: String(error) })));
  };
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
      return { database: await openPglite(dir), drop: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  };
  const main = await onDatabase(pglite, options, terms, "all");
  const { databaseUrl } = benchSettings();
  const postgres = databaseUrl
    ? await onDatabase(
        {
          name: "postgres",
          open: async () => {
            const scratch = await scratchPostgres(databaseUrl);
            const database = await openPostgres(scratch.url);
            return {
              database,
              // The pool's last sockets may still be closing: let them go before the drop's FORCE,
              // which would otherwise end them with an error no one listens to.
              drop: async () => {
                await new Promise((r) => setTimeout(r, 500));
                await scratch.drop();
              },
            };
          },
        },
        options,
        terms,
        "lib",
      )
    : undefined;
  const r = main.results as Record<string, LoadResult & { queries_per_s?: number }>;
  const b = main.baseline.http_fixed_json;
  const ratio = (x: number, y: number) => Math.round((x / Math.max(y, 1e-9)) * 100) / 100;
  return {
    parameters: {
      connections: options.connections,
      duration_s: options.duration,
      warm_up_s: 2,
      distinct_terms: terms.length,
      terms:
        "HTTP: 100,000 terms drawn at random with repeats from the judgments' 5,944 queries (a search log repeats terms); in-process: each distinct query in turn, no cache",
      database: postgres
        ? "pglite (temporary data directory) and postgres (scratch database)"
        : "pglite (temporary data directory); set BENCH_DATABASE_URL to add PostgreSQL",
      http: "node:http servers in this process; autocannon in a worker thread on the same 2-core machine. serveSearch: a node:http server calling serveSearch, the lib function the content route calls (touchpoint config, search, search event, impression), with its results cache (default) and without. route handler: a node:http server calling the real GET of app/api/latest/touchpoint-studio/touchpoints/[touchpoint_id]/content (bearer token, user re-read, validation, serveSearch) without Next's router. Baseline: a bare node:http server answering a fixed JSON (one real search response).",
    },
    results: { pglite: main.results, ...(postgres ? { postgres: postgres.results } : {}) },
    baseline: { pglite: main.baseline, ...(postgres ? { postgres: postgres.baseline } : {}) },
    ratio: {
      http_lib_p50: ratio(r.http_lib!.p50_ms, b.p50_ms),
      http_lib_p99: ratio(r.http_lib!.p99_ms, b.p99_ms),
      http_lib_requests_per_s: ratio(r.http_lib!.requests_per_s, b.requests_per_s),
      http_lib_no_cache_p99: ratio(r.http_lib_no_cache!.p99_ms, b.p99_ms),
      http_route_p99: ratio(r.http_route!.p99_ms, b.p99_ms),
      targets: {
        http_p99_under_20_ms: r.http_lib!.p99_ms < 20,
        http_p99_under_20_ms_without_cache: r.http_lib_no_cache!.p99_ms < 20,
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
    const { values } = parseArgs({
      args,
      options: { connections: { type: "string" }, duration: { type: "string" }, dir: { type: "string" } },
    });
    const options = ZOptions.parse(values);
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
