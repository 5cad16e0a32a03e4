/**
 * npm run eval:recs [-- --file <online_retail csv.gz>]: quality of the learned rule kinds on the
 * Online Retail data in time, served through the content path (bench/scenarios/recs-eval.ts):
 * tuned on a validation window, retrained and reported on the test window after it (every
 * customer), with paired bootstrap intervals.
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
const d = report.data;
console.log(
  `\nTuning on the validation window [${d.validation_from}, ${d.test_from}) (${d.validation_customers} customers; models trained before it):`,
);
for (const t of report.tuning) console.log(`  ${t.changed.padEnd(18)} Recall@10 ${t.validation_recall.toFixed(4)}`);
const variantText = (v: object) =>
  Object.entries(v)
    .map(([k, x]) => `${k} ${x}`)
    .join(", ");
console.log(`  chosen:         ${variantText(report.chosen.validation)}`);
console.log(`  serving default: ${variantText(report.chosen.serving_default)}`);
table("Validation window, new items", report.validation);
for (const p of report.validation_intervals) {
  console.log(
    `  ${p.method} vs ${p.against} ${p.diff >= 0 ? "+" : ""}${p.diff.toFixed(4)} [${p.low.toFixed(4)}, ${p.high.toFixed(4)}]`,
  );
}
table(`Per customer, new items (test window from ${d.test_from}, every customer, served path)`, report.per_customer);
console.log("\nPaired bootstrap, Recall@10 difference on the test window (95% interval):");
for (const p of report.intervals) {
  const verdict = p.low > 0 ? "above" : p.high < 0 ? "BELOW" : "not different from";
  console.log(
    `  ${p.method.padEnd(34)} vs ${p.against.padEnd(34)} ${p.diff >= 0 ? "+" : ""}${p.diff.toFixed(4)} [${p.low.toFixed(4)}, ${p.high.toFixed(4)}] ${verdict}`,
  );
}
table("Filtered rules, new items inside the filter (test window)", report.filtered);
for (const r of report.filtered) if (r.lift !== undefined) console.log(`  ${r.method}: lift ${r.lift}x`);
for (const p of report.filtered_intervals) {
  console.log(
    `  ${p.method} vs popularity within: ${p.diff >= 0 ? "+" : ""}${p.diff.toFixed(4)} [${p.low.toFixed(4)}, ${p.high.toFixed(4)}]`,
  );
}
const pik = report.per_interaction_kind;
table(
  `Per interaction kind, trained with ${pik.synthetic_views} synthetic views added (demo-extras), test window`,
  pik.rows,
);
for (const p of pik.intervals) {
  console.log(
    `  ${p.method} vs ${p.against}: ${p.diff >= 0 ? "+" : ""}${p.diff.toFixed(4)} [${p.low.toFixed(4)}, ${p.high.toFixed(4)}]`,
  );
}
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
