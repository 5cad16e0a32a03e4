/**
 * Whether a known caller may call an operation, in the order a caller can act on: a password a
 * super user set, to change first (403 password_change_required), the scope
 * (403 insufficient_scope naming it), the role (403 forbidden), the browser's origin (403
 * origin_not_allowed) and, for publishable keys, the rate limits (429). Answers the CORS headers to
 * put on the answer (undefined: none). Synchronous: the content route's fast path has no promise.
 */
import { countKeyRequest } from "@/lib/auth/key-limits";
import { passwordChangeRequired } from "@/lib/auth/password-change-required";
import { hasRole, type Principal } from "@/lib/auth/roles";
import { allowsScope, type Scope, STUDIO_SCOPES } from "@/lib/auth/scopes";
import { clientAddress } from "./client-address";
import { checkOrigin } from "./cors";
import { ApiError, forbidden } from "./errors";
import type { HeaderReader } from "./handler";
import type { Operation } from "./operation";

export function insufficientScope(needed: Scope, principal: Principal): ApiError {
  return new ApiError(
    403,
    "insufficient_scope",
    `This operation needs the ${needed} scope; the credential of ${principal.subject} has ${(principal.scopes ?? STUDIO_SCOPES).join(", ")}.`,
  );
}

export function admit(
  op: Pick<Operation, "auth" | "scope" | "openBeforePasswordChange">,
  principal: Principal,
  headers: HeaderReader,
): Record<string, string> | undefined {
  if (principal.mustChangePassword && !op.openBeforePasswordChange) throw passwordChangeRequired(principal.subject);
  const needed = op.scope ?? "studio";
  if (!allowsScope(principal.scopes ?? STUDIO_SCOPES, needed)) throw insufficientScope(needed, principal);
  if (op.auth !== "public" && !hasRole(principal.role, op.auth)) {
    throw forbidden(
      `This action needs the ${op.auth} role or higher; ${principal.subject} has the ${principal.role} role.`,
    );
  }
  const cors = checkOrigin(principal, headers.get("origin"));
  if (principal.publishable) {
    try {
      countKeyRequest(principal.id, clientAddress(headers));
    } catch (error) {
      // The page may read the 429 and its Retry-After.
      if (cors && error instanceof ApiError)
        throw new ApiError(error.status, error.code, error.detail, undefined, { ...error.headers, ...cors });
      throw error;
    }
  }
  return cors;
}
