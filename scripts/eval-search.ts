/**
 * npm run eval:search [-- --dir <search-relevance folder>]: the relevance half of the search
 * benchmark (bench/scenarios/search.ts). Indexes the product titles, runs every query of the
 * development judgments through the service's index and through plain BM25 baselines, prints
 * NDCG@10 and zero-result rates, and writes them into bench/results/search.json (keeping the
 * speed figures of the last `npm run bench -- search`). Exit code 1 when the gain over BM25 on
 * the same tokens is below the target (0.05).
 */
import { parseArgs } from "node:util";
import { datasetFiles, printQuality, runQuality, writeQuality } from "@/bench/scenarios/search";

const { values } = parseArgs({ options: { dir: { type: "string" } } });
const files = datasetFiles(values.dir);
const started = performance.now();
const { report, section } = await runQuality({ ...files, log: (line) => console.log(line) });
printQuality(report);
const file = writeQuality(section);
console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s; results in ${file}`);
if (!section.ratio.meets_target) process.exitCode = 1;
