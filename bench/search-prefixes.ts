/**
 * In-process profile of search as you type, every keystroke a new prefix (issue 22):
 *   npx tsx bench/search-prefixes.ts [--queries 5000] [--warm 2000] [--rounds 3]
 *     [--profile out.cpuprofile] [--save results.json] [--compare results.json]
 * Indexes the shared search-relevance products (54,667 titles) as the serving bench loads them
 * (name, and the item id as the id field, as lib/search/catalog-index.ts indexes an item with no
 * other texts), then runs distinct typed prefixes of the judged queries ("co", "cor", ...; the
 * serving bench's terms) one at a time through SearchIndex.search with the request searchItems
 * makes for the bench's touchpoint (limit 10, match_score 0, no explanation): first `--warm`
 * prefixes to warm the JIT, then `--queries` others, measured `--rounds` times. Prints µs per
 * query, each query's least over the rounds (mean, p50, p90, p99, max: on a shared machine the
 * least is the figure to compare), and the mean CPU time. `--profile` writes a CPU profile of the
 * measured loop alone (open it in Chrome DevTools) and prints the functions with the most self
 * time. `--save` writes every result list, `--compare` says how many lists differ from a saved run
 * (a speed change must not change them).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { parseArgs } from "node:util";
import { readJudgments, readProducts } from "@/lib/search/evaluate";
import { SearchIndex } from "@/lib/search/search-index";
import { datasetFiles, shuffled } from "./scenarios/search";

const { values } = parseArgs({
  options: {
    queries: { type: "string", default: "5000" },
    warm: { type: "string", default: "2000" },
    rounds: { type: "string", default: "3" },
    profile: { type: "string" },
    save: { type: "string" },
    compare: { type: "string" },
  },
});
const queries = Number(values.queries);
const warm = Number(values.warm);
const rounds = Math.max(1, Number(values.rounds));

const files = datasetFiles();
const products = await readProducts(files.products);
const index = new SearchIndex();
const started = performance.now();
for (const p of products) {
  // As Catalog.apply indexes a row with only an id, a name and a price (the serving bench's items).
  index.upsert({ key: p.id, name: p.title, fields: [{ text: `${p.id} `, weight: 1 }] });
}
console.log(
  `${index.size.toLocaleString("en")} items, ${index.terms.toLocaleString("en")} terms indexed in ${Math.round(performance.now() - started)} ms`,
);

/** Every prefix of the judged queries as typed, each once (as bench/scenarios/serving.ts asks them). */
const prefixes = new Set<string>();
for (const q of (await readJudgments(files.judgments)).keys()) {
  const text = q.trim().toLowerCase();
  for (let i = 2; i <= text.length; i++) if (text[i - 1] !== " ") prefixes.add(text.slice(0, i));
}
const terms = shuffled([...prefixes], 13);
if (terms.length < warm + queries) throw new Error(`only ${terms.length} distinct prefixes`);
const warmTerms = terms.slice(queries, queries + warm);
const measured = terms.slice(0, queries);
console.log(`${terms.length.toLocaleString("en")} distinct prefixes; ${warm} to warm up, ${queries} measured`);

const search = (term: string) => index.search({ term, limit: 10, minMatch: 0, explain: false });
for (const term of warmTerms) search(term);

let session: Session | undefined;
if (values.profile) {
  session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 100 });
  await session.post("Profiler.start");
}
// Each round asks the same prefixes after a catalog change (an item renamed and back), so nothing
// cached for a prefix carries over; a query's time is its least over the rounds (the machine is
// shared: the least is the one least disturbed by other processes).
const times = new Float64Array(queries).fill(Number.POSITIVE_INFINITY);
const results: string[][] = [];
const cpu = process.cpuUsage();
for (let round = 0; round < rounds; round++) {
  const item = products[round % products.length]!;
  index.upsert({ key: item.id, name: `${item.title} changed`, fields: [{ text: `${item.id} `, weight: 1 }] });
  index.upsert({ key: item.id, name: item.title, fields: [{ text: `${item.id} `, weight: 1 }] });
  for (let i = 0; i < queries; i++) {
    const t0 = performance.now();
    const hits = search(measured[i]!);
    times[i] = Math.min(times[i]!, performance.now() - t0);
    if (round === 0) results.push(hits.map((h) => `${h.key}:${h.score}:${h.match_score}`));
  }
}
const used = process.cpuUsage(cpu);
if (session) {
  const { profile } = await session.post("Profiler.stop");
  writeFileSync(values.profile!, JSON.stringify(profile));
  printTop(profile);
  session.disconnect();
}

let sum = 0;
for (const t of times) sum += t;
times.sort();
const us = (ms: number) => Math.round(ms * 1000);
const at = (q: number) => us(times[Math.min(queries - 1, Math.floor(q * queries))]!);
console.log(
  `µs/query, least of ${rounds} rounds: mean ${us(sum / queries)}, p50 ${at(0.5)}, p90 ${at(0.9)}, p99 ${at(0.99)}, max ${us(times[queries - 1]!)}; CPU time ${Math.round((used.user + used.system) / queries / rounds)}`,
);

if (values.save) writeFileSync(values.save, JSON.stringify({ terms: measured, results }));
if (values.compare) {
  const saved = JSON.parse(readFileSync(values.compare, "utf8")) as { terms: string[]; results: string[][] };
  let differ = 0;
  let shown = 0;
  for (let i = 0; i < queries; i++) {
    if (saved.terms[i] !== measured[i]) throw new Error("the saved run asked other prefixes");
    if (saved.results[i]!.join() === results[i]!.join()) continue;
    differ++;
    if (shown++ < 5) console.log(`  differs: "${measured[i]}"\n    was ${saved.results[i]}\n    now ${results[i]}`);
  }
  console.log(`${differ} of ${queries} result lists differ from ${values.compare}`);
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

/** The functions with the most self time in the profile. */
function printTop(profile: { nodes: ProfileNode[]; samples?: number[] }): void {
  const total = profile.samples?.length ?? 0;
  const self = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const name = `${functionName || "(anonymous)"} ${url.split("/").slice(-2).join("/")}:${lineNumber + 1}`;
    self.set(name, (self.get(name) ?? 0) + (node.hitCount ?? 0));
  }
  console.log(`self time, ${total} samples:`);
  for (const [name, n] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    console.log(`  ${((100 * n) / Math.max(total, 1)).toFixed(1).padStart(5)}%  ${name}`);
  }
}
