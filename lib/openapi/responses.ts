/**
 * The statuses an operation can answer, derived from the guards it passes through (lib/http/handler.ts
 * and ./admit.ts) and the errors it declares, with the headers each carries. A status the tests
 * see that is not listed here fails tests/integration/openapi-contract.test.ts.
 */
import { z } from "zod";
import type { Operation } from "@/lib/http/operation";

export const STATUS_TEXT: Record<number, string> = {
  303: "A browser without a session (Accept: text/html) is sent to the sign-in page, and back after it",
  304: "Not modified: the If-None-Match names the current ETag",
  400: "Malformed JSON (malformed_json), a malformed Idempotency-Key, or two credentials at once (invalid_request: the Authorization header and the query parameter key)",
  401: "No or bad credentials (not_authenticated, invalid_token, invalid_key; invalid_grant, invalid_client at the token grant)",
  403: "The caller's role (forbidden) or the credential's scope (insufficient_scope) may not do this, the browser's origin is not allowed (origin_not_allowed), or the user must change their password first (password_change_required)",
  404: "Unknown id (not_found)",
  409: "Refused by the resource's state or by a reference to it; a retry while the first request with its Idempotency-Key still runs (idempotency_in_progress)",
  410: "Gone (link_expired)",
  412: "If-Match names a version the resource no longer has (precondition_failed): read it again",
  413: "Body too large (payload_too_large)",
  415: "Body not sent as application/json (unsupported_media_type)",
  422: "Validation failed (validation_error; `errors` says where), or another refusal of the input named by `code`",
  429: "Rate limited (rate_limited): retry after Retry-After seconds",
  500: "Unexpected error (internal_error, logged with the request id)",
  503: "Busy or stopping (query_timeout, service_unavailable): retry after Retry-After seconds",
};

/** Whether the operation takes an Idempotency-Key (lib/http/idempotency.ts): a caller's POST, PUT or DELETE. */
export const takesIdempotencyKey = (op: Operation) => op.method !== "GET" && op.auth !== "public";

/** Every status the operation can answer besides its success. */
export function errorStatuses(op: Operation): number[] {
  const statuses = new Set<number>([500, 503, ...(op.errors ?? [])]);
  const add = (...s: number[]) => {
    for (const status of s) statuses.add(status);
  };
  // Authentication (400 when both a header and a query key are sent), then scope, role, origin and
  // a password to change (./admit.ts).
  if (op.auth !== "public") add(400, 401, 403);
  // Publishable keys are rate limited per visitor and key.
  if (op.scope === "content") add(429);
  // Path, query and body are validated; a body is also read with a content type and a size limit.
  if (op.params || op.query || op.body) add(422);
  if (op.body) add(400, 413, 415);
  // A malformed key (400), one reused with another request (422), one still running (409).
  if (takesIdempotencyKey(op)) add(400, 409, 422);
  if (op.headers?.shape["If-Match"]) add(412);
  return [...statuses].sort((a, b) => a - b);
}

export const ZRequestIdHeader = z
  .string()
  .describe(
    "The request's id: the caller's own X-Request-Id (up to 100 characters) or a new UUID; quote it in a report",
  );

const ZRetryAfter = z.string().regex(/^\d+$/).describe("Seconds to wait before retrying");

/** The headers answered with a status (zod objects: zod-openapi documents each key as a header). */
export function headersOf(op: Operation | undefined, status: number, success: boolean): z.ZodObject {
  const shape: Record<string, z.ZodType> = { "X-Request-Id": ZRequestIdHeader };
  if (status === 429 || status === 503) shape["Retry-After"] = ZRetryAfter;
  if (status === 412) shape.ETag = z.string().describe("The resource's current version: read it again");
  if (status >= 300 && status < 400 && status !== 304) shape.Location = z.string().describe("Where to go");
  if (success && op) {
    for (const [name, description] of Object.entries(op.answerHeaders ?? {})) {
      shape[name] = z.string().describe(description);
    }
    if (takesIdempotencyKey(op)) {
      shape["Idempotent-Replayed"] = z
        .literal("true")
        .optional()
        .describe("Present when the answer is the one kept for this Idempotency-Key");
    }
  }
  return z.object(shape);
}
