/**
 * The error `code` values each operation can answer, per status: those of the guards every request
 * passes (lib/http/handler.ts, ./admit.ts, lib/auth/resolve-principal.ts, lib/http/idempotency.ts),
 * derived from the operation's declaration as ./responses.ts derives its statuses, and those its
 * own handler throws (./handler-error-codes.ts, read from the code under lib/). The document lists
 * them as `x-error-codes` on the operation and in each error response's description; the contract
 * check (./contract.ts) refuses a recorded answer whose code its operation does not list, and
 * ./error-codes.test.ts a code thrown anywhere in lib/ that no operation lists.
 */
import type { Operation } from "@/lib/http/operation";
import { HANDLER_ERROR_CODES } from "./handler-error-codes";
import { errorStatuses, takesIdempotencyKey } from "./responses";

export type ErrorCodes = Record<string, string[]>;

/** The codes of the guards before the handler, for each status the operation documents. */
function guardCodes(op: Operation): Record<number, string[]> {
  const signedIn = op.auth !== "public";
  const idempotent = takesIdempotencyKey(op);
  const codes: Record<number, string[]> = {
    // Both an Authorization header and ?key= (resolve-principal), malformed JSON (body.ts), a
    // malformed Idempotency-Key (idempotency.ts).
    400: [
      ...(signedIn ? ["invalid_request"] : []),
      ...(op.body ? ["malformed_json"] : []),
      ...(idempotent ? ["invalid_idempotency_key"] : []),
    ],
    401: signedIn ? ["not_authenticated", "invalid_token", "invalid_key"] : [],
    // admit.ts, in its order; origins are checked for any credential that names allowed origins.
    403: signedIn
      ? [
          ...(op.openBeforePasswordChange ? [] : ["password_change_required"]),
          "insufficient_scope",
          "forbidden",
          "origin_not_allowed",
        ]
      : [],
    // An id (in the path or the body) that names nothing; Prisma's "record not found" too (errors.ts).
    404: ["not_found"],
    409: idempotent ? ["idempotency_in_progress"] : [],
    412: ["precondition_failed"],
    413: ["payload_too_large"],
    415: ["unsupported_media_type"],
    422: ["validation_error", ...(idempotent ? ["idempotency_key_reused"] : [])],
    429: ["rate_limited"],
    500: ["internal_error"],
    // Any statement past its time (errors.ts maps SQLSTATE 57014); an intake thread that died or a
    // service stopping (lib/data/intake-thread).
    503: ["query_timeout", ...(op.rawBody ? ["service_unavailable"] : [])],
  };
  return codes;
}

/** "<METHOD> <documented path>" -> status -> codes, sorted; only statuses that answer a body. */
export function errorCodesOf(op: Operation, documentedPath: string): ErrorCodes {
  const guards = guardCodes(op);
  const own = HANDLER_ERROR_CODES[`${op.method} ${documentedPath}`] ?? {};
  const out: ErrorCodes = {};
  for (const status of errorStatuses(op)) {
    if (status < 400) continue;
    const codes = new Set([...(guards[status] ?? []), ...(own[status] ?? [])]);
    if (codes.size) out[String(status)] = [...codes].sort();
  }
  return out;
}

interface DocOperation {
  description?: string;
  responses?: Record<string, { $ref?: string; description?: string }>;
  "x-error-codes"?: ErrorCodes;
}

/**
 * Puts each operation's codes on the document: `x-error-codes` (status -> codes, for programs) and
 * the error response's description (a Reference Object's own description, OpenAPI 3.1), for people.
 * An enum on `code` per response would need an inline copy of every error response (and of the
 * Error schema) in every operation instead of one shared component per status: the document and
 * the SDK's types would grow several times over for what one list per operation says.
 */
export function attachErrorCodes(
  paths: Record<string, Record<string, DocOperation> | undefined>,
  codesOf: (method: string, path: string) => ErrorCodes | undefined,
  statusName: (status: number) => string,
): void {
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(methods ?? {})) {
      const codes = codesOf(method.toUpperCase(), path);
      if (!codes) continue;
      operation["x-error-codes"] = codes;
      for (const [status, list] of Object.entries(codes)) {
        const response = operation.responses?.[status];
        if (!response || !operation.responses) continue;
        // A copy: operations share the reference objects of the shared responses.
        operation.responses[status] = {
          ...response,
          description: `${statusName(Number(status))}. Codes here: ${list.map((c) => `\`${c}\``).join(", ")}`,
        };
      }
    }
  }
}
