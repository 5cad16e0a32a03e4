/**
 * npm run eval:recs [-- --file <online_retail csv.gz>]: quality of the learned rule kinds on the
 * Online Retail hold-out split, served through the content path (bench/scenarios/recs-eval.ts):
 * tuned on validation customers, reported on test customers, with paired bootstrap intervals.
 * Prints the tables, writes bench/results/recs.json, exit code 1 when a target is missed.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { evaluateRecs, type Row } from "@/bench/scenarios/recs-eval";

const { values } = parseArgs({ options: { file: { type: "string" } } });
const file = values.file ?? path.resolve("../shared/data/online-retail/online_retail_2010_2011.csv.gz");
const started = performance.now();
const report = await evaluateRecs(file, (line) => console.log(line));

function table(title: string, rows: Row[]): void {
  console.log(`\n${title}`);
  console.log(`${"method".padEnd(40)}Recall@10  NDCG@10  coverage  n`);
  for (const r of rows) {
    console.log(
      r.method.padEnd(40) +
        r.recall.toFixed(4).padEnd(11) +
        (r.ndcg?.toFixed(4) ?? "").padEnd(9) +
        (r.coverage?.toFixed(4) ?? "").padEnd(10) +
        r.users,
    );
  }
}
console.log("\nTuning (validation customers only):");
for (const t of report.tuning)
  console.log(
    `  ${t.parameter} ${String(t.value).padEnd(5)} Recall@10 ${t.validation_recall.toFixed(4)} (${t.validation_customers} customers)`,
  );
console.log(`  chosen: ${report.chosen.community_sharpen} (serving default ${report.chosen.default})`);
table("Per customer, new items (test customers, served path)", report.per_customer);
console.log("\nPaired bootstrap, Recall@10 difference on the test customers (95% interval):");
for (const p of report.intervals) {
  const verdict = p.low > 0 ? "above" : p.high < 0 ? "BELOW" : "not different from";
  console.log(
    `  ${p.method.padEnd(34)} vs ${p.against.padEnd(34)} ${p.diff >= 0 ? "+" : ""}${p.diff.toFixed(4)} [${p.low.toFixed(4)}, ${p.high.toFixed(4)}] ${verdict}`,
  );
}
table("A filtered rule (item_name contains bag), new items inside it", report.filtered);
table("Per product, the order's other items", report.per_product);
table("Repurchases", report.repurchase);
table("Leaflet (300 best sellers) per customer", report.leaflet);
console.log("\nBuild (ms, peak MB):");
for (const [step, s] of Object.entries(report.build))
  console.log(`  ${step.padEnd(18)} ${String(s.ms).padStart(7)} ms ${s.peakMb} MB`);
console.log("\nTargets:");
for (const [name, ok] of Object.entries(report.targets)) console.log(`  ${ok ? "met   " : "MISSED"} ${name}`);
mkdirSync("bench/results", { recursive: true });
const out = "bench/results/recs.json";
writeFileSync(out, `${JSON.stringify({ measured_at: new Date().toISOString(), ...report }, null, 2)}\n`);
console.log(`\ndone in ${((performance.now() - started) / 1000).toFixed(1)} s; results in ${out}`);
if (Object.values(report.targets).some((ok) => !ok)) process.exitCode = 1;
