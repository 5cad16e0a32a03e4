/**
 * A fetch that answers from the route handlers in this process (the route table), as Next would
 * route the URL: for driving the typed SDK (sdk/) through the real handlers without a server.
 * Answers are recorded for the contract check like call()'s (./contract-recorder.ts).
 */
import { recordAnswer } from "./contract-recorder";
import { CATCH_ALL, loadRouteTable, type RouteEntry } from "./route-table";

const BASE = "/api/latest";

function routeOf(entries: RouteEntry[], method: string, path: string) {
  const candidates = entries.filter((e) => e.method === method && e.path !== CATCH_ALL);
  // Literal segments before parameters (Next prefers /audiences/filter-options to /audiences/{id}).
  const ranked = candidates.sort((a, b) => (a.path.match(/\{/g)?.length ?? 0) - (b.path.match(/\{/g)?.length ?? 0));
  for (const entry of ranked) {
    const names: string[] = [];
    const pattern = entry.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
      names.push(name);
      return "([^/]+)";
    });
    const match = new RegExp(`^${pattern.replace(/\/$/, "")}/?$`).exec(path);
    if (match) {
      const params = Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(match[i + 1] ?? "")]));
      return { entry, params };
    }
  }
  return undefined;
}

export async function inProcessFetch(): Promise<(input: Request) => Promise<Response>> {
  const entries = await loadRouteTable();
  return async (input: Request) => {
    const url = new URL(input.url);
    if (!url.pathname.startsWith(BASE)) throw new Error(`not an API URL: ${input.url}`);
    const found = routeOf(entries, input.method, url.pathname.slice(BASE.length));
    if (!found) return Response.json({ detail: "No such route", code: "not_found" }, { status: 404 });
    const requestText = input.body ? await input.clone().text() : undefined;
    const response = await found.entry.handler(input, { params: Promise.resolve(found.params) });
    const text = await response.clone().text();
    recordAnswer(found.entry.handler, input, requestText, response, text);
    return response;
  };
}
