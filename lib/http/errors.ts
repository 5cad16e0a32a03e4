/**
 * The one error envelope of the API:
 *   {"detail": "<sentence>", "code": "<snake_case>", "errors": [{"loc": [...], "msg": "..."}]}
 * (`errors` only for validation). Known failures are ApiErrors; zod errors become 422; Prisma's
 * known request errors are mapped by code, never by message; anything else is a logged 500.
 */
import { z } from "zod";

export type Loc = (string | number)[];
export interface FieldError {
  loc: Loc;
  msg: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string, code = "malformed_request") => new ApiError(400, code, detail);
export const unauthorized = (
  detail = "Authentication is required: send Authorization: Bearer <token> or sign in.",
  code = "not_authenticated",
) => new ApiError(401, code, detail, undefined, { "WWW-Authenticate": 'Bearer realm="lumen"' });
export const forbidden = (detail: string) => new ApiError(403, "forbidden", detail);
export const notFound = (detail: string) => new ApiError(404, "not_found", detail);
export const conflict = (detail: string, code = "conflict") => new ApiError(409, code, detail);
export const tooLarge = (limitBytes: number) =>
  new ApiError(413, "payload_too_large", `The request body exceeds the limit of ${limitBytes} bytes.`);
export const unsupportedMediaType = () =>
  new ApiError(415, "unsupported_media_type", "Send the request body with Content-Type: application/json.");
export const tooManyRequests = (retryAfterSeconds: number) =>
  new ApiError(429, "rate_limited", `Too many requests; retry in ${retryAfterSeconds} s.`, undefined, {
    "Retry-After": String(retryAfterSeconds),
  });

/**
 * An ad-hoc query ran out of time (lib/db/guarded-query.ts): the database is busy or the question
 * is too large for it now. Retry-After: the time the query may take.
 */
export const queryTimeout = (timeoutMs?: number) => {
  const seconds = timeoutMs ? Math.max(1, Math.ceil(timeoutMs / 1000)) : 10;
  return new ApiError(
    503,
    "query_timeout",
    `The query did not finish ${timeoutMs ? `within ${seconds} s ` : "in time "}and was stopped; retry later, or ask for less (fewer filters, a narrower search).`,
    undefined,
    { "Retry-After": String(seconds) },
  );
};

export function validationError(errors: FieldError[], detail?: string): ApiError {
  const first = errors[0];
  const where = first ? ` (${first.loc.join(".")}: ${first.msg})` : "";
  return new ApiError(422, "validation_error", detail ?? `The request is not valid${where}.`, errors);
}

export function zodFieldErrors(error: z.ZodError, prefix: Loc): FieldError[] {
  return error.issues.map((issue) => ({
    loc: [...prefix, ...issue.path.map((p) => (typeof p === "symbol" ? String(p) : p))],
    msg: issue.message,
  }));
}

const PRISMA_CODES: Record<string, (meta: Record<string, unknown> | undefined) => ApiError> = {
  P2002: (meta) => conflict(`A record with the same ${describeTarget(meta)} already exists.`, "already_exists"),
  P2025: () => notFound("The record does not exist."),
  P2003: () =>
    conflict(
      "A reference does not hold: the record is still used by another, or names one that no longer exists.",
      "referenced",
    ),
};

/** A foreign key refused the write (Prisma P2003): `code` and `detail` say what it means here. */
export async function onBrokenReference<T>(write: Promise<T>, error: () => ApiError): Promise<T> {
  try {
    return await write;
  } catch (e) {
    const code = e && typeof e === "object" && "code" in e ? e.code : undefined;
    if (code === "P2003") throw error();
    throw e;
  }
}

function describeTarget(meta: Record<string, unknown> | undefined): string {
  const target = meta?.target;
  if (Array.isArray(target)) return target.join(", ");
  return typeof target === "string" ? target : "key";
}

/** An ApiError for a known error, or undefined for one that must become a 500. */
export function toApiError(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (error instanceof z.ZodError) return validationError(zodFieldErrors(error, ["body"]));
  if (error && typeof error === "object" && "code" in error && typeof error.code === "string") {
    // PostgreSQL's statement_timeout (SQLSTATE 57014) on a statement outside the guarded queries.
    if (error.code === "57014" && error.constructor?.name === "DatabaseError") return queryTimeout();
    const map = PRISMA_CODES[error.code];
    if (map && error.constructor?.name === "PrismaClientKnownRequestError") {
      return map((error as { meta?: Record<string, unknown> }).meta);
    }
  }
  return undefined;
}

export function errorBody(error: ApiError) {
  return {
    detail: error.detail,
    code: error.code,
    ...(error.errors ? { errors: error.errors } : {}),
  };
}

/** A touchpoint switched off (is_active false): its content is not served; its preview is. */
export function notActive(touchpointId: string): ApiError {
  return conflict(
    `Touchpoint ${touchpointId} is not active: activate it (is_active true) to serve its content; the studio's preview works meanwhile.`,
    "not_active",
  );
}
