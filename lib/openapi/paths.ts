/**
 * Where the document puts an operation. Aliases (the spec's singular /rules/position, its trailing
 * slashes) are served but documented once: a second path with the same operationId makes
 * generators refuse the document, and a trailing slash is a lint error for most tools.
 */
import type { Operation } from "@/lib/http/operation";

const strip = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path);

/**
 * The operation's documented path: of its path and aliases (trailing slash dropped), the one another
 * operation also uses (GET /rules/position is documented beside POST /rules/positions), else its path.
 */
export function documentedPath(op: Operation, all: readonly Operation[]): string {
  const candidates = [op.path, ...(op.aliases ?? [])].map(strip);
  const shared = new Set(all.filter((other) => other !== op).map((other) => strip(other.path)));
  return candidates.find((path) => shared.has(path)) ?? strip(op.path);
}

/** get + /touchpoint-studio/rules/positions -> getTouchpointStudioRulesPositions. */
export function operationId(method: string, path: string): string {
  return `${method.toLowerCase()}${path.replace(/[{}]/g, "").replace(/[^a-zA-Z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ""))}`;
}
