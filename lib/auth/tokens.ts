/** Bearer access tokens: HS256 JWTs carrying subject, role and kind, signed with a key derived from AUTH_SECRET. */
import { jwtVerify, SignJWT } from "jose";
import { env } from "@/lib/env";
import { deriveKey } from "./keys";
import type { Role } from "./roles";

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
}

export async function issueToken(claims: TokenClaims): Promise<{ token: string; expiresIn: number }> {
  const expiresIn = env().TOKEN_TTL_SECONDS;
  const token = await new SignJWT({ role: claims.role, kind: claims.kind })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${expiresIn}s`)
    .sign(key());
  return { token, expiresIn };
}

/** The claims of a valid, unexpired token of this service (exp: its expiry, seconds since 1970). */
export async function verifyToken(token: string): Promise<(TokenClaims & { exp: number }) | undefined> {
  try {
    const { payload } = await jwtVerify(token, key(), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ["HS256"],
    });
    const { sub, role, kind, exp } = payload as Partial<TokenClaims & { exp: number }>;
    if (!sub || !role || (kind !== "user" && kind !== "client") || !exp) return undefined;
    return { sub, role, kind, exp };
  } catch {
    return undefined;
  }
}
