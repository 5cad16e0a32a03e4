/**
 * Server-side sessions: bearer tokens carry a `jti` and can be revoked one by one (their own by a
 * user, anyone's by a super user); a revoked token answers 401 at once. A cookie counts only while
 * its session row is there: signing out, a password reset and disabling the user end it at once
 * in this process, and a row deleted elsewhere within a second or so.
 */
import { decodeJwt } from "jose";
import { encode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import * as me from "@/app/api/latest/auth/me/route";
import * as token from "@/app/api/latest/auth/token/route";
import * as revoke from "@/app/api/latest/auth/tokens/[jti]/route";
import * as resetRoute from "@/app/api/latest/settings/users/[user_id]/password/route";
import * as oneUser from "@/app/api/latest/settings/users/[user_id]/route";
import * as users from "@/app/api/latest/settings/users/route";
import { endSignedOutSession, sessionToken } from "@/lib/auth/authjs";
import { sessionSecret } from "@/lib/auth/keys";
import { db } from "@/lib/db/client";
import { PEER_HEADER } from "@/lib/http/client-address";
import { call, tokenFor } from "./http";

let n = 0;

async function makeUser(role: "user" | "advanced" = "user") {
  const res = await call(users.POST, {
    path: "/settings/users",
    token: await tokenFor("super"),
    body: { email: `session-${++n}-${Date.now()}@example.com`, password: "first password 1", role },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; email: string };
}

async function grant(email: string, password = "first password 1") {
  const res = await call(token.POST, {
    path: "/auth/token",
    body: { grant_type: "password", username: email, password },
    headers: { [PEER_HEADER]: `198.51.100.${(++n % 250) + 1}` },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { access_token: string; jti: string };
}

const whoAmI = (headers: { token?: string; cookie?: string }) =>
  call(me.GET, { path: "/auth/me", token: headers.token, headers: headers.cookie ? { cookie: headers.cookie } : {} });

const revokeAs = (jti: string, bearer: string) =>
  call(revoke.DELETE, { method: "DELETE", path: `/auth/tokens/${jti}`, params: { jti }, token: bearer });

/** The session cookie Auth.js would set after a sign-in of this user (its jwt callback run). */
async function signedInCookie(userId: string): Promise<{ cookie: string; sid: string; jwt: Record<string, unknown> }> {
  const jwt = (await sessionToken({ token: {}, user: { id: userId } }))!;
  const salt = "authjs.session-token";
  const value = await encode({ token: jwt, secret: sessionSecret(), salt });
  return { cookie: `${salt}=${value}`, sid: jwt.sid as string, jwt };
}

async function eventually(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("bearer tokens carry jti and can be revoked", () => {
  it("the token's jti is its id; its owner revokes it and it answers 401 at once", async () => {
    const user = await makeUser();
    const { access_token, jti } = await grant(user.email);
    expect(jti).toMatch(/^token-id-[0-9a-f]{32}$/);
    expect(decodeJwt(access_token).jti).toBe(jti);
    const other = await grant(user.email);
    expect((await whoAmI({ token: access_token })).status).toBe(200);
    const revoked = await revokeAs(jti, access_token);
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    const after = await whoAmI({ token: access_token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe("invalid_token");
    // Only that token: the user's other token still works.
    expect((await whoAmI({ token: other.access_token })).status).toBe(200);
    expect((await revokeAs(jti, other.access_token)).status).toBe(404);
    expect((await revokeAs("token-id-00000000000000000000000000000000", other.access_token)).status).toBe(404);
  });

  it("another user's token: 403 for a user or advanced user, revoked by a super user", async () => {
    const owner = await makeUser();
    const { access_token, jti } = await grant(owner.email);
    expect((await revokeAs(jti, await tokenFor("advanced"))).status).toBe(403);
    expect((await whoAmI({ token: access_token })).status).toBe(200);
    expect((await revokeAs(jti, await tokenFor("super"))).status).toBe(200);
    expect((await whoAmI({ token: access_token })).status).toBe(401);
  });

  it("a token deleted in another process (the row gone) stops within a couple of seconds", async () => {
    const user = await makeUser();
    const { access_token, jti } = await grant(user.email);
    expect((await whoAmI({ token: access_token })).status).toBe(200);
    await (await db()).authSession.delete({ where: { session_id: jti } });
    await eventually(async () => (await whoAmI({ token: access_token })).status === 401);
  });
});

describe("cookie sessions end server-side", () => {
  it("signing out ends the session: the same cookie answers 401 at once", async () => {
    const user = await makeUser();
    const { cookie, sid, jwt } = await signedInCookie(user.id);
    expect(sid).toMatch(/^session-id-[0-9a-f]{32}$/);
    const before = await whoAmI({ cookie });
    expect(before.status).toBe(200);
    expect(before.body.id).toBe(user.id);
    expect(await sessionToken({ token: jwt })).not.toBeNull();
    await endSignedOutSession({ token: jwt });
    expect((await whoAmI({ cookie })).status).toBe(401);
    // Pages (Auth.js's jwt callback) refuse it too, and Auth.js then clears the cookie.
    expect(await sessionToken({ token: jwt })).toBeNull();
    expect((await (await db()).authSession.count({ where: { session_id: sid } })) === 0).toBe(true);
  });

  it("a cookie without a session id (made before sessions had ids) is no session", async () => {
    const user = await makeUser();
    const salt = "authjs.session-token";
    const value = await encode({ token: { sub: user.id }, secret: sessionSecret(), salt });
    expect((await whoAmI({ cookie: `${salt}=${value}` })).status).toBe(401);
    expect(await sessionToken({ token: { sub: user.id } })).toBeNull();
  });

  it("a password reset and disabling the user end every session and token of the user", async () => {
    const superToken = await tokenFor("super");
    const reset = await makeUser();
    const resetCookie = await signedInCookie(reset.id);
    const resetToken = await grant(reset.email);
    expect((await whoAmI({ cookie: resetCookie.cookie })).status).toBe(200);
    const done = await call(resetRoute.PUT, {
      method: "PUT",
      path: `/settings/users/${reset.id}/password`,
      params: { user_id: reset.id },
      token: superToken,
      body: { new_password: "second password 2" },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect((await whoAmI({ cookie: resetCookie.cookie })).status).toBe(401);
    expect((await whoAmI({ token: resetToken.access_token })).status).toBe(401);
    // The new password opens a new session (for choosing one's own: the grant gives no token until then).
    expect((await whoAmI({ cookie: (await signedInCookie(reset.id)).cookie })).status).toBe(200);

    const disabled = await makeUser();
    const disabledCookie = await signedInCookie(disabled.id);
    const disabledToken = await grant(disabled.email);
    const off = await call(oneUser.PUT, {
      method: "PUT",
      path: `/settings/users/${disabled.id}`,
      params: { user_id: disabled.id },
      token: superToken,
      body: { is_disabled: true },
    });
    expect(off.status).toBe(200);
    await call(oneUser.PUT, {
      method: "PUT",
      path: `/settings/users/${disabled.id}`,
      params: { user_id: disabled.id },
      token: superToken,
      body: { is_disabled: false },
    });
    // Enabled again: the old cookie and token stay ended.
    expect((await whoAmI({ cookie: disabledCookie.cookie })).status).toBe(401);
    expect((await whoAmI({ token: disabledToken.access_token })).status).toBe(401);
  });
});
