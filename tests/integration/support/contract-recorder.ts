/**
 * Opt-in (LUMEN_CONTRACT_DIR set): every answer the integration tests get through call() is
 * appended to <dir>/<pid>.jsonl with the operation it answered, for scripts/check-contract.ts to
 * check against the OpenAPI document afterwards.
 */
import { appendFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import type { Operation } from "@/lib/http/operation";
import { documentedPath } from "@/lib/openapi/paths";
import { allOperations } from "@/lib/openapi/registry";

const dir = process.env.LUMEN_CONTRACT_DIR;
let operations: Operation[] | undefined;

const matches = (template: string, path: string) =>
  new RegExp(`^${template.replace(/\/+$/, "").replace(/\{[^}]+\}/g, "[^/]+")}/?$`).test(path);

/** The operation a handler answers: its own (handle() exposes it), else found by method and path. */
function operationOf(handler: unknown, method: string, path: string): Operation | undefined {
  const own = (handler as { op?: Operation }).op;
  if (own) return own;
  operations ??= allOperations();
  return operations.find(
    (op) => op.method === method && [op.path, ...(op.aliases ?? [])].some((template) => matches(template, path)),
  );
}

export function recordAnswer(
  handler: unknown,
  request: Request,
  requestText: string | undefined,
  response: Response,
  text: string,
): void {
  if (!dir) return;
  operations ??= allOperations();
  const path = new URL(request.url).pathname.replace(/^\/api\/latest/, "");
  const op = operationOf(handler, request.method, path);
  // Only the API's operations: not the catch-all's 404 for unknown paths, CORS preflights, or
  // routes outside the API that share the wrapper (the wheel page's spin). A route served but not
  // declared in lib/openapi/registry.ts fails tests/integration/auth-matrix.test.ts instead.
  if (!op || !operations.includes(op)) return;
  let body: unknown;
  try {
    body = text && (response.headers.get("content-type") ?? "").includes("json") ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  const record = {
    test: expect.getState().testPath?.replace(`${process.cwd()}/`, ""),
    method: request.method,
    path: documentedPath(op, operations),
    url: path,
    status: response.status,
    headers: Object.fromEntries([...response.headers].map(([k, v]) => [k.toLowerCase(), v])),
    body,
    // Enough of a file (CSV, YAML) for the document's example of it.
    bodyText: body === undefined && text ? text.slice(0, 2000) : undefined,
    request: requestJson(request, requestText),
  };
  mkdirSync(dir, { recursive: true });
  let line: string;
  try {
    line = JSON.stringify(record);
  } catch {
    // A request body nested past what JSON.stringify can walk (the nesting-cap tests send one):
    // its answer is still checked, the request is not.
    line = JSON.stringify({ ...record, request: undefined });
  }
  appendFileSync(join(dir, `${process.pid}.jsonl`), `${line}\n`);
}

/** The request's JSON or form body as an object (for the document's examples, scripts/openapi-examples.ts). */
function requestJson(request: Request, text: string | undefined): unknown {
  const type = request.headers.get("content-type") ?? "";
  if (text && type.includes("application/x-www-form-urlencoded")) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  if (!text || !type.includes("json")) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
