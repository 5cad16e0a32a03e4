/** Bearer access tokens: HS256 JWTs carrying subject, role and kind, signed with a key derived from AUTH_SECRET. */
import { jwtVerify, SignJWT } from "jose";
import { env } from "@/lib/env";
import { deriveKey } from "./keys";
import type { Role } from "./roles";
import { parseScopeString, type Scope } from "./scopes";
import { openSession } from "./sessions";

const ISSUER = "lumen";
const AUDIENCE = "lumen-api";

/** The tokens' own key, derived from AUTH_SECRET (lib/auth/keys.ts). */
function key(): Uint8Array {
  return deriveKey("tokens");
}

export interface TokenClaims {
  sub: string;
  role: Role;
  kind: "user" | "client";
  /** A client's token: the scopes it was granted (claim `scope`, space-separated as OAuth has it). */
  scopes?: Scope[];
}

/** A verified token's claims: its id (`jti`, alive while its auth_sessions row is) and expiry. */
export type VerifiedClaims = TokenClaims & { exp: number; jti: string };

/** Signs a token whose id (`jti`) is stored with its expiry (./sessions.ts): revocable one by one. */
export async function issueToken(claims: TokenClaims): Promise<{ token: string; expiresIn: number; jti: string }> {
  const expiresIn = env().TOKEN_TTL_SECONDS;
  const jti = await openSession({
    kind: "token",
    subjectKind: claims.kind,
    subjectId: claims.sub,
    expires: new Date(Date.now() + expiresIn * 1000),
  });
  const token = await new SignJWT({
    role: claims.role,
    kind: claims.kind,
    ...(claims.scopes ? { scope: claims.scopes.join(" ") } : {}),
  })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.sub)
    .setJti(jti)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${expiresIn}s`)
    .sign(key());
  return { token, expiresIn, jti };
}

/**
 * The claims of a valid, unexpired token of this service (exp: its expiry, seconds since 1970).
 * A token without `jti` (issued before tokens had ids) is refused: it could not be revoked.
 */
export async function verifyToken(token: string): Promise<VerifiedClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, key(), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ["HS256"],
    });
    const { sub, role, kind, exp, scope, jti } = payload as Partial<VerifiedClaims & { scope: unknown }>;
    if (!sub || !role || (kind !== "user" && kind !== "client") || !exp || typeof jti !== "string" || !jti) {
      return undefined;
    }
    if (scope === undefined) return { sub, role, kind, exp, jti };
    const scopes = typeof scope === "string" ? parseScopeString(scope) : undefined;
    return scopes ? { sub, role, kind, exp, jti, scopes } : undefined;
  } catch {
    return undefined;
  }
}
