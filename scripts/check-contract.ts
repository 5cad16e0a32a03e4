/**
 * The contract check: every answer the integration tests and the Playwright API tests recorded
 * (LUMEN_CONTRACT_DIR, see tests/integration/support/contract-recorder.ts and e2e/support/contract.ts)
 * validated against the OpenAPI document (lib/openapi/contract.ts). A status, header, body or error
 * code the document does not describe fails.
 *   npx tsx scripts/check-contract.ts <dir>     (npm test runs it after the PGlite integration run
 *                                                and after the Playwright run)
 * Playwright's answers carry only their URL: the operation is found here from method and path.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { contractChecker, type RecordedAnswer } from "@/lib/openapi/contract";
import { openApiDocument } from "@/lib/openapi/document";
import { documentedPath } from "@/lib/openapi/paths";
import { allOperations } from "@/lib/openapi/registry";

const dir = process.argv[2] ?? process.env.LUMEN_CONTRACT_DIR;
if (!dir) throw new Error("usage: check-contract.ts <dir of recorded answers>");

const doc = openApiDocument() as unknown as Parameters<typeof contractChecker>[0];
const check = contractChecker(doc);
const operations = allOperations();
const templates = operations
  .flatMap((op) => [op.path, ...(op.aliases ?? [])].map((template) => ({ op, template })))
  // A literal segment before a placeholder: /audiences/filter-options is not /audiences/{audience_id}.
  .sort((a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0))
  .map(({ op, template }) => ({
    op,
    pattern: new RegExp(`^${template.replace(/\/+$/, "").replace(/\{[^}]+\}/g, "[^/]+")}/?$`),
  }));

/** The documented path of the operation a method and URL path reach; undefined: none (a 404 of no route). */
function pathOf(method: string, url: string): string | undefined {
  const found = templates.find(({ op, pattern }) => op.method === method && pattern.test(url));
  return found && documentedPath(found.op, operations);
}

const problems = new Map<string, { count: number; tests: Set<string> }>();
const covered = new Set<string>();
let answers = 0;
for (const file of readdirSync(dir).filter((f) => f.endsWith(".jsonl"))) {
  for (const line of readFileSync(join(dir, file), "utf8").split("\n")) {
    if (!line) continue;
    const answer = JSON.parse(line) as Omit<RecordedAnswer, "path"> & { path?: string; url?: string; test?: string };
    answer.path ??= pathOf(answer.method, answer.url ?? "");
    if (!answer.path) continue;
    answers++;
    covered.add(`${answer.method} ${answer.path}`);
    for (const problem of check(answer as RecordedAnswer)) {
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
if (missed.length) console.log(`not exercised: ${missed.join(", ")}`);
if (answers === 0 || problems.size > 0) process.exitCode = 1;
