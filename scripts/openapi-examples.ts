/**
 * Writes lib/openapi/examples.json from a contract recording (LUMEN_CONTRACT_DIR, see
 * tests/integration/support/contract-recorder.ts): per operation, one request body and one answer
 * per success status that the tests really sent and got, and that match their schemas. Arrays are
 * cut to two entries and secrets (tokens, keys, passwords, signatures) replaced.
 *   npm run openapi:examples            (runs the integration tests on PGlite, recording, first)
 *   npx tsx scripts/openapi-examples.ts <dir>...   (from recordings made already, read together)
 * A file's answer (CSV, YAML) is kept as its first lines; this document's own answer as its head.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { contractChecker, jsonPointer, schemaValidator } from "@/lib/openapi/contract";
import { openApiDocument } from "@/lib/openapi/document";
import type { OperationExamples } from "@/lib/openapi/examples";

const dirs = process.argv.slice(2);
if (!dirs.length) {
  const dir = mkdtempSync(join(tmpdir(), "lumen-examples-"));
  dirs.push(dir);
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
/** A file's first lines, whole (at most 8 of them, 1000 characters). */
function head(text: string): string {
  const lines = text.slice(0, 1000).split("\n");
  if (text.length > 1000) lines.pop();
  return `${lines.slice(0, 8).join("\n").trimEnd()}\n`;
}

const candidates = new Map<
  string,
  { request: unknown[]; responses: Map<string, unknown[]>; media: Map<string, string> }
>();
const files = dirs.flatMap((dir) =>
  readdirSync(dir)
    .filter((f) => f.endsWith(".jsonl"))
    .map((f) => join(dir, f)),
);
for (const file of files) {
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (!line) continue;
    const answer = JSON.parse(line) as {
      method: string;
      path: string;
      status: number;
      body?: unknown;
      bodyText?: string;
      request?: unknown;
      headers: Record<string, string>;
    };
    if (answer.status < 200 || answer.status >= 300 || check(answer).length) continue;
    const key = `${answer.method} ${answer.path}`;
    const entry = candidates.get(key) ?? {
      request: [] as unknown[],
      responses: new Map<string, unknown[]>(),
      media: new Map<string, string>(),
    };
    candidates.set(key, entry);
    if (answer.request !== undefined) entry.request.push(trim(answer.request));
    const status = String(answer.status);
    const type = (answer.headers["content-type"] ?? "").split(";")[0]?.trim() ?? "";
    let value: unknown;
    if (answer.path === "/openapi.json" && answer.body && typeof answer.body === "object") {
      // The document as its own example would double it: its head says what the answer is.
      const { openapi, info, servers } = answer.body as Record<string, unknown>;
      value = { openapi, info, servers };
    } else if (answer.body !== undefined) value = trim(answer.body);
    else if (answer.bodyText && type !== "application/json" && !answer.bodyText.startsWith("PK")) {
      value = head(answer.bodyText); // a text file; an XLSX (a zip: "PK...") has no readable example
      entry.media.set(status, type);
    }
    if (value !== undefined) {
      const list = entry.responses.get(status) ?? [];
      list.push(value);
      entry.responses.set(status, list);
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

/**
 * The fullest candidate that fits (most to read), else the smallest; undefined when none is valid.
 * Candidates with fields the schema does not name are taken only when there is no other (a
 * provider's webhook sends more than Lumen reads), without those fields.
 */
function pick(values: unknown[], pointer: string): unknown {
  const schema = at(pointer);
  const valid = values.filter((v) => validate(pointer, v) === undefined);
  const exact = valid.filter((v) => !hasExtraFields(schema, v));
  return fullest(exact.length ? exact : valid.map((v) => namedOnly(schema, v)));
}

/** The value with only the fields its schema names (a strict example validator allows no others). */
function namedOnly(node: Node | undefined, value: unknown): unknown {
  const schema = resolve(node);
  if (!schema) return value;
  if (Array.isArray(value)) return value.map((v) => namedOnly(schema.items, v));
  if (!value || typeof value !== "object" || !schema.properties) return value;
  const properties = schema.properties;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => k in properties)
      .map(([k, v]) => [k, namedOnly(properties[k], v)]),
  );
}

function fullest(valid: unknown[]): unknown {
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
    const media = entry.media.get(status) ?? "application/json";
    const value = pick(values, `${op}/responses/${status}/content/${media.replace(/\//g, "~1")}/schema`);
    if (value === undefined) continue;
    example.responses[status] = value;
    if (media !== "application/json") example.responseMedia = { ...example.responseMedia, [status]: media };
  }
  if (example.request !== undefined || Object.keys(example.responses).length) out[key] = example;
}
writeFileSync("lib/openapi/examples.json", `${JSON.stringify(out, null, 2)}\n`);
spawnSync("npx", ["biome", "format", "--write", "lib/openapi/examples.json"], { stdio: "inherit" });
console.log(`examples of ${Object.keys(out).length} operations written to lib/openapi/examples.json`);
