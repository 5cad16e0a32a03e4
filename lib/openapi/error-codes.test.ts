import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "./document";
import { CODES_OUTSIDE_THE_DOCUMENT, HANDLER_ERROR_CODES } from "./handler-error-codes";

type Op = { responses: Record<string, unknown>; "x-error-codes"?: Record<string, string[]> };
const doc = openApiDocument() as unknown as { paths: Record<string, Record<string, Op>> };
const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
);

/** Where each helper of lib/http/errors.ts takes its code (argument index); default codes below. */
const CODE_ARGUMENT: Record<string, number> = { ApiError: 1, conflict: 1, badRequest: 1, unauthorized: 1 };
const DEFAULT_CODES = ["forbidden", "not_found", "payload_too_large", "unsupported_media_type", "rate_limited"];

/** Every code literal given to an ApiError or its helpers in lib/ and app/ (tests left out). */
function thrownCodes(): Map<string, string> {
  const found = new Map<string, string>();
  const files = ["lib", "app"].flatMap((root) =>
    readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((f) => f.isFile() && /\.tsx?$/.test(f.name) && !/\.test\.tsx?$/.test(f.name))
      .map((f) => join(f.parentPath, f.name)),
  );
  const helper = new RegExp(`\\b(${Object.keys(CODE_ARGUMENT).join("|")})\\(`);
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    if (!helper.test(text)) continue; // parsing only files that call one keeps this test quick
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && ts.isIdentifier(node.expression)) {
        const index = CODE_ARGUMENT[node.expression.text];
        const argument = index === undefined ? undefined : node.arguments?.[index];
        if (argument && ts.isStringLiteralLike(argument) && !found.has(argument.text)) {
          found.set(argument.text, `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe("error codes per operation (x-error-codes)", () => {
  it("are listed on every operation, only for statuses it documents with an error body", () => {
    for (const { key, op } of operations) {
      const codes = op["x-error-codes"] ?? {};
      for (const [status, list] of Object.entries(codes)) {
        const response = op.responses[status] as { description?: string } | undefined;
        // Each operation's own list, in words too (not another operation's: responses are shared).
        expect(response?.description, `${key} ${status}`).toMatch(
          new RegExp(`Codes here: ${list.map((c) => `\`${c}\``).join(", ")}$`),
        );
      }
      const errorStatuses = Object.keys(op.responses).filter((s) => Number(s) >= 400);
      expect(Object.keys(codes).sort(), key).toEqual(errorStatuses.sort());
    }
  });

  it("name the handlers' codes only on operations and statuses that exist", () => {
    const byKey = new Map(operations.map((o) => [o.key, o.op]));
    for (const [key, statuses] of Object.entries(HANDLER_ERROR_CODES)) {
      const op = byKey.get(key);
      expect(op, key).toBeDefined();
      for (const status of Object.keys(statuses)) expect(op?.responses[status], `${key} ${status}`).toBeDefined();
    }
  });

  it("cover every code thrown in the code: a new code must be documented where it is answered", () => {
    const documented = new Set(operations.flatMap(({ op }) => Object.values(op["x-error-codes"] ?? {}).flat()));
    const thrown = thrownCodes();
    expect(thrown.size).toBeGreaterThan(30);
    const missing = [...thrown]
      .filter(([code]) => !documented.has(code) && !(code in CODES_OUTSIDE_THE_DOCUMENT))
      .map(([code, where]) => `${code} (${where})`);
    expect(missing).toEqual([]);
    for (const code of DEFAULT_CODES) expect(documented.has(code), code).toBe(true);
  }, 30_000);
});
