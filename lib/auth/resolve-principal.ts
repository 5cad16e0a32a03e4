/**
 * Who is calling: a Bearer token (users and API clients), a publishable key (pk_..., as a Bearer
 * token or the query parameter `key`) or the Auth.js session cookie of the browser. The user or
 * client behind it is read from the database at most once per PRINCIPAL_TTL_MS per process (the
 * content routes take thousands of calls a second), in the background while the previous copy
 * answers; a change made through this service (disable, role, revoke) forgets the cached copies
 * at once, so it takes effect at once in this process and within PRINCIPAL_TTL_MS and one database read in other processes (the CLI, other web processes
 * on PostgreSQL).
 */

import { decode } from "next-auth/jwt";
import { wallMs } from "@/lib/clock";
import { type Database, getDatabase, openDatabase } from "@/lib/db/client";
import { perDatabase } from "@/lib/db/per-database";
import { env } from "@/lib/env";
import { ApiError, unauthorized } from "@/lib/http/errors";
import { processWide } from "@/lib/process-wide";
import { sessionSecret } from "./keys";
import type { Principal } from "./roles";
import { allowsScope, isPublishable, looksPublishable, normalScopes, STUDIO_SCOPES } from "./scopes";
import { cachedSessionAlive, sessionAlive } from "./sessions";
import { type TokenClaims, type VerifiedClaims, verifyToken } from "./tokens";

export const SESSION_COOKIES = ["__Secure-authjs.session-token", "authjs.session-token"] as const;
export const PRINCIPAL_TTL_MS = 1000;
/** Verified bearer tokens and principals kept; the oldest goes first beyond this. */
const KEPT = 10_000;

/**
 * Past PRINCIPAL_TTL_MS a cached copy still answers while a fresh read runs, up to this age; an
 * older one (the database has not answered for this long) is not trusted and the request waits.
 */
const STALE_LIMIT_MS = 30_000;

type Cached = {
  at: number;
  principal: Promise<Principal | undefined>;
  settled?: { value: Principal | undefined };
  refreshing?: boolean;
};
const principals = perDatabase("auth.principals", () => new Map<string, Cached>());
const tokens = processWide("auth.tokens", () => new Map<string, VerifiedClaims>());

/** Forgets every cached user and client (after a change to users or API clients). */
export async function forgetPrincipals(): Promise<void> {
  principals(await getDatabase()).clear();
}

/**
 * What a principal is looked up by: a user's or client's id, or a publishable key ("key": the
 * client's principal marked `publishable`).
 */
type LookupKind = "user" | "client" | "key";

/** The active user or unrevoked client with this id (or publishable key), or undefined; cached PRINCIPAL_TTL_MS. */
export async function principalFor(kind: LookupKind, id: string): Promise<Principal | undefined> {
  const database = await getDatabase();
  const cache = principals(database);
  const key = `${kind}:${id}`;
  const hit = cache.get(key);
  const age = hit ? wallMs() - hit.at : Number.POSITIVE_INFINITY;
  if (hit && age < PRINCIPAL_TTL_MS) return hit.principal;
  if (hit?.settled && age < STALE_LIMIT_MS) {
    // Answer from the copy read a moment ago and read again in the background: a request never
    // waits for the database (busy with a long statement) just because a second has passed.
    if (!hit.refreshing) {
      hit.refreshing = true;
      readPrincipal(database.prisma, kind, id).then(
        (value) => {
          if (cache.get(key) === hit)
            cache.set(key, { at: wallMs(), principal: Promise.resolve(value), settled: { value } });
        },
        () => {
          hit.refreshing = false;
        },
      );
    }
    return Promise.resolve(hit.settled.value);
  }
  const principal = readPrincipal(database.prisma, kind, id);
  const entry: Cached = { at: wallMs(), principal };
  cache.set(key, entry);
  principal.then(
    (value) => {
      entry.settled = { value };
    },
    () => {},
  );
  // A failed read is not kept (unless a newer one has taken its place).
  principal.catch(() => cache.get(key) === entry && cache.delete(key));
  if (cache.size > KEPT) cache.delete(cache.keys().next().value!);
  return principal;
}

async function readPrincipal(prisma: Database["prisma"], kind: LookupKind, id: string): Promise<Principal | undefined> {
  if (kind === "user") {
    const user = await prisma.user.findUnique({ where: { id } });
    if (!user || user.is_disabled) return undefined;
    return {
      kind,
      id,
      subject: user.email,
      name: user.name || user.email,
      role: user.role,
      scopes: STUDIO_SCOPES,
      ...(user.must_change_password ? { mustChangePassword: true } : {}),
    };
  }
  const client =
    kind === "key"
      ? await prisma.apiClient.findUnique({ where: { publishable_key: id } })
      : await prisma.apiClient.findUnique({ where: { id } });
  if (!client || client.date_revoked) return undefined;
  const scopes = normalScopes(client.scopes);
  const publishable = isPublishable(scopes);
  if (kind === "key" && !publishable) return undefined;
  return {
    kind: "client",
    id: client.id,
    subject: client.client_id,
    name: client.name,
    role: client.role,
    scopes,
    ...(publishable ? { allowedOrigins: client.allowed_origins } : {}),
    ...(kind === "key" ? { publishable: true } : {}),
  };
}

/**
 * A client token's principal with the scopes the token was granted (never more than the client
 * has now); the client's own principal when the token carries no narrower set.
 */
function withTokenScopes(principal: Principal, claims: TokenClaims): Principal {
  const granted = claims.scopes;
  if (!granted || principal.kind !== "client") return principal;
  const own = principal.scopes ?? STUDIO_SCOPES;
  const scopes = granted.filter((s) => allowsScope(own, s));
  const same = scopes.length === own.length && scopes.every((s, i) => s === own[i]);
  return same ? principal : { ...principal, scopes };
}

function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/**
 * The session's user id from the Auth.js cookie, or undefined; a cookie whose session ended
 * (signed out, password reset, user disabled: its `sid` gone from auth_sessions) is no session.
 */
export async function sessionUserId(cookieHeader: string | null): Promise<string | undefined> {
  if (!env().AUTH_SECRET) return undefined;
  const secret = sessionSecret();
  for (const name of SESSION_COOKIES) {
    const value = readCookie(cookieHeader, name);
    if (!value) continue;
    try {
      const token = await decode({ token: value, secret, salt: name });
      if (token?.sub && typeof token.sid === "string" && (await sessionAlive(token.sid))) return token.sub;
    } catch {
      // a stale or foreign cookie: treated as no session
    }
  }
  return undefined;
}

/**
 * The caller of a bearer token or publishable key read and checked within PRINCIPAL_TTL_MS,
 * without waiting (the content route's fast path: no promise per request); undefined means ask
 * resolvePrincipal. `queryKey`: the request's `key` query parameter (keyInQuery).
 */
export function cachedPrincipal(
  headers: { get(name: string): string | null },
  queryKey?: string,
): Principal | undefined {
  const header = headers.get("authorization");
  let lookup: string;
  let claims: VerifiedClaims | undefined;
  if (header) {
    if (queryKey !== undefined || header.length < 8 || header.slice(0, 7).toLowerCase() !== "bearer ") return undefined;
    const credential = header.slice(7).trim();
    if (looksPublishable(credential)) lookup = `key:${credential}`;
    else {
      claims = tokens.get(credential);
      if (!claims || claims.exp * 1000 <= wallMs()) return undefined;
      // A token whose liveness was not read within the second goes the long way (resolvePrincipal).
      if (cachedSessionAlive(claims.jti) !== true) return undefined;
      lookup = `${claims.kind}:${claims.sub}`;
    }
  } else if (queryKey !== undefined && looksPublishable(queryKey)) lookup = `key:${queryKey}`;
  else return undefined;
  const database = openDatabase();
  if (!database) return undefined;
  const hit = principals(database).get(lookup);
  if (!hit?.settled || wallMs() - hit.at >= PRINCIPAL_TTL_MS) return undefined;
  const principal = hit.settled.value;
  return principal && claims ? withTokenScopes(principal, claims) : principal;
}

/** The client of a publishable key, or 401 invalid_key. */
async function keyPrincipal(key: string): Promise<Principal> {
  const principal = looksPublishable(key) ? await principalFor("key", key) : undefined;
  if (!principal) {
    throw unauthorized(
      looksPublishable(key)
        ? "The publishable key is unknown, or its API client was revoked."
        : "Only a publishable key (pk_...) may be sent as the query parameter key; send tokens in the Authorization header.",
      "invalid_key",
    );
  }
  return principal;
}

/**
 * The caller of a request with these headers (a Request's headers, or a node request's);
 * `queryKey`: the request's `key` query parameter (keyInQuery), a publishable key.
 */
export async function resolvePrincipal(
  headers: { get(name: string): string | null },
  queryKey?: string,
): Promise<Principal> {
  const header = headers.get("authorization");
  if (header && queryKey !== undefined) {
    throw new ApiError(
      400,
      "invalid_request",
      "Send one credential: the Authorization header or the query parameter key, not both.",
    );
  }
  if (queryKey !== undefined) return keyPrincipal(queryKey);
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw unauthorized("The Authorization header must be 'Bearer <token>'.", "invalid_token");
    if (looksPublishable(match[1])) return keyPrincipal(match[1]);
    const claims = await verifiedClaims(match[1]);
    if (!claims) throw unauthorized("The access token is invalid or expired.", "invalid_token");
    if (!(await sessionAlive(claims.jti))) throw unauthorized("The access token was revoked.", "invalid_token");
    const principal = await principalFor(claims.kind, claims.sub);
    if (!principal) throw unauthorized("The token's user is disabled or its API client was revoked.", "invalid_token");
    return withTokenScopes(principal, claims);
  }
  const userId = await sessionUserId(headers.get("cookie"));
  const principal = userId ? await principalFor("user", userId) : undefined;
  if (!principal) throw unauthorized();
  return principal;
}

/** The claims of a valid bearer token; a token verified once is remembered until it expires. */
async function verifiedClaims(token: string): Promise<VerifiedClaims | undefined> {
  const known = tokens.get(token);
  if (known) {
    if (known.exp * 1000 > wallMs()) return known;
    tokens.delete(token);
    return undefined;
  }
  const claims = await verifyToken(token);
  if (claims) {
    tokens.set(token, claims);
    if (tokens.size > KEPT) tokens.delete(tokens.keys().next().value!);
  }
  return claims;
}
