/**
 * npm test: every test. Unit tests, integration tests through the real route handlers on PGlite
 * and on PostgreSQL (a database of their own per test file, created and dropped), the PGlite run's
 * answers checked against the OpenAPI document (scripts/check-contract.ts), then the
 * Playwright tests against `npm start`. PostgreSQL comes from TEST_DATABASE_URL, else the local
 * server at 127.0.0.1:5432; when none is reachable that stage is skipped with a warning, except
 * under CI=true where it fails. Set SKIP_E2E=1 to leave out the browser tests.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { failuresIn, reporterArgs } from "./test-report";

const results: { stage: string; ok: boolean; skipped?: string; seconds?: number; failures?: string[] }[] = [];
const ci = process.env.CI === "true" || process.env.CI === "1";

// Each stage also writes a JSON report, so the summary at the end (the tail of a CI log) names the
// tests that failed and their first error lines.
const reportDir = mkdtempSync(join(tmpdir(), "lumen-test-report-"));
let reports = 0;

function run(stage: string, command: string, args: string[], extraEnv: Record<string, string> = {}): boolean {
  console.log(`\n=== ${stage} ===`);
  const started = performance.now();
  const report = join(reportDir, `${++reports}.json`);
  const reportArgs = reporterArgs(args, report);
  const result = spawnSync(command, [...args, ...reportArgs.args], {
    stdio: "inherit",
    env: { ...process.env, ...extraEnv, ...reportArgs.env },
  });
  const ok = result.status === 0;
  const failures = ok ? [] : failuresIn(report);
  results.push({ stage, ok, seconds: Math.round((performance.now() - started) / 1000), failures });
  return ok;
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

run("unit", "npx", ["vitest", "run", "--project", "unit"]);
// The PGlite run records every answer the tests get, then checks them against the OpenAPI document.
const contractDir = mkdtempSync(join(tmpdir(), "lumen-contract-"));
const pgliteOk = run("integration on PGlite", "npx", ["vitest", "run", "--project", "integration"], {
  TEST_DATABASE_URL: "",
  LUMEN_CONTRACT_DIR: contractDir,
});
if (pgliteOk) run("API contract (answers vs OpenAPI)", "npx", ["tsx", "scripts/check-contract.ts", contractDir]);
rmSync(contractDir, { recursive: true, force: true });

const pgUrl = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
if (await reachable(pgUrl)) {
  run("integration on PostgreSQL", "npx", ["vitest", "run", "--project", "integration"], { TEST_DATABASE_URL: pgUrl });
} else {
  const why = `PostgreSQL not reachable at ${pgUrl.replace(/\/\/[^@]*@/, "//")}`;
  results.push({ stage: "integration on PostgreSQL", ok: !ci, skipped: why });
  console.warn(`\n=== integration on PostgreSQL: ${ci ? "FAILED" : "skipped"} (${why}) ===`);
}

if (process.env.SKIP_E2E === "1") {
  results.push({ stage: "playwright", ok: true, skipped: "SKIP_E2E=1" });
} else if (!existsSync("/usr/bin/chromium") && !ci) {
  results.push({ stage: "playwright", ok: true, skipped: "no /usr/bin/chromium (apt-get install -y chromium)" });
} else {
  // The Playwright API tests' answers are checked against the document too (e2e/support/contract.ts).
  const e2eContractDir = mkdtempSync(join(tmpdir(), "lumen-contract-e2e-"));
  if (run("playwright", "npx", ["playwright", "test"], { LUMEN_CONTRACT_DIR: e2eContractDir })) {
    run("API contract (Playwright answers vs OpenAPI)", "npx", ["tsx", "scripts/check-contract.ts", e2eContractDir]);
  }
  rmSync(e2eContractDir, { recursive: true, force: true });
}

console.log("\n=== summary ===");
for (const r of results) {
  console.log(
    `${r.ok ? "ok  " : "FAIL"}  ${r.stage}${r.skipped ? ` (skipped: ${r.skipped})` : ""}${r.seconds === undefined ? "" : ` in ${r.seconds} s`}`,
  );
  for (const line of r.failures ?? []) console.log(`        ${line}`);
}
rmSync(reportDir, { recursive: true, force: true });
const failed = results.filter((r) => !r.ok).length;
console.log(`stages: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
