import { randomBytes } from "node:crypto";
import { type APIRequestContext, expect } from "@playwright/test";
import { DEMO_PASSWORD } from "./accounts";

/** A value no other test or earlier run has used. */
export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`;

export async function passwordToken(request: APIRequestContext, username: string): Promise<string> {
  const response = await request.post("/api/latest/auth/token", {
    data: { grant_type: "password", username, password: DEMO_PASSWORD },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
