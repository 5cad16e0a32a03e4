/**
 * An API operation declared once: method, path, role, zod schemas for params/query/body/response.
 * The same declaration drives the route handler (lib/http/handler.ts) and the OpenAPI document
 * (lib/openapi/document.ts), so validation, types and documentation cannot drift apart.
 */
import type { z } from "zod";
import type { Role } from "@/lib/auth/roles";

export type Method = "GET" | "POST" | "PUT" | "DELETE";

export interface Operation<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: Method;
  /** OpenAPI path below /api/latest, with {param} placeholders. */
  path: string;
  /** Other paths answering the same operation (e.g. the spec's singular /rules/position). */
  aliases?: string[];
  tag: string;
  summary: string;
  description?: string;
  /** "public" needs no credentials; a role is the least role allowed. */
  auth: "public" | Role;
  params?: P;
  query?: Q;
  body?: B;
  /** A stricter schema to document when `body` is deliberately lenient (bulk intake). */
  docBody?: z.ZodType;
  /** Also accept application/x-www-form-urlencoded (the token route). */
  acceptForm?: boolean;
  /** Body size limit in bytes (default 1 MB). */
  bodyLimit?: number;
  /**
   * The body reaches the handler as bytes (`rawBody`), its content type and size checked: the
   * handler parses and validates it itself, with `parseJsonBody` and `body` (bulk intake does that
   * in a worker thread, so a 10 MB document never holds the thread that answers requests).
   */
  rawBody?: boolean;
  response: R;
  status?: number;
  /** Error statuses worth documenting besides 401/422/500. */
  errors?: number[];
}

export const MB = 1024 * 1024;

export function defineOperation<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  op: Operation<P, Q, B, R>,
): Operation<P, Q, B, R> {
  return op;
}
