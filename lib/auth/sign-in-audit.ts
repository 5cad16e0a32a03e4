/**
 * Audit entries of sign-ins (lib/audit): every password presented through a door (the token
 * grant, the sign-in form, Auth.js's endpoint) leaves auth.sign_in, auth.sign_in_failed or
 * auth.sign_in_throttled (auth.sign_in_refused: the right password of a user who must change it
 * first, at the token grant); signing out leaves auth.sign_out. The actor of a failure is the account
 * named (the e-mail or client_id given), nothing else of what was typed.
 */
import { recordAudit } from "@/lib/audit/record-audit";
import type { Role } from "./roles";

export type SignInDoor = "token grant" | "sign-in form or Auth.js endpoint";

const ACTIONS = {
  success: "auth.sign_in",
  failure: "auth.sign_in_failed",
  throttled: "auth.sign_in_throttled",
  refused: "auth.sign_in_refused",
} as const;

export function auditSignIn(options: {
  door: SignInDoor;
  /** The e-mail or client_id given. */
  account: string;
  outcome: "success" | "failure" | "throttled" | "refused";
  /** The signed-in user or client (success). */
  who?: { kind: "user" | "client"; id: string; role: Role };
  requestId?: string;
  /** Seconds to wait (throttled). */
  retryAfter?: number;
}): Promise<void> {
  const action = ACTIONS[options.outcome];
  const wait = options.retryAfter !== undefined ? `; wait ${options.retryAfter} s` : "";
  const why = options.outcome === "refused" ? "; password change required" : "";
  return recordAudit({
    actor: options.account.trim().toLowerCase(),
    actorRole: options.who?.role ?? "",
    action,
    objectType: options.who ? (options.who.kind === "user" ? "user" : "api_client") : "",
    objectId: options.who?.id,
    requestId: options.requestId,
    summary: `via ${options.door}${wait}${why}`,
  });
}
