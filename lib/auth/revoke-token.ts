/**
 * DELETE /auth/tokens/{jti}: ends one bearer token before its expiry. A user or API client
 * revokes its own tokens, a super user anyone's; the token answers 401 from the next request on
 * (in other processes within a second, lib/auth/sessions.ts).
 */
import { forbidden, notFound } from "@/lib/http/errors";
import type { Principal } from "./roles";
import { endSession, sessionOwner } from "./sessions";

export async function revokeToken(options: { jti: string; principal: Principal }): Promise<{ detail: string }> {
  const owner = await sessionOwner(options.jti);
  if (owner?.kind !== "token") throw notFound(`No unexpired, unrevoked token has id ${options.jti}.`);
  const own = owner.subjectKind === options.principal.kind && owner.subjectId === options.principal.id;
  if (!own && options.principal.role !== "super") {
    throw forbidden("You may revoke your own tokens only; super users may revoke anyone's.");
  }
  await endSession(options.jti);
  return { detail: `Token ${options.jti} revoked.` };
}
