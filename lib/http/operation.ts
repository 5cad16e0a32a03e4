/**
 * An API operation declared once: method, path, role, zod schemas for params/query/body/response.
 * The same declaration drives the route handler (lib/http/handler.ts) and the OpenAPI document
 * (lib/openapi/document.ts), so validation, types and documentation cannot drift apart.
 */
import type { z } from "zod";
import type { Role } from "@/lib/auth/roles";
import type { Scope } from "@/lib/auth/scopes";

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
  /**
   * The scope a credential needs besides the role (lib/auth/scopes.ts); default studio. `content`
   * operations (what a shop's pages call) also take publishable keys (pk_..., header or `?key=`),
   * from their allowed origins, with CORS headers and preflight (lib/http/cors.ts).
   */
  scope?: Scope;
  /**
   * Open to a user who must change their password first (a super user set it): changing it, and
   * who am I. Every other operation answers them 403 password_change_required (./admit.ts).
   */
  openBeforePasswordChange?: boolean;
  params?: P;
  query?: Q;
  body?: B;
  /** A stricter schema to document when `body` is deliberately lenient (bulk intake). */
  docBody?: z.ZodType;
  /** Also accept application/x-www-form-urlencoded (the token route). */
  acceptForm?: boolean;
  /**
   * Also accept a JSON body sent as text/plain (the tracking snippet: navigator.sendBeacon sends
   * text/plain, and a fetch with it needs no CORS preflight).
   */
  acceptTextJson?: boolean;
  /** Body size limit in bytes (default 1 MB). */
  bodyLimit?: number;
  /**
   * The body reaches the handler as bytes (`rawBody`), its content type and size checked: the
   * handler parses and validates it itself, with `parseJsonBody` and `body` (bulk intake does that
   * in a worker thread, so a 10 MB document never holds the thread that answers requests).
   */
  rawBody?: boolean;
  response: R;
  /** The success answer is a file of these media types instead of JSON (documented as binary). */
  fileTypes?: string[];
  /** Request headers the handler reads itself, for the document (identity headers, If-Match). */
  headers?: z.ZodObject;
  /** Headers of the success answer besides X-Request-Id, for the document: name -> what it holds. */
  answerHeaders?: Record<string, string>;
  status?: number;
  /** Error statuses worth documenting besides 401/422/500. */
  errors?: number[];
  /**
   * What the audit log records after a 2xx answer (lib/audit): required of every operation that
   * changes state (tests/unit check it); `false` for one that changes nothing (a preview) or
   * records its own entries (the token grant, provider webhooks without a signed-in actor). A GET
   * records only when it declares one (an export's download).
   */
  audit?: AuditDeclaration<z.output<P>, z.output<Q>, z.output<B>, z.input<R>> | false;
}

/** The validated request and the answer, as an audit declaration reads them. */
export interface AuditContext<P = unknown, Q = unknown, B = unknown, R = unknown> {
  params: P;
  query: Q;
  body: B;
  /** The answer; undefined when the handler made its own Response (a file, a redirect). */
  result: R | undefined;
}

/** An operation's audit entry: lib/audit/record.ts fills who, when and the request id. */
export interface AuditDeclaration<P = unknown, Q = unknown, B = unknown, R = unknown> {
  /** "<object>.<verb>", such as campaign.approve. */
  action: string;
  /** The kind of object; lib/audit/object-ids.ts knows the other ids of some (a campaign's groups). */
  objectType: string;
  /** The object's id from the request, read before the operation runs (so a deleted object's ids are kept). */
  id?(request: Omit<AuditContext<P, Q, B, R>, "result">): string | undefined;
  /** The object's id from the answer (a created object). */
  resultId?(context: AuditContext<P, Q, B, R>): string | undefined;
  /** A short summary of what changed: no personal data (names, addresses, texts). */
  summary?(context: AuditContext<P, Q, B, R>): string;
}

export const MB = 1024 * 1024;

export function defineOperation<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  op: Operation<P, Q, B, R>,
): Operation<P, Q, B, R> {
  return op;
}
