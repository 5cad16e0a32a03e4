/**
 * Audit entries of the admin commands (npm run users / clients): the same entries as the API
 * operation doing the same change (its audit declaration is reused), with the actor
 * `cli:<OS user>` and the role super (whoever runs them holds the database, so can do anything),
 * and one request id per command run.
 */
import { randomUUID } from "node:crypto";
import { userInfo } from "node:os";
import type { Principal } from "@/lib/auth/roles";
import type { AuditDeclaration, Operation } from "@/lib/http/operation";
import { auditedCall } from "./record-audit";

export interface CliActor {
  principal: Principal;
  requestId: string;
}

function osUser(): string {
  try {
    return userInfo().username || "unknown";
  } catch {
    // A container user without a passwd entry.
    return "unknown";
  }
}

/** Who runs this command, and the request id its entries share. */
export function cliActor(): CliActor {
  const subject = `cli:${osUser()}`;
  return { principal: { kind: "user", id: "", subject, name: subject, role: "super" }, requestId: randomUUID() };
}

/**
 * Runs a command's change and records the entry `op` (the API operation doing the same change)
 * declares, as if the request had `params` and `body`: its object, summary and state before -> after.
 * Nothing is recorded when the change throws.
 */
export function auditedCommand<T>(
  actor: CliActor,
  op: Pick<Operation, "method" | "path" | "audit">,
  request: { params?: Record<string, string>; body?: unknown },
  change: () => Promise<T>,
): Promise<T> {
  if (!op.audit) throw new Error(`${op.method} ${op.path} declares no audit entry for the command to record`);
  return auditedCall(
    op.audit as AuditDeclaration,
    {
      principal: actor.principal,
      requestId: actor.requestId,
      params: request.params ?? {},
      query: {},
      body: request.body,
      status: 200,
    },
    change,
  );
}
