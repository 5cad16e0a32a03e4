/** API operations of the auth and settings area (see lib/http/operation.ts). */
import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { ZApiClient, ZApiClientCreate } from "./api-clients";
import { ZTokenRequest, ZTokenResponse } from "./grant-token";
import { ZRole } from "./roles";
import { ZUser, ZUserCreate } from "./users";

export const tokenOp = defineOperation({
  method: "POST",
  path: "/auth/token",
  tag: "Authentication",
  summary: "Get an access token",
  description:
    "OAuth2-style token endpoint. JSON or form-encoded body with grant_type `password` (username = e-mail) or `client_credentials` (an API client made in Settings). Answers a signed JWT to send as `Authorization: Bearer <token>`; 401 `invalid_grant` / `invalid_client` otherwise. Failed attempts are rate limited per address and account (429).",
  auth: "public",
  acceptForm: true,
  body: ZTokenRequest,
  response: ZTokenResponse,
  errors: [400, 415, 429],
});

export const meOp = defineOperation({
  method: "GET",
  path: "/auth/me",
  tag: "Authentication",
  summary: "Who am I",
  auth: "user",
  response: z.object({
    kind: z.enum(["user", "client"]),
    id: z.string(),
    subject: z.string(),
    name: z.string(),
    role: ZRole,
  }),
});

export const listUsersOp = defineOperation({
  method: "GET",
  path: "/settings/users",
  tag: "Settings",
  summary: "List users (super users only)",
  auth: "super",
  response: z.object({ users: z.array(ZUser) }),
  errors: [403],
});

export const createUserOp = defineOperation({
  method: "POST",
  path: "/settings/users",
  tag: "Settings",
  summary: "Create a user (super users only)",
  auth: "super",
  body: ZUserCreate,
  response: ZUser,
  status: 201,
  errors: [403, 409],
});

export const ZUserUpdate = z.object({ role: ZRole.optional(), is_disabled: z.boolean().optional() });
export const updateUserOp = defineOperation({
  method: "PUT",
  path: "/settings/users/{user_id}",
  tag: "Settings",
  summary: "Change a user's role or disable them (super users only)",
  auth: "super",
  params: z.object({ user_id: z.string() }),
  body: ZUserUpdate,
  response: ZUser,
  errors: [403, 404, 409],
});

export const listClientsOp = defineOperation({
  method: "GET",
  path: "/settings/api-clients",
  tag: "Settings",
  summary: "List API clients (super users only)",
  auth: "super",
  response: z.object({ api_clients: z.array(ZApiClient) }),
  errors: [403],
});

export const createClientOp = defineOperation({
  method: "POST",
  path: "/settings/api-clients",
  tag: "Settings",
  summary: "Create an API client (super users only)",
  description: "The answer holds client_secret: it is shown this once and cannot be read again.",
  auth: "super",
  body: ZApiClientCreate,
  response: ZApiClient.extend({ client_secret: z.string() }),
  status: 201,
  errors: [403],
});

export const revokeClientOp = defineOperation({
  method: "DELETE",
  path: "/settings/api-clients/{client_id}",
  tag: "Settings",
  summary: "Revoke an API client (super users only); its tokens stop working at once",
  auth: "super",
  params: z.object({ client_id: z.string() }),
  response: z.object({ detail: z.string() }),
  errors: [403, 404],
});
