/**
 * Playwright's `test` with a `request` fixture that, when LUMEN_CONTRACT_DIR is set (npm test sets
 * it), appends every answer of /api/latest/* to <dir>/playwright-<pid>.jsonl, as the integration
 * tests' recorder does (tests/integration/support/contract-recorder.ts); scripts/check-contract.ts
 * then checks them against the OpenAPI document. Unset, the fixture is Playwright's own, untouched.
 * The operation is found from the URL at check time, so nothing of lib/ loads in the workers.
 */
import { appendFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { type APIRequestContext, type APIResponse, test as base } from "@playwright/test";

export { expect } from "@playwright/test";

const dir = process.env.LUMEN_CONTRACT_DIR;
const METHODS: Record<string, string> = {
  get: "GET",
  post: "POST",
  put: "PUT",
  patch: "PATCH",
  delete: "DELETE",
  head: "HEAD",
  fetch: "",
};
const MAX_TEXT = 2000;

async function record(method: string, response: APIResponse, request: unknown, testPath: string): Promise<void> {
  if (!dir) return;
  const url = new URL(response.url());
  if (!url.pathname.startsWith("/api/latest/")) return;
  const headers = response.headers();
  const text = method === "HEAD" ? "" : (await response.body().catch(() => Buffer.alloc(0))).toString("utf8");
  let body: unknown;
  if (text && (headers["content-type"] ?? "").includes("json")) {
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
  }
  const line = {
    test: testPath,
    method,
    url: url.pathname.replace(/^\/api\/latest/, ""),
    status: response.status(),
    headers,
    body,
    bodyText: body === undefined && text ? text.slice(0, MAX_TEXT) : undefined,
    request: request && typeof request === "object" && !Buffer.isBuffer(request) ? request : undefined,
  };
  mkdirSync(dir, { recursive: true });
  appendFileSync(join(dir, `playwright-${process.pid}.jsonl`), `${JSON.stringify(line)}\n`);
}

/** The context with each request method recording its answer. */
function recording(context: APIRequestContext, testPath: string): APIRequestContext {
  return new Proxy(context, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      const method = typeof property === "string" ? METHODS[property] : undefined;
      if (typeof value !== "function") return value;
      // Bound to the real context: Playwright's objects keep private state a proxy cannot reach.
      if (method === undefined) return value.bind(target);
      return async (urlOrRequest: string, options?: { method?: string; data?: unknown }) => {
        const response: APIResponse = await value.call(target, urlOrRequest, options);
        const verb = method || (options?.method ?? "GET").toUpperCase();
        await record(verb, response, options?.data, testPath);
        return response;
      };
    },
  });
}

export const test = base.extend({
  request: async ({ request }, use, testInfo) => {
    await use(dir ? recording(request, testInfo.file.replace(`${process.cwd()}/`, "")) : request);
  },
});
