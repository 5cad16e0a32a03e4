/**
 * The authorisation matrix, generated from the route table: every route handler under
 * app/api/latest x every kind of credential gets the expected status. 401 for no, malformed,
 * forged, expired or revoked credentials (and unknown or revoked publishable keys); 403
 * insufficient_scope for a credential whose scopes lack the operation's (a publishable pk_ key or
 * a content or data:write client anywhere else); 403 forbidden below the operation's least role;
 * 403 origin_not_allowed for a publishable key from a browser origin it does not list; neither at
 * or above it. Every scope is tried with every role: API clients with ["studio"], ["data:write"]
 * and ["content"] (its token, and its pk_ key as a Bearer token and as ?key=). The least roles
 * and the scopes other than studio are written out below (ROLES, SCOPES), reviewed by hand: a
 * route added, or a role or scope changed, without changing these tables fails the test, and so
 * does a route file whose handler does not declare its operation.
 */
import { randomBytes } from "node:crypto";
import { SignJWT } from "jose";
import { encode } from "next-auth/jwt";
import { beforeAll, describe, expect, it } from "vitest";
import { createApiClient, revokeApiClient } from "@/lib/auth/api-clients";
import { grantToken } from "@/lib/auth/grant-token";
import { deriveKey, sessionSecret } from "@/lib/auth/keys";
import { resetUserPassword } from "@/lib/auth/reset-password";
import { SESSION_COOKIES } from "@/lib/auth/resolve-principal";
import { hasRole, type Role } from "@/lib/auth/roles";
import { allowsScope, type Scope, STUDIO_SCOPES } from "@/lib/auth/scopes";
import { issueToken } from "@/lib/auth/tokens";
import { createUser, disableUser, setUserRole } from "@/lib/auth/users";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/http/ids";
import type { Operation } from "@/lib/http/operation";
import { allOperations } from "@/lib/openapi/registry";
import { call } from "./http";
import { CATCH_ALL, concretePath, loadRouteTable, opKey, paramNames, type RouteEntry } from "./support/route-table";

/** Every operation's least role ("public": no credentials needed). Keep in step with the spec. */
const ROLES: Record<string, Role | "public"> = {
  "POST /auth/token": "public",
  "GET /auth/me": "user",
  "PUT /settings/users/me/password": "user",
  "POST /settings/api-clients": "super",
  "GET /settings/api-clients": "super",
  "DELETE /settings/api-clients/{client_id}": "super",
  "POST /settings/users": "super",
  "GET /settings/users": "super",
  "PUT /settings/users/{user_id}": "super",
  "PUT /settings/users/{user_id}/password": "super",
  "GET /data/overview": "user",
  "POST /data/items": "advanced",
  "POST /data/customers": "advanced",
  "POST /data/events": "advanced",
  "POST /data/discounts": "advanced",
  "POST /track/events": "user",
  "GET /data/customers": "user",
  "GET /data/discounts": "user",
  "GET /data/items": "user",
  "GET /data/segments": "user",
  "GET /touchpoint-studio/touchpoints/{touchpoint_id}/content": "user",
  "GET /touchpoint-studio/touchpoints/{touchpoint_id}/preview": "user",
  "GET /touchpoint-studio/touchpoints/{touchpoint_id}/stats": "user",
  "POST /touchpoint-studio/rules/positions": "user",
  "GET /touchpoint-studio/rules/position": "user",
  "PUT /touchpoint-studio/rules/positions/{position_id}": "user",
  "DELETE /touchpoint-studio/rules/positions/{position_id}": "user",
  "POST /touchpoint-studio/rules/strategies": "user",
  "GET /touchpoint-studio/rules/strategies": "user",
  "GET /touchpoint-studio/rules/strategies/{strategy_id}": "user",
  "PUT /touchpoint-studio/rules/strategies/{strategy_id}": "user",
  "DELETE /touchpoint-studio/rules/strategies/{strategy_id}": "user",
  "POST /touchpoint-studio/rules/touchpoints": "user",
  "GET /touchpoint-studio/rules/touchpoints": "user",
  "GET /touchpoint-studio/rules/touchpoints/{touchpoint_id}": "user",
  "PUT /touchpoint-studio/rules/touchpoints/{touchpoint_id}": "user",
  "DELETE /touchpoint-studio/rules/touchpoints/{touchpoint_id}": "user",
  "GET /touchpoint-studio/promotions/sms/config": "user",
  "POST /touchpoint-studio/promotions/sms/config": "user",
  "GET /touchpoint-studio/models": "user",
  "POST /touchpoint-studio/models": "advanced",
  "GET /touchpoint-studio/search/synonyms": "user",
  "PUT /touchpoint-studio/search/synonyms": "user",
  "GET /touchpoint-studio/search/report": "user",
  "GET /messaging/outbox": "user",
  "GET /customer-studio/audiences": "user",
  "POST /customer-studio/audiences": "user",
  "PUT /customer-studio/audiences": "user",
  "POST /customer-studio/audiences/estimate": "user",
  "GET /customer-studio/audiences/filter-options": "user",
  "GET /customer-studio/audiences/{audience_id}": "user",
  "DELETE /customer-studio/audiences/{audience_id}": "user",
  "GET /customer-studio/audiences/{audience_id}/customers": "user",
  "POST /customer-studio/audiences/{audience_id}/recalculate": "user",
  "GET /customer-studio/audiences/{audience_id}/export": "user",
  "GET /customer-studio/audiences/{audience_id}/exports": "user",
  "GET /customer-studio/exports/{export_id}": "user",
  "GET /customer-studio/exports/{export_id}/download": "user",
  "GET /campaigning-studio/campaignings": "user",
  "POST /campaigning-studio/campaignings/": "user",
  "GET /campaigning-studio/campaignings/{campaign_id}": "user",
  "PUT /campaigning-studio/campaignings/{campaign_id}": "user",
  "DELETE /campaigning-studio/campaignings/{campaign_id}": "user",
  "PUT /campaigning-studio/campaignings/{campaign_id}/approve": "advanced",
  "POST /campaigning-studio/campaignings/{campaign_id}/archive": "user",
  "DELETE /campaigning-studio/campaignings/{campaign_id}/archive": "user",
  "POST /campaigning-studio/campaignings/send-instant": "advanced",
  "POST /campaigning-studio/campaignings/preview": "user",
  "POST /campaigning-studio/campaignings/audience-estimate": "user",
  "GET /campaigning-studio/settings": "user",
  "PUT /campaigning-studio/settings": "super",
  "GET /campaigning-studio/insights/delivery-report": "user",
  "GET /campaigning-studio/suppressions": "user",
  "POST /campaigning-studio/suppressions": "user",
  "DELETE /campaigning-studio/suppressions/{suppression_id}": "super",
  "GET /campaigning-studio/templates": "user",
  "POST /campaigning-studio/templates": "user",
  "GET /campaigning-studio/templates/{template_id}": "user",
  "PUT /campaigning-studio/templates/{template_id}": "user",
  "DELETE /campaigning-studio/templates/{template_id}": "user",
  "POST /webhooks/infobip": "public",
  "POST /webhooks/twilio/status": "public",
  "GET /system/background-work": "user",
  "GET /openapi.json": "public",
  "GET /openapi.yaml": "public",
  "GET /settings/audit-log": "super",
  "DELETE /auth/tokens/{jti}": "user",
};

/**
 * The operations that need a scope other than studio (lib/auth/scopes.ts): what a shop's pages
 * may call with a publishable key, and the intake. Every other operation needs studio.
 */
const SCOPES: Record<string, Scope> = {
  "GET /touchpoint-studio/touchpoints/{touchpoint_id}/content": "content",
  "POST /track/events": "content",
  "POST /data/items": "data:write",
  "POST /data/customers": "data:write",
  "POST /data/events": "data:write",
  "POST /data/discounts": "data:write",
};

/** Operations whose handler refuses a kind of principal whatever its role (documented in the operation). */
const USERS_ONLY = new Set(["PUT /settings/users/me/password"]);
/** Bodies valid enough to reach such a handler's own check (a wrong current password: 422, nothing changes). */
const BODIES: Record<string, unknown> = {
  "PUT /settings/users/me/password": { current_password: "not-the-password-1", new_password: "matrix-new-password-2" },
};

type Credential = {
  name: string;
  headers: () => Record<string, string>;
  /** Query parameters carrying it (a publishable key as ?key=). */
  query?: () => Record<string, string>;
  /** The role it carries when valid; undefined: it must be refused with 401. */
  role?: Role;
  kind?: "user" | "client";
  /** What it may do besides its role; undefined: studio (users, sessions, default clients). */
  scopes?: readonly Scope[];
  /** A publishable key sent from a browser origin its client does not list. */
  foreignOrigin?: boolean;
  /** A user whose password a super user set: only operations open before a password change answer. */
  mustChangePassword?: boolean;
};

/** The browser origin every publishable client of the matrix lists. */
const SHOP = "https://shop.example";

const ROLE_LIST: Role[] = ["user", "advanced", "super"];
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let table: RouteEntry[] = [];
const credentials: Credential[] = [];

async function userToken(email: string, password: string): Promise<string> {
  return (await grantToken({ grant_type: "password", username: email, password })).access_token;
}

/**
 * A token of a new API client (and its publishable key, for ["content"]): from the
 * client_credentials grant for studio clients, issued as the grant issues it for the others (the
 * grant's scopes are tested in api-client-scopes.test.ts; each grant costs a scrypt hash).
 */
async function clientToken(
  role: Role,
  options: { revoke?: boolean; scopes?: Scope[] } = {},
): Promise<{ token: string; publishableKey: string | null }> {
  const scopes = options.scopes ?? ["studio"];
  const client = await createApiClient({
    name: `matrix ${role} ${scopes.join(" ")}${options.revoke ? " revoked" : ""}`,
    role,
    scopes,
    allowed_origins: scopes.length === 1 && scopes[0] === "content" ? [SHOP] : [],
    createdBy: "matrix",
  });
  const token = options.scopes
    ? (await issueToken({ sub: client.id, role, kind: "client", scopes: client.scopes })).token
    : (
        await grantToken({
          grant_type: "client_credentials",
          client_id: client.client_id,
          client_secret: client.client_secret,
        })
      ).access_token;
  if (options.revoke) await revokeApiClient({ clientId: client.id });
  return { token, publishableKey: client.publishable_key };
}

/** A token of this service's shape, signed with `key`, expiring at `exp` (seconds since 1970). */
function craftedToken(key: Uint8Array, sub: string, role: Role, exp: number): Promise<string> {
  return new SignJWT({ role, kind: "user" })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(sub)
    .setIssuer("lumen")
    .setAudience("lumen-api")
    .setIssuedAt(exp - 3600)
    .setExpirationTime(exp)
    .sign(key);
}

beforeAll(async () => {
  table = await loadRouteTable();
  const prisma = await db();
  const superId = (await prisma.user.findUniqueOrThrow({ where: { email: "super@example.com" } })).id;
  const now = Math.floor(Date.now() / 1000);

  // One token per kind of credential, made once (each grant hashes a password once).
  const good: Record<string, string> = {
    user: await userToken("marketer@example.com", "demo-password"),
    advanced: await userToken("advanced@example.com", "demo-password"),
    super: await userToken("super@example.com", "demo-password"),
  };
  const clients: Record<string, string> = {};
  const writers: Record<string, string> = {};
  const content: Record<string, { token: string; publishableKey: string | null }> = {};
  for (const role of ROLE_LIST) {
    clients[role] = (await clientToken(role)).token;
    writers[role] = (await clientToken(role, { scopes: ["data:write"] })).token;
    content[role] = await clientToken(role, { scopes: ["content"] });
  }
  const revokedClient = (await clientToken("super", { revoke: true })).token;
  const revokedKey = (await clientToken("user", { revoke: true, scopes: ["content"] })).publishableKey!;
  const pk = (role: Role) => content[role]!.publishableKey!;
  await createUser({ email: "gone@example.com", name: "Gone", role: "super", password: "matrix-password-gone" });
  const disabled = await userToken("gone@example.com", "matrix-password-gone");
  await disableUser({ email: "gone@example.com" });
  // A user whose password a super user set: the grant gives no token, so one is issued directly.
  const resetUser = await createUser({
    email: "reset@example.com",
    name: "Reset",
    role: "super",
    password: "matrix-password-reset",
  });
  await resetUserPassword({ userId: resetUser.id, newPassword: "matrix-password-set", actorId: superId });
  const mustChange = (await issueToken({ sub: resetUser.id, role: "super", kind: "user" })).token;
  const expired = await craftedToken(deriveKey("tokens"), superId, "super", now - 60);
  const forged = await craftedToken(randomBytes(32), superId, "super", now + 3600);
  const unknownUser = await craftedToken(deriveKey("tokens"), newId("user"), "super", now + 3600);
  // A token revoked by its id (DELETE /auth/tokens/{jti}, by its own holder).
  const revokeRoute = table.find((e) => e.op && opKey(e.op) === "DELETE /auth/tokens/{jti}");
  let revoked: string | undefined;
  if (revokeRoute) {
    revoked = await userToken("advanced@example.com", "demo-password");
    const { jti } = JSON.parse(Buffer.from(revoked.split(".")[1]!, "base64url").toString()) as { jti: string };
    const res = await call(revokeRoute.handler, {
      method: "DELETE",
      path: `/auth/tokens/${jti}`,
      params: { jti },
      headers: bearer(revoked),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  const cookieName = SESSION_COOKIES[1];
  const marketerId = (await prisma.user.findUniqueOrThrow({ where: { email: "marketer@example.com" } })).id;
  const session = await encode({ token: { sub: marketerId }, secret: sessionSecret(), salt: cookieName });
  const foreignSession = await encode({
    token: { sub: superId },
    secret: "another-secret-another-secret-00",
    salt: cookieName,
  });

  credentials.push(
    { name: "no credentials", headers: () => ({}) },
    { name: "malformed bearer token", headers: () => bearer("not-a-token") },
    { name: "empty bearer", headers: () => ({ authorization: "Bearer " }) },
    { name: "another scheme", headers: () => ({ authorization: `Basic ${Buffer.from("a:b").toString("base64")}` }) },
    { name: "token signed with another key", headers: () => bearer(forged) },
    { name: "expired token", headers: () => bearer(expired) },
    { name: "token of a user that does not exist", headers: () => bearer(unknownUser) },
    { name: "token of a disabled user (revoked)", headers: () => bearer(disabled) },
    { name: "token of a revoked API client", headers: () => bearer(revokedClient) },
    ...(revoked ? [{ name: "token revoked by its id", headers: () => bearer(revoked) }] : []),
    {
      name: "session cookie signed with another secret",
      headers: () => ({ cookie: `${cookieName}=${foreignSession}` }),
    },
    ...ROLE_LIST.map((role) => ({
      name: `${role} token`,
      headers: () => bearer(good[role]!),
      role,
      kind: "user" as const,
    })),
    ...ROLE_LIST.map((role) => ({
      name: `API client (${role}, studio)`,
      headers: () => bearer(clients[role]!),
      role,
      kind: "client" as const,
    })),
    ...ROLE_LIST.flatMap((role): Credential[] => {
      const client = { role, kind: "client" as const };
      const contentOnly = { ...client, scopes: ["content"] as Scope[] };
      return [
        {
          name: `API client (${role}, data:write)`,
          headers: () => bearer(writers[role]!),
          ...client,
          scopes: ["data:write"],
        },
        { name: `API client (${role}, content) token`, headers: () => bearer(content[role]!.token), ...contentOnly },
        { name: `publishable key (${role}) as Bearer`, headers: () => bearer(pk(role)), ...contentOnly },
        {
          name: `publishable key (${role}) as ?key=`,
          headers: () => ({}),
          query: () => ({ key: pk(role) }),
          ...contentOnly,
        },
      ];
    }),
    {
      name: "publishable key as ?key= from its allowed origin",
      headers: () => ({ origin: SHOP }),
      query: () => ({ key: pk("user") }),
      role: "user",
      kind: "client",
      scopes: ["content"],
    },
    {
      name: "publishable key as ?key= from another origin",
      headers: () => ({ origin: "https://elsewhere.example" }),
      query: () => ({ key: pk("user") }),
      role: "user",
      kind: "client",
      scopes: ["content"],
      foreignOrigin: true,
    },
    {
      name: "token of a super user who must change their password",
      headers: () => bearer(mustChange),
      role: "super",
      kind: "user",
      mustChangePassword: true,
    },
    { name: "unknown publishable key as Bearer", headers: () => bearer(`pk_${randomBytes(32).toString("base64url")}`) },
    { name: "publishable key of a revoked client as ?key=", headers: () => ({}), query: () => ({ key: revokedKey }) },
    // Signed with the right secret, but no session was ever opened (sessions live in the database).
    { name: "session cookie of no session", headers: () => ({ cookie: `${cookieName}=${session}` }) },
  );
}, 300_000);

type Expected = { status: 401 } | { status: 403; code: string } | { status: "allowed" | "not 401" };

/** What a credential must get from an operation: an exact status (and code), or "anything but 401/403". */
function expected(operation: Operation, credential: Credential): Expected {
  const op = opKey(operation);
  const least = ROLES[op];
  if (least === undefined) throw new Error(`${op} has no entry in ROLES: review its role and add it`);
  if (least === "public") return { status: "not 401" };
  if (!credential.role) return { status: 401 };
  // In admit()'s order (lib/http/admit.ts): password change, scope, role, origin; then the handler's own check.
  if (credential.mustChangePassword && !operation.openBeforePasswordChange) {
    return { status: 403, code: "password_change_required" };
  }
  if (!allowsScope(credential.scopes ?? STUDIO_SCOPES, SCOPES[op] ?? "studio")) {
    return { status: 403, code: "insufficient_scope" };
  }
  if (!hasRole(credential.role, least)) return { status: 403, code: "forbidden" };
  if (credential.foreignOrigin) return { status: 403, code: "origin_not_allowed" };
  if (USERS_ONLY.has(op) && credential.kind === "client") return { status: 403, code: "forbidden" };
  return { status: "allowed" };
}

/**
 * A request that gets past authentication without doing anything: made-up ids (404), and no
 * body for operations that take one (415), so no route sends, builds or exports anything here.
 */
function requestFor(entry: RouteEntry) {
  const params = Object.fromEntries(paramNames(entry.path).map((name) => [name, newId("matrix")]));
  const body = entry.op ? BODIES[opKey(entry.op)] : undefined;
  return { method: entry.method, path: concretePath(entry.path, params), params, body };
}

describe("the route table", () => {
  it("declares an operation for every handler, on its own path and method", () => {
    const problems: string[] = [];
    for (const entry of table) {
      if (entry.path === CATCH_ALL || entry.method === "OPTIONS") continue;
      if (!entry.op) {
        problems.push(
          `${entry.file}: ${entry.method} answers no declared operation (use handle(), or list it in WRAPPED)`,
        );
        continue;
      }
      const paths = [entry.op.path, ...(entry.op.aliases ?? [])].map((p) => p.replace(/\/$/, ""));
      if (entry.op.method !== entry.method) problems.push(`${entry.file}: ${entry.method} answers ${opKey(entry.op)}`);
      if (!paths.includes(entry.path)) problems.push(`${entry.file}: served at ${entry.path}, declared at ${paths}`);
    }
    expect(problems).toEqual([]);
  });

  it("has a route for every operation, an operation in the OpenAPI registry for every route, and a reviewed least role for each", () => {
    const served = new Set(table.flatMap((e) => (e.op ? [opKey(e.op)] : [])));
    const ops = allOperations();
    expect(ops.filter((op) => !served.has(opKey(op))).map(opKey)).toEqual([]);
    const registered = new Set(ops.map(opKey));
    expect(
      [...served].filter((key) => !registered.has(key)),
      "served but not in lib/openapi/registry.ts",
    ).toEqual([]);
    const declared = Object.fromEntries(ops.map((op) => [opKey(op), op.auth]));
    // A new operation, or a changed role, is added to ROLES above after review.
    expect(declared).toEqual(ROLES);
    // So is a scope other than studio (a new content or intake operation).
    const scoped = Object.fromEntries(
      ops.flatMap((op) => (op.scope && op.scope !== "studio" ? [[opKey(op), op.scope]] : [])),
    );
    expect(scoped).toEqual(SCOPES);
  });
});

describe("every route x every credential", () => {
  it("answers 401, 403 or neither as the operation's role says", async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const entry of table) {
      if (!entry.op) continue;
      for (const credential of credentials) {
        const res = await call(entry.handler, {
          ...requestFor(entry),
          headers: credential.headers(),
          query: credential.query?.(),
        });
        const want = expected(entry.op, credential);
        const ok =
          want.status === "allowed"
            ? res.status !== 401 && res.status !== 403 && res.status < 500
            : want.status === "not 401"
              ? res.status !== 401 && res.status < 500
              : res.status === want.status && (!("code" in want) || res.body?.code === want.code);
        if (!ok) {
          const got = `${res.status} ${res.body?.code ?? ""}`.trim();
          const wanted = "code" in want ? `${want.status} ${want.code}` : want.status;
          wrong.push(`${entry.method} ${entry.path} with ${credential.name}: ${got}, wanted ${wanted}`);
        }
        if (res.status === 401) {
          expect(res.body.code).toMatch(/^(not_authenticated|invalid_token|invalid_key)$/);
          expect(res.headers.get("www-authenticate")).toContain("Bearer");
        }
        checked++;
      }
    }
    expect(wrong).toEqual([]);
    // The figure quoted in docs/security.md: route handlers x credentials.
    expect(checked).toBe(table.filter((e) => e.op).length * credentials.length);
    console.info(
      `auth matrix: ${table.filter((e) => e.op).length} route handlers x ${credentials.length} credentials = ${checked} requests`,
    );
  }, 120_000);

  it("answers a CORS preflight (OPTIONS) without asking for credentials", async () => {
    for (const entry of table.filter((e) => e.method === "OPTIONS")) {
      for (const credential of credentials) {
        const res = await call(entry.handler, {
          ...requestFor(entry),
          headers: { ...credential.headers(), origin: SHOP, "access-control-request-method": "GET" },
          query: credential.query?.(),
        });
        // A key in the URL is checked at the preflight already: an unknown or revoked one is 401.
        if (credential.query && !credential.role)
          expect(res.status, `OPTIONS ${entry.path} with ${credential.name}`).toBe(401);
        else expect(res.status, `OPTIONS ${entry.path} with ${credential.name}`).toBeLessThan(400);
      }
    }
  });

  it("answers an unknown path with the 404 envelope, whoever asks", async () => {
    const catchAll = table.filter((e) => e.path === CATCH_ALL);
    expect(catchAll.length).toBeGreaterThan(0);
    for (const entry of catchAll) {
      for (const credential of credentials) {
        const res = await call(entry.handler, {
          method: entry.method,
          path: "/no/such/route",
          headers: credential.headers(),
          query: credential.query?.(),
        });
        expect(res.status, `${entry.method} with ${credential.name}`).toBe(404);
        expect(res.body.code).toBe("not_found");
      }
    }
  });

  it("reads the role from the account on every request, not from the token", async () => {
    const build = table.find((e) => e.op && opKey(e.op) === "POST /touchpoint-studio/models")!;
    const advanced = credentials.find((c) => c.name === "advanced token")!;
    // No body: 415 once past the role check, so nothing is built.
    expect((await call(build.handler, { method: "POST", headers: advanced.headers() })).status).toBe(415);
    await setUserRole({ email: "advanced@example.com", role: "user" });
    try {
      const res = await call(build.handler, { method: "POST", headers: advanced.headers() });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("forbidden");
    } finally {
      await setUserRole({ email: "advanced@example.com", role: "advanced" });
    }
    expect((await call(build.handler, { method: "POST", headers: advanced.headers() })).status).toBe(415);
  });
});
