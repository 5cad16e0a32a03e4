/**
 * npm run bench [-- <scenario> [scenario options]]: runs every scenario, or the one named, prints
 * its figures and writes bench/results/<scenario>.json. Exit code 2 for an unknown scenario.
 */
import { closeDatabase } from "@/lib/db/client";
import { type Scenario, writeResult } from "./lib";
import { dbTransport } from "./scenarios/db-transport";
import { exportScenario } from "./scenarios/export";
import { funnel } from "./scenarios/funnel";
import { intake } from "./scenarios/intake";
import { recsBuild } from "./scenarios/recs-build";
import { recsBuildDb } from "./scenarios/recs-build-db";
import { recsFilter } from "./scenarios/recs-filter";
import { recsServing } from "./scenarios/recs-serving";
import { recsUpdate } from "./scenarios/recs-update";
import { responsive } from "./scenarios/responsive";
import { search } from "./scenarios/search";
import { send } from "./scenarios/send";
import { serving } from "./scenarios/serving";
import { servingScale } from "./scenarios/serving-scale";
import { soak } from "./scenarios/soak";
import { storefront } from "./scenarios/storefront";
import { visitorIds } from "./scenarios/visitor-ids";
import { writeBatching } from "./scenarios/write-batching";

const SCENARIOS: Scenario[] = [
  intake,
  search,
  serving,
  servingScale,
  recsBuild,
  recsBuildDb,
  recsFilter,
  recsServing,
  recsUpdate,
  funnel,
  exportScenario,
  send,
  responsive,
  dbTransport,
  storefront,
  visitorIds,
  writeBatching,
  soak,
];

const [name, ...options] = process.argv.slice(2).filter((a, i) => !(i === 0 && a === "--"));
const chosen = name ? SCENARIOS.filter((s) => s.name === name) : SCENARIOS;
if (chosen.length === 0) {
  console.error(
    `Unknown scenario "${name}". Scenarios:\n${SCENARIOS.map((s) => `  ${s.name}: ${s.description}`).join("\n")}`,
  );
  process.exit(2);
}

try {
  for (const scenario of chosen) {
    console.log(`${scenario.name}: ${scenario.description}`);
    const started = performance.now();
    const report = await scenario.run(name ? options : []);
    const file = writeResult(scenario.name, report);
    console.log(`  ratio: ${JSON.stringify(report.ratio)}`);
    console.log(`  done in ${((performance.now() - started) / 1000).toFixed(1)} s; results in ${file}`);
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
