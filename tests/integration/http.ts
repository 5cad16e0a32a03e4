/**
 * Calls the real route handlers (app/api/latest/...) the way Next does: a Request and a context
 * whose params is a promise.
 */
import { issueToken } from "@/lib/auth/tokens";
import { db } from "@/lib/db/client";
import { recordAnswer } from "./support/contract-recorder";

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

export interface CallOptions {
  method?: string;
  path?: string;
  query?: Record<string, string | number>;
  params?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
}

// biome-ignore lint/suspicious/noExplicitAny: response bodies are JSON read by assertions
export interface CallResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

// biome-ignore lint/suspicious/noExplicitAny: response bodies are JSON read by assertions
export async function call<T = any>(handler: Handler, options: CallOptions = {}): Promise<CallResult<T>> {
  const url = new URL(`http://localhost/api/latest${options.path ?? "/"}`);
  for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, String(v));
  const headers = new Headers(options.headers);
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const request = new Request(url, { method: options.method ?? (body ? "POST" : "GET"), headers, body });
  // As Next calls it: a route without dynamic segments gets no params object.
  const response = await handler(request, {
    params: Promise.resolve(options.params ?? (undefined as unknown as Record<string, string>)),
  });
  const text = await response.text();
  recordAnswer(handler, request, body, response, text);
  return { status: response.status, body: text ? parseBody(text, response) : undefined, headers: response.headers };
}

/** JSON, or the text of another answer (the YAML document, a CSV file). */
// biome-ignore lint/suspicious/noExplicitAny: response bodies are JSON read by assertions
function parseBody(text: string, response: Response): any {
  if ((response.headers.get("content-type") ?? "").includes("json")) return JSON.parse(text);
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const tokens = new Map<string, string>();

/**
 * A bearer token of a demo user: user (marketer), advanced or super. Issued as the password grant
 * issues it once the password is right, without checking the password: scrypt at OWASP's cost for
 * every test file adds minutes to a CI run. The grant itself is tested in auth*.test.ts.
 */
export async function tokenFor(role: "user" | "advanced" | "super"): Promise<string> {
  const email = role === "user" ? "marketer@example.com" : `${role}@example.com`;
  let token = tokens.get(email);
  if (!token) {
    const user = await (await db()).user.findUniqueOrThrow({ where: { email } });
    token = (await issueToken({ sub: user.id, role: user.role, kind: "user" })).token;
    tokens.set(email, token);
  }
  return token;
}
