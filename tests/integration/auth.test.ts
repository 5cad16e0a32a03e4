import { describe, expect, it } from "vitest";
import * as me from "@/app/api/latest/auth/me/route";
import * as token from "@/app/api/latest/auth/token/route";
import * as items from "@/app/api/latest/data/items/route";
import * as client from "@/app/api/latest/settings/api-clients/[client_id]/route";
import * as clients from "@/app/api/latest/settings/api-clients/route";
import * as oneUser from "@/app/api/latest/settings/users/[user_id]/route";
import * as users from "@/app/api/latest/settings/users/route";
import { PRINCIPAL_TTL_MS, resolvePrincipal } from "@/lib/auth/resolve-principal";
import { db, getDatabase } from "@/lib/db/client";
import { PEER_HEADER } from "@/lib/http/client-address";
import { call, tokenFor } from "./http";

describe("POST /auth/token", () => {
  it("grants a bearer token for a user's password (JSON)", async () => {
    const res = await call(token.POST, {
      path: "/auth/token",
      body: { grant_type: "password", username: "advanced@example.com", password: "demo-password" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token_type: "Bearer", expires_in: 3600 });
    const who = await call(me.GET, { path: "/auth/me", token: res.body.access_token });
    expect(who.body).toMatchObject({ kind: "user", subject: "advanced@example.com", role: "advanced" });
  });

  it("accepts a form-encoded body", async () => {
    const res = await call(token.POST, {
      path: "/auth/token",
      method: "POST",
      rawBody: "grant_type=password&username=super%40example.com&password=demo-password",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(200);
    expect(res.body.access_token).toMatch(/^ey/);
  });

  it("refuses a wrong password with 401 invalid_grant", async () => {
    const res = await call(token.POST, {
      path: "/auth/token",
      body: { grant_type: "password", username: "super@example.com", password: "wrong-password" },
    });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("invalid_grant");
  });

  it("rate limits repeated failures with 429", async () => {
    const body = { grant_type: "password", username: "nobody@example.com", password: "x" };
    const statuses: number[] = [];
    // An address of its own, so the other tests' grants (address "local") are not held back.
    const headers = { [PEER_HEADER]: "203.0.113.9" };
    for (let i = 0; i < 12; i++) statuses.push((await call(token.POST, { path: "/auth/token", body, headers })).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("client credentials work until the client is revoked", async () => {
    const superToken = await tokenFor("super");
    const made = await call(clients.POST, {
      path: "/settings/api-clients",
      token: superToken,
      body: { name: "Shop back office", role: "advanced" },
    });
    expect(made.status).toBe(201);
    const { client_id, client_secret } = made.body;
    const wrong = await call(token.POST, {
      path: "/auth/token",
      body: { grant_type: "client_credentials", client_id, client_secret: "nope" },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe("invalid_client");
    const granted = await call(token.POST, {
      path: "/auth/token",
      body: { grant_type: "client_credentials", client_id, client_secret },
    });
    expect(granted.status).toBe(200);
    const clientToken = granted.body.access_token;
    const write = await call(items.POST, {
      path: "/data/items",
      token: clientToken,
      body: { items: [{ item_id: "client-item-1" }] },
    });
    expect(write.status).toBe(200);
    const revoked = await call(client.DELETE, {
      method: "DELETE",
      path: `/settings/api-clients/${client_id}`,
      params: { client_id },
      token: superToken,
    });
    expect(revoked.status).toBe(200);
    const after = await call(me.GET, { path: "/auth/me", token: clientToken });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe("invalid_token");
  });
});

describe("401 versus 403", () => {
  it("answers 401 without credentials and with a bad token", async () => {
    expect((await call(me.GET, { path: "/auth/me" })).status).toBe(401);
    const bad = await call(me.GET, { path: "/auth/me", token: "not-a-token" });
    expect(bad.status).toBe(401);
    expect(bad.headers.get("www-authenticate")).toContain("Bearer");
  });

  it("answers 403 when the role may not", async () => {
    const marketer = await tokenFor("user");
    const write = await call(items.POST, { path: "/data/items", token: marketer, body: { items: [] } });
    expect(write.status).toBe(403);
    expect(write.body).toMatchObject({ code: "forbidden" });
    const settings = await call(users.GET, { path: "/settings/users", token: await tokenFor("advanced") });
    expect(settings.status).toBe(403);
    const asSuper = await call(users.GET, { path: "/settings/users", token: await tokenFor("super") });
    expect(asSuper.status).toBe(200);
    expect(asSuper.body.users.map((u: { email: string }) => u.email)).toContain("marketer@example.com");
    expect(JSON.stringify(asSuper.body)).not.toContain("password_hash");
  });
});

describe("the caller is read at most once a second", () => {
  it("applies a change made through the service at once, and one made elsewhere within PRINCIPAL_TTL_MS", async () => {
    const superToken = await tokenFor("super");
    const made = await call(users.POST, {
      path: "/settings/users",
      token: superToken,
      body: { email: "cache@example.com", password: "cache-password", role: "advanced" },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const granted = await call(token.POST, {
      path: "/auth/token",
      body: { grant_type: "password", username: "cache@example.com", password: "cache-password" },
    });
    const userToken = granted.body.access_token as string;
    const write = () =>
      call(items.POST, { path: "/data/items", token: userToken, body: { items: [{ item_id: "cache-item" }] } });
    expect((await write()).status).toBe(200); // the user is now cached

    const demoted = await call(oneUser.PUT, {
      method: "PUT",
      path: `/settings/users/${made.body.id}`,
      params: { user_id: made.body.id },
      token: superToken,
      body: { role: "user" },
    });
    expect(demoted.status, JSON.stringify(demoted.body)).toBe(200);
    expect((await write()).status).toBe(403); // at once: the change forgot the cached user

    // As another process (the CLI, another web process) would: straight in the database.
    await (await db()).user.update({ where: { id: made.body.id }, data: { role: "advanced" } });
    const started = Date.now();
    let status = (await write()).status;
    while (status !== 200 && Date.now() - started < PRINCIPAL_TTL_MS * 3) {
      await new Promise((r) => setTimeout(r, 50));
      status = (await write()).status;
    }
    expect(status).toBe(200);
  });

  it("answers from the copy read a moment ago while the database is busy, and reads it again in the background", async () => {
    const headers = new Headers({ authorization: `Bearer ${await tokenFor("advanced")}` });
    expect((await resolvePrincipal(headers)).subject).toBe("advanced@example.com");
    await new Promise((r) => setTimeout(r, PRINCIPAL_TTL_MS + 50));
    const database = await getDatabase();
    await database.transaction(async (sql) => {
      // Nobody reads users until this transaction ends (on PGlite: nobody reads anything).
      await sql.query("LOCK TABLE users IN ACCESS EXCLUSIVE MODE");
      const answer = await Promise.race([
        resolvePrincipal(headers),
        new Promise((r) => setTimeout(() => r("waited for the database"), 3000)),
      ]);
      expect(answer).toMatchObject({ subject: "advanced@example.com", role: "advanced" });
    });
  });
});
