/**
 * Appends entries to the audit log. Operations declare theirs (lib/http/operation.ts `audit`) and
 * the handler wrapper records them after a 2xx answer, in the same request (auditedCall); sign-ins
 * and their failures are recorded where the password is checked (lib/auth). Entries are only
 * ever inserted: no API updates or deletes them.
 */
import type { Principal } from "@/lib/auth/roles";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/http/ids";
import type { AuditDeclaration } from "@/lib/http/operation";
import { log } from "@/lib/log";
import { objectState } from "./object-ids";

const MAX_SUMMARY = 500;

export interface AuditInput {
  actor: string;
  actorRole: string;
  action: string;
  objectType?: string;
  objectId?: string;
  /** Other ids of the object (the object id is always among them). */
  objectIds?: string[];
  requestId?: string;
  summary?: string;
}

/**
 * Records one entry. A failure to record is logged, not thrown: the change it describes has
 * happened and its answer must not become an error (a retry would do it twice).
 */
export async function recordAudit(input: AuditInput): Promise<void> {
  const objectId = input.objectId ?? "";
  const ids = [...new Set([objectId, ...(input.objectIds ?? [])].filter(Boolean))];
  try {
    await (await db()).auditEntry.create({
      data: {
        audit_id: newId("audit"),
        actor: input.actor.slice(0, 320),
        actor_role: input.actorRole,
        action: input.action,
        object_type: input.objectType ?? "",
        object_id: objectId.slice(0, 300),
        object_ids: ids.map((id) => id.slice(0, 300)),
        request_id: (input.requestId ?? "").slice(0, 100),
        summary: (input.summary ?? "").slice(0, MAX_SUMMARY),
      },
    });
  } catch (error) {
    log.error("audit entry not recorded", { action: input.action, requestId: input.requestId, error });
  }
}

export interface AuditedRequest {
  principal: Principal;
  requestId: string;
  params: unknown;
  query: unknown;
  body: unknown;
  /** The status the operation answers on success (a handler's own Response has its own). */
  status: number;
}

/**
 * Runs an operation's handler and records its declared entry when it answers 2xx. The object's
 * ids and state are read before it runs (a deleted campaign's groups are gone after) and after.
 */
export async function auditedCall<T>(
  audit: AuditDeclaration,
  request: AuditedRequest,
  call: () => T | Promise<T>,
): Promise<T> {
  const input = { params: request.params, query: request.query, body: request.body };
  const requestedId = audit.id?.(input);
  const before = requestedId ? await objectState(audit.objectType, requestedId) : undefined;
  const result = await call();
  const status = result instanceof Response ? result.status : request.status;
  if (status < 200 || status >= 300) return result;
  const context = { ...input, result: isPlain(result) ? result : undefined };
  const objectId = requestedId ?? audit.resultId?.(context) ?? "";
  const after = objectId ? await objectState(audit.objectType, objectId).catch(() => undefined) : undefined;
  await recordAudit({
    actor: request.principal.subject,
    actorRole: request.principal.role,
    action: audit.action,
    objectType: audit.objectType,
    objectId,
    objectIds: [...(before?.ids ?? []), ...(after?.ids ?? [])],
    requestId: request.requestId,
    summary: summarize(audit, context, before?.state, after?.state),
  });
  return result;
}

function isPlain(value: unknown): boolean {
  return typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

function summarize(
  audit: AuditDeclaration,
  context: Parameters<NonNullable<AuditDeclaration["summary"]>>[0],
  before: string | undefined,
  after: string | undefined,
): string {
  const parts: string[] = [];
  const declared = audit.summary?.(context);
  if (declared) parts.push(declared);
  else if (context.body && typeof context.body === "object" && !Array.isArray(context.body)) {
    // Which fields were sent, never their values (they may hold names, addresses or texts).
    const keys = Object.keys(context.body);
    if (keys.length > 0) parts.push(`fields: ${keys.slice(0, 12).join(", ")}${keys.length > 12 ? ", ..." : ""}`);
  }
  if (before !== undefined || after !== undefined) {
    parts.push(before === after ? `state: ${after}` : `state: ${before ?? "none"} -> ${after ?? "gone"}`);
  }
  return parts.join("; ");
}
