/**
 * npm run eval:search [-- --dir <search-relevance folder>] [-- --retail <Online Retail .csv.gz>]:
 * the relevance half of the search benchmark (bench/scenarios/search.ts). Indexes the product
 * titles, runs every query of the development judgments through the service's index and through
 * plain BM25 baselines, prints NDCG@10 and zero-result rates, and writes them into
 * bench/results/search.json (keeping the speed figures of the last `npm run bench -- search`).
 * Then the multilingual set (SYNTHETIC, made from the Online Retail vocabulary; see
 * lib/search/eval-multilingual): a table of zero-result rate and NDCG@10 per language, Lumen's
 * search against BM25 over the same Unicode words (printed only). Exit code 1 when the English
 * gain over BM25 on the same tokens is below the target (0.05).
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import { datasetFiles, printQuality, runQuality, writeQuality } from "@/bench/scenarios/search";
import { env } from "@/lib/env";
import { evaluateLanguages, printLanguages } from "@/lib/search/eval-multilingual/evaluate-languages";

const { values } = parseArgs({ options: { dir: { type: "string" }, retail: { type: "string" } } });
const files = datasetFiles(values.dir);
const started = performance.now();
const { report, section } = await runQuality({ ...files, log: (line) => console.log(line) });
printQuality(report);
const file = writeQuality(section);
console.log(`results in ${file}`);
const retail = values.retail ?? join(env().SHARED_DATA_DIR, "online-retail", "online_retail_2010_2011.csv.gz");
printLanguages(await evaluateLanguages({ onlineRetailFile: retail }));
console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
if (!section.ratio.meets_target) process.exitCode = 1;
