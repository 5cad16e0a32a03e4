/**
 * The route table as the tests see it: every app/api/latest/** /route.ts file, each exported
 * method handler and the operation (lib/http/operation.ts) it answers, read from the handler
 * (handle() exposes `op`). Used by tests/integration/auth-matrix.test.ts and fuzz-routes.test.ts.
 */
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { downloadExportOp } from "@/lib/audiences/exports/operations";
import type { Operation } from "@/lib/http/operation";

export type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

export interface RouteEntry {
  /** The route file, relative to the repository. */
  file: string;
  /** Its path below /api/latest with {param} placeholders ("/data/items"). */
  path: string;
  method: string;
  handler: Handler;
  /** The operation it answers; undefined for the catch-all (unknown paths). */
  op: Operation | undefined;
}

const ROOT = join(process.cwd(), "app/api/latest");
export const METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"] as const;
/** The catch-all that answers unknown paths under /api/latest with the 404 envelope. */
export const CATCH_ALL = "/{...path}";

/**
 * Route handlers that wrap handle() in a function of their own (so the function has no `op`):
 * the operation they answer. A new wrapper must be added here, or the matrix test fails.
 */
const WRAPPED: Record<string, Operation> = {
  "GET /customer-studio/exports/{export_id}/download": downloadExportOp as Operation,
};

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

/** "/a/[id]/b" -> "/a/{id}/b"; the catch-all "[...path]" -> "{...path}". */
function apiPath(file: string): string {
  const dir = relative(ROOT, join(file, ".."));
  const segments = dir === "" ? [] : dir.split(/[\\/]/);
  return `/${segments.map((s) => s.replace(/^\[(.+)\]$/, "{$1}")).join("/")}`;
}

/** Normalised for comparison: no trailing slash. */
export const samePath = (a: string, b: string) => a.replace(/\/$/, "") === b.replace(/\/$/, "");

/** Every method handler of every route file, with the operation it answers. */
export async function loadRouteTable(): Promise<RouteEntry[]> {
  const entries: RouteEntry[] = [];
  for (const full of routeFiles(ROOT).sort()) {
    const module = (await import(pathToFileURL(full).href)) as Record<string, unknown>;
    const path = apiPath(full);
    for (const [name, value] of Object.entries(module)) {
      if (!(METHODS as readonly string[]).includes(name) || typeof value !== "function") continue;
      const exposed = (value as { op?: Operation }).op;
      entries.push({
        file: relative(process.cwd(), full),
        path,
        method: name,
        handler: value as Handler,
        op: exposed ?? WRAPPED[`${name} ${path}`],
      });
    }
  }
  return entries;
}

/** An operation's key: "METHOD /path". */
export const opKey = (op: Pick<Operation, "method" | "path">) => `${op.method} ${op.path}`;

/** The URL path of an entry with these params filled in. */
export function concretePath(path: string, params: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    try {
      return encodeURIComponent(params[name] ?? name);
    } catch {
      return "malformed"; // a lone surrogate: the handler reads the params object, not the URL's path
    }
  });
}

/** The {param} names of a path. */
export function paramNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}
