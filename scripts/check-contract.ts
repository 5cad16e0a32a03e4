/**
 * The contract check: every answer the integration tests recorded (LUMEN_CONTRACT_DIR, see
 * tests/integration/support/contract-recorder.ts) validated against the OpenAPI document
 * (lib/openapi/contract.ts). A status, header or body the document does not describe fails.
 *   npx tsx scripts/check-contract.ts <dir>     (npm test runs it after the PGlite integration run)
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { contractChecker, type RecordedAnswer } from "@/lib/openapi/contract";
import { openApiDocument } from "@/lib/openapi/document";

const dir = process.argv[2] ?? process.env.LUMEN_CONTRACT_DIR;
if (!dir) throw new Error("usage: check-contract.ts <dir of recorded answers>");

const doc = openApiDocument() as unknown as Parameters<typeof contractChecker>[0];
const check = contractChecker(doc);
const problems = new Map<string, { count: number; tests: Set<string> }>();
const covered = new Set<string>();
let answers = 0;
for (const file of readdirSync(dir).filter((f) => f.endsWith(".jsonl"))) {
  for (const line of readFileSync(join(dir, file), "utf8").split("\n")) {
    if (!line) continue;
    const answer = JSON.parse(line) as RecordedAnswer & { test?: string };
    answers++;
    covered.add(`${answer.method} ${answer.path}`);
    for (const problem of check(answer)) {
      const seen = problems.get(problem) ?? { count: 0, tests: new Set<string>() };
      seen.count++;
      if (answer.test) seen.tests.add(answer.test);
      problems.set(problem, seen);
    }
  }
}
const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
);
for (const [problem, { count, tests }] of problems) {
  console.error(`${problem}  (${count}x; ${[...tests].slice(0, 3).join(", ")})`);
}
const missed = documented.filter((op) => !covered.has(op));
console.log(
  `contract: ${answers} answers of ${covered.size} operations checked (${documented.length - missed.length} of ${documented.length} documented operations seen); ${problems.size} distinct problem(s)`,
);
if (missed.length) console.log(`not exercised through call(): ${missed.join(", ")}`);
if (answers === 0 || problems.size > 0) process.exitCode = 1;
