/**
 * A user whose password a super user set must choose their own before anything else, through
 * every door: the password grant answers 403 password_change_required (a wrong password still
 * 401), and a studio session (or any token of theirs) gets 403 password_change_required from every
 * operation but changing the password and GET /auth/me. Once changed, everything opens at once.
 */
import { encode } from "next-auth/jwt";
import { beforeAll, describe, expect, it } from "vitest";
import * as me from "@/app/api/latest/auth/me/route";
import * as token from "@/app/api/latest/auth/token/route";
import * as segments from "@/app/api/latest/data/segments/route";
import * as resetRoute from "@/app/api/latest/settings/users/[user_id]/password/route";
import * as ownPassword from "@/app/api/latest/settings/users/me/password/route";
import * as users from "@/app/api/latest/settings/users/route";
import * as positions from "@/app/api/latest/touchpoint-studio/rules/positions/route";
import { sessionToken } from "@/lib/auth/authjs";
import { sessionSecret } from "@/lib/auth/keys";
import { issueToken } from "@/lib/auth/tokens";
import { db } from "@/lib/db/client";
import { PEER_HEADER } from "@/lib/http/client-address";
import { call, tokenFor } from "./http";

const FIRST = "first password for reset 1";
const SET_BY_SUPER = "set by the super user 2";
const OWN = "my very own password 3";

let user: { id: string; email: string };
let n = 0;

const grant = (password: string) =>
  call(token.POST, {
    path: "/auth/token",
    body: { grant_type: "password", username: user.email, password },
    headers: { [PEER_HEADER]: `198.51.100.${(++n % 250) + 1}` },
  });

/** The session cookie Auth.js sets after a sign-in through the form (its jwt callback run). */
async function signedInCookie(userId: string): Promise<string> {
  const jwt = (await sessionToken({ token: {}, user: { id: userId } }))!;
  const salt = "authjs.session-token";
  return `${salt}=${await encode({ token: jwt, secret: sessionSecret(), salt })}`;
}

const asCookie = (cookie: string) => ({ headers: { cookie } });

beforeAll(async () => {
  const superToken = await tokenFor("super");
  const created = await call(users.POST, {
    path: "/settings/users",
    token: superToken,
    body: { email: `must-change-${Date.now()}@example.com`, password: FIRST, role: "advanced" },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  user = created.body;
  const reset = await call(resetRoute.PUT, {
    method: "PUT",
    path: `/settings/users/${user.id}/password`,
    params: { user_id: user.id },
    token: superToken,
    body: { new_password: SET_BY_SUPER },
  });
  expect(reset.status, JSON.stringify(reset.body)).toBe(200);
  expect(reset.body.must_change_password).toBe(true);
});

describe("a password set by a super user", () => {
  it("gets no token from the password grant: 403 password_change_required (a wrong one: 401)", async () => {
    const refused = await grant(SET_BY_SUPER);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("password_change_required");
    expect(refused.body.detail).toContain(user.email);
    expect(refused.body.access_token).toBeUndefined();
    expect((await grant("not the password at all")).status).toBe(401);
    expect((await grant(FIRST)).status).toBe(401);
    const entry = await (await db()).auditEntry.findFirst({
      where: { actor: user.email, action: "auth.sign_in_refused" },
    });
    expect(entry?.summary).toContain("password change required");
  });

  it("opens a session in which only changing the password and who-am-I answer", async () => {
    const cookie = await signedInCookie(user.id);
    const who = await call(me.GET, { path: "/auth/me", ...asCookie(cookie) });
    expect(who.status).toBe(200);
    expect(who.body.subject).toBe(user.email);
    const listed = await call(segments.GET, { path: "/data/segments", ...asCookie(cookie) });
    expect(listed.status).toBe(403);
    expect(listed.body.code).toBe("password_change_required");
    const written = await call(positions.POST, {
      path: "/touchpoint-studio/rules/positions",
      body: { position_name: "Must not be written" },
      ...asCookie(cookie),
    });
    expect(written.status).toBe(403);
    expect(written.body.code).toBe("password_change_required");
    expect(await (await db()).position.count({ where: { position_name: "Must not be written" } })).toBe(0);
    // A token of theirs, however obtained, is held the same way.
    const bearer = (await issueToken({ sub: user.id, role: "advanced", kind: "user" })).token;
    const withToken = await call(segments.GET, { path: "/data/segments", token: bearer });
    expect(withToken.status).toBe(403);
    expect(withToken.body.code).toBe("password_change_required");

    // Changing it (the current password is the one the super user set) opens everything at once.
    const changed = await call(ownPassword.PUT, {
      method: "PUT",
      path: "/settings/users/me/password",
      body: { current_password: SET_BY_SUPER, new_password: OWN },
      ...asCookie(cookie),
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.must_change_password).toBe(false);
    expect((await call(segments.GET, { path: "/data/segments", ...asCookie(cookie) })).status).toBe(200);
    expect((await call(segments.GET, { path: "/data/segments", token: bearer })).status).toBe(200);
    const granted = await grant(OWN);
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    expect((await call(segments.GET, { path: "/data/segments", token: granted.body.access_token })).status).toBe(200);
  });
});
