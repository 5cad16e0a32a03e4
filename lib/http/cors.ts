/**
 * Browsers calling content-scope operations (lib/auth/scopes.ts) with a publishable key: the
 * key's allowed origins decide. A request whose Origin is not among them is refused (403
 * origin_not_allowed, no CORS headers, so the page cannot read the answer either); one without
 * Origin (a server, curl) is not a browser's and passes; an allowed one gets CORS headers on every
 * answer, errors included. Preflights (OPTIONS) are answered for content-scope routes: with
 * `?key=` in the URL the key's origins are checked already; a preflight for an Authorization
 * header carries no key (browsers never send credentials with it), so it is allowed and the
 * request itself is checked.
 */
import { randomUUID } from "node:crypto";
import { principalFor } from "@/lib/auth/resolve-principal";
import type { Principal } from "@/lib/auth/roles";
import { keyInQuery, looksPublishable } from "@/lib/auth/scopes";
import { ApiError, errorBody } from "./errors";
import type { Operation } from "./operation";

/** Request headers a widget may send: the credential, identity headers of the content route, ids. */
const ALLOWED_HEADERS = "Authorization, Content-Type, identity_value, identity_type, X-Request-Id, Idempotency-Key";
/** Answer headers a page may read besides the simple ones. */
const EXPOSED_HEADERS = "X-Request-Id, Retry-After, Idempotent-Replayed";
/** Seconds a browser may reuse a preflight's answer. */
const PREFLIGHT_MAX_AGE = "600";

export function originNotAllowed(origin: string, principal: Pick<Principal, "subject">): ApiError {
  return new ApiError(
    403,
    "origin_not_allowed",
    `The origin ${origin} is not among the allowed origins of API client ${principal.subject}; a super user adds it in Settings.`,
  );
}

/** Headers letting the page at `origin` read the answer. */
export function corsHeaders(origin: string): Record<string, string> {
  return {
    "access-control-allow-origin": origin,
    "access-control-expose-headers": EXPOSED_HEADERS,
    vary: "Origin",
  };
}

/**
 * The CORS headers for a request of this caller (undefined: none to add), or 403
 * origin_not_allowed. Only publishable clients carry allowed origins; other callers are not
 * served to browsers of other sites (no CORS headers).
 */
export function checkOrigin(principal: Principal, origin: string | null): Record<string, string> | undefined {
  if (origin === null || !principal.allowedOrigins) return undefined;
  if (!principal.allowedOrigins.includes(origin)) throw originNotAllowed(origin, principal);
  return corsHeaders(origin);
}

/** The answer to a preflight (OPTIONS) of a content-scope operation. */
export async function preflightAnswer(
  op: Pick<Operation, "method">,
  url: string,
  headers: { get(name: string): string | null },
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const requestId = headers.get("x-request-id")?.slice(0, 100) || randomUUID();
  const allow = `${op.method}, OPTIONS`;
  const origin = headers.get("origin");
  if (origin === null) return { status: 204, headers: { allow, "x-request-id": requestId }, body: "" };
  const key = keyInQuery(url);
  if (key !== undefined) {
    const principal = looksPublishable(key) ? await principalFor("key", key) : undefined;
    const refusal = !principal
      ? new ApiError(401, "invalid_key", "The publishable key is unknown, or its API client was revoked.")
      : principal.allowedOrigins?.includes(origin)
        ? undefined
        : originNotAllowed(origin, principal);
    if (refusal) {
      return {
        status: refusal.status,
        headers: { "content-type": "application/json", "x-request-id": requestId },
        body: JSON.stringify(errorBody(refusal)),
      };
    }
  }
  return {
    status: 204,
    headers: {
      allow,
      "access-control-allow-origin": origin,
      "access-control-allow-methods": allow,
      "access-control-allow-headers": ALLOWED_HEADERS,
      "access-control-max-age": PREFLIGHT_MAX_AGE,
      vary: "Origin, Access-Control-Request-Method, Access-Control-Request-Headers",
      "x-request-id": requestId,
    },
    body: "",
  };
}

/** A route's OPTIONS export for a content-scope operation: `export const OPTIONS = preflight(op)`. */
export function preflight(op: Pick<Operation, "method">): (request: Request) => Promise<Response> {
  return async (request) => {
    const out = await preflightAnswer(op, request.url, request.headers);
    return new Response(out.status === 204 ? null : out.body, { status: out.status, headers: out.headers });
  };
}
