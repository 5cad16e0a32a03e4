import { DEMO_PASSWORD } from "../support/accounts";
import { expect, test } from "../support/contract";

test("a wrong password gets 401 invalid_grant and no token", async ({ request }) => {
  const response = await request.post("/api/latest/auth/token", {
    data: { grant_type: "password", username: "marketer@example.com", password: "not-the-password" },
  });
  expect(response.status()).toBe(401);
  const body = await response.json();
  expect(body.code).toBe("invalid_grant");
  expect(typeof body.detail).toBe("string");
  expect(body.access_token).toBeUndefined();
});

test("the right password gets a Bearer token that /auth/me accepts", async ({ request }) => {
  const response = await request.post("/api/latest/auth/token", {
    data: { grant_type: "password", username: "marketer@example.com", password: DEMO_PASSWORD },
  });
  expect(response.status()).toBe(200);
  const { access_token, token_type } = await response.json();
  expect(token_type).toBe("Bearer");
  const me = await request.get("/api/latest/auth/me", { headers: { Authorization: `Bearer ${access_token}` } });
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ kind: "user", subject: "marketer@example.com", role: "user" });
});
