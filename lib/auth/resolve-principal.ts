/**
 * Who is calling: a Bearer token (users and API clients) or the Auth.js session cookie of the
 * browser. The user or client is re-read on every request, so a disabled user, a changed role or
 * a revoked client takes effect at once.
 */
import { decode } from "next-auth/jwt";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { unauthorized } from "@/lib/http/errors";
import type { Principal } from "./roles";
import { verifyToken } from "./tokens";

export const SESSION_COOKIES = ["__Secure-authjs.session-token", "authjs.session-token"] as const;

export async function principalFor(kind: "user" | "client", id: string): Promise<Principal | undefined> {
  const prisma = await db();
  if (kind === "user") {
    const user = await prisma.user.findUnique({ where: { id } });
    if (!user || user.is_disabled) return undefined;
    return { kind, id, subject: user.email, name: user.name || user.email, role: user.role };
  }
  const client = await prisma.apiClient.findUnique({ where: { id } });
  if (!client || client.date_revoked) return undefined;
  return { kind, id, subject: client.client_id, name: client.name, role: client.role };
}

function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/** The session's user id from the Auth.js cookie, or undefined. */
export async function sessionUserId(cookieHeader: string | null): Promise<string | undefined> {
  const secret = env().AUTH_SECRET;
  if (!secret) return undefined;
  for (const name of SESSION_COOKIES) {
    const value = readCookie(cookieHeader, name);
    if (!value) continue;
    try {
      const token = await decode({ token: value, secret, salt: name });
      if (token?.sub) return token.sub;
    } catch {
      // a stale or foreign cookie: treated as no session
    }
  }
  return undefined;
}

export async function resolvePrincipal(request: Request): Promise<Principal> {
  const header = request.headers.get("authorization");
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw unauthorized("The Authorization header must be 'Bearer <token>'.", "invalid_token");
    const claims = await verifyToken(match[1]);
    if (!claims) throw unauthorized("The access token is invalid or expired.", "invalid_token");
    const principal = await principalFor(claims.kind, claims.sub);
    if (!principal) throw unauthorized("The token's user is disabled or its API client was revoked.", "invalid_token");
    return principal;
  }
  const userId = await sessionUserId(request.headers.get("cookie"));
  const principal = userId ? await principalFor("user", userId) : undefined;
  if (!principal) throw unauthorized();
  return principal;
}
