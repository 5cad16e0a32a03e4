/**
 * CI: the OpenAPI document as the instance serves it, linted with Redocly's recommended rules
 * (recommended-strict: a warning fails like an error). The document goes to a temporary file first.
 * The only findings accepted are listed in ACCEPTED, each with its reason; any other fails.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openApiDocument } from "@/lib/openapi/document";

interface Problem {
  ruleId: string;
  severity: string;
  message: string;
  location: { pointer: string; start?: { line: number } }[];
}

/**
 * The document's own routes answer 200 or 304 and nothing else in 4xx (public, no parameters, no
 * body): listing a 4xx the route cannot answer would be the kind of inaccuracy this lint is for.
 */
const ACCEPTED = [
  { ruleId: "operation-4xx-response", pointer: "#/paths/~1openapi.json/get/responses" },
  { ruleId: "operation-4xx-response", pointer: "#/paths/~1openapi.yaml/get/responses" },
];

const dir = mkdtempSync(join(tmpdir(), "lumen-openapi-"));
const file = join(dir, "openapi.json");
try {
  // The document's shape is linted, not this machine's address (a localhost server is a warning).
  delete process.env.PUBLIC_URL;
  writeFileSync(file, JSON.stringify(openApiDocument(), null, 2));
  const run = spawnSync("npx", ["redocly", "lint", "--extends", "recommended-strict", "--format", "json", file], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const out = run.stdout.slice(run.stdout.indexOf("{"));
  const problems = (JSON.parse(out) as { problems: Problem[] }).problems;
  const accepted = (p: Problem) =>
    ACCEPTED.some((a) => a.ruleId === p.ruleId && p.location.some((l) => l.pointer === a.pointer));
  const refused = problems.filter((p) => !accepted(p));
  for (const p of refused) {
    const where = p.location[0];
    console.error(`${p.severity} ${p.ruleId}: ${p.message}\n  at ${where?.pointer} (line ${where?.start?.line})`);
  }
  console.log(
    `Redocly recommended-strict: ${refused.length} problem(s), ${problems.length - refused.length} accepted (scripts/lint-api.ts ACCEPTED).`,
  );
  if (refused.length > 0) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
