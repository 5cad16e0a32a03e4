/**
 * Writes lib/openapi/examples.json from a contract recording (LUMEN_CONTRACT_DIR, see
 * tests/integration/support/contract-recorder.ts): per operation, one request body and one answer
 * per success status that the tests really sent and got, and that match their schemas. Arrays are
 * cut to two entries and secrets (tokens, keys, passwords, signatures) replaced.
 *   npm run openapi:examples            (runs the integration tests on PGlite, recording, first)
 *   npx tsx scripts/openapi-examples.ts <dir>   (from a recording made already)
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { contractChecker, jsonPointer, schemaValidator } from "@/lib/openapi/contract";
import { openApiDocument } from "@/lib/openapi/document";
import type { OperationExamples } from "@/lib/openapi/examples";

let dir = process.argv[2];
if (!dir) {
  dir = mkdtempSync(join(tmpdir(), "lumen-examples-"));
  spawnSync("npx", ["vitest", "run", "--project", "integration"], {
    stdio: "inherit",
    env: { ...process.env, TEST_DATABASE_URL: "", LUMEN_CONTRACT_DIR: dir },
  });
}
const MAX = 2500;
const SECRET = /(secret|token|password|signature|publishable_key|^key$|jti)/i;

/** Two entries of each array, secrets replaced by a placeholder of the same kind. */
function trim(value: unknown, key = ""): unknown {
  if (Array.isArray(value)) return value.slice(0, 2).map((v) => trim(v, key));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, trim(v, k)]));
  }
  if (typeof value === "string" && SECRET.test(key) && !/_at$|^token_type$/.test(key)) {
    return key === "publishable_key" ? "pk_example" : "example-secret-value";
  }
  return value;
}

const doc = openApiDocument() as unknown as Parameters<typeof contractChecker>[0] & {
  paths: Record<string, Record<string, { requestBody?: unknown }>>;
};
const check = contractChecker(doc);
const validate = schemaValidator(doc);
const candidates = new Map<string, { request: unknown[]; responses: Map<string, unknown[]> }>();
for (const file of readdirSync(dir).filter((f) => f.endsWith(".jsonl"))) {
  for (const line of readFileSync(join(dir, file), "utf8").split("\n")) {
    if (!line) continue;
    const answer = JSON.parse(line) as {
      method: string;
      path: string;
      status: number;
      body?: unknown;
      request?: unknown;
      headers: Record<string, string>;
    };
    if (answer.status < 200 || answer.status >= 300 || check(answer).length) continue;
    // The document itself is no example of itself.
    if (answer.path.startsWith("/openapi.")) continue;
    const key = `${answer.method} ${answer.path}`;
    const entry = candidates.get(key) ?? { request: [] as unknown[], responses: new Map<string, unknown[]>() };
    candidates.set(key, entry);
    if (answer.request !== undefined) entry.request.push(trim(answer.request));
    if (answer.body !== undefined) {
      const list = entry.responses.get(String(answer.status)) ?? [];
      list.push(trim(answer.body));
      entry.responses.set(String(answer.status), list);
    }
  }
}

type Node = { $ref?: string; properties?: Record<string, Node>; items?: Node };
const schemas = (doc as unknown as { components: { schemas: Record<string, Node> } }).components.schemas;
const resolve = (node: Node | undefined): Node | undefined =>
  node?.$ref ? schemas[node.$ref.split("/").pop() ?? ""] : node;

/** Whether a value has fields its schema does not name (a request the server ignores part of). */
function hasExtraFields(node: Node | undefined, value: unknown): boolean {
  const schema = resolve(node);
  if (!schema) return false;
  if (Array.isArray(value)) return value.some((v) => hasExtraFields(schema.items, v));
  if (!value || typeof value !== "object" || !schema.properties) return false;
  const properties = schema.properties;
  return Object.entries(value).some(([k, v]) => !(k in properties) || hasExtraFields(properties[k], v));
}

const at = (pointer: string): Node | undefined =>
  pointer
    .slice(2)
    .split("/")
    .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc) as Node | undefined;

/** The fullest candidate that fits (most to read), else the smallest; undefined when none is valid. */
function pick(values: unknown[], pointer: string): unknown {
  const schema = at(pointer);
  const valid = values.filter((v) => validate(pointer, v) === undefined && !hasExtraFields(schema, v));
  const sized = valid.map((v) => ({ v, n: JSON.stringify(v).length })).sort((a, b) => a.n - b.n);
  const fitting = sized.filter((s) => s.n <= MAX);
  return (fitting.at(-1) ?? sized[0])?.v;
}

const out: Record<string, OperationExamples> = {};
for (const [key, entry] of [...candidates].sort(([a], [b]) => a.localeCompare(b))) {
  const [method = "", path = ""] = key.split(" ");
  const op = jsonPointer("paths", path, method.toLowerCase());
  const example: OperationExamples = { responses: {} };
  if (doc.paths[path]?.[method.toLowerCase()]?.requestBody) {
    example.request = pick(entry.request, `${op}/requestBody/content/application~1json/schema`);
  }
  for (const [status, values] of entry.responses) {
    const value = pick(values, `${op}/responses/${status}/content/application~1json/schema`);
    if (value !== undefined) example.responses[status] = value;
  }
  if (example.request !== undefined || Object.keys(example.responses).length) out[key] = example;
}
writeFileSync("lib/openapi/examples.json", `${JSON.stringify(out, null, 2)}\n`);
spawnSync("npx", ["biome", "format", "--write", "lib/openapi/examples.json"], { stdio: "inherit" });
console.log(`examples of ${Object.keys(out).length} operations written to lib/openapi/examples.json`);
