/** API operations of the auth and settings area (see lib/http/operation.ts). */
import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { ZApiClient, ZApiClientCreate } from "./api-clients";
import { ZTokenRequest, ZTokenResponse } from "./grant-token";
import { ZPasswordChange, ZPasswordReset } from "./password-policy";
import { ZRole } from "./roles";
import { ZScope } from "./scopes";
import { ZUser, ZUserCreate } from "./users";

export const tokenOp = defineOperation({
  method: "POST",
  path: "/auth/token",
  tag: "Authentication",
  summary: "Get an access token",
  description:
    "OAuth2-style token endpoint. JSON or form-encoded body with grant_type `password` (username = e-mail) or `client_credentials` (an API client made in Settings). Answers a signed JWT to send as `Authorization: Bearer <token>`; 401 `invalid_grant` / `invalid_client` otherwise. A client's token carries the client's scopes (claim `scope`); `scope` (space-separated) asks for fewer: 400 `invalid_scope` for one the client lacks. Failed attempts are throttled per account and per address together with the studio's sign-in form and Auth.js's `/api/auth/callback/credentials`: after 10 failures (of an account in a day, or from an address in an hour) every attempt waits 30 s, doubling with each further failure up to 15 minutes: 429 `rate_limited` with Retry-After, even with the right password.",
  auth: "public",
  audit: false, // records auth.sign_in / auth.sign_in_failed itself (lib/auth/grant-token.ts)
  acceptForm: true,
  body: ZTokenRequest,
  response: ZTokenResponse,
  errors: [400, 401, 403, 415, 429],
});

export const meOp = defineOperation({
  method: "GET",
  path: "/auth/me",
  tag: "Authentication",
  summary: "Who am I",
  auth: "user",
  openBeforePasswordChange: true,
  response: z.object({
    kind: z.enum(["user", "client"]),
    id: z.string(),
    subject: z.string(),
    name: z.string(),
    role: ZRole,
    scopes: z.array(ZScope).describe('What the credential may do besides the role; ["studio"] for users'),
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
  audit: {
    action: "user.create",
    objectType: "user",
    resultId: ({ result }) => result?.id,
    summary: ({ body }) => `role ${body.role}`,
  },
  body: ZUserCreate,
  response: ZUser,
  status: 201,
  errors: [403, 409, 429], // 429: the password-hashing queue is full (lib/auth/hash-queue.ts)
});

export const changeOwnPasswordOp = defineOperation({
  method: "PUT",
  path: "/settings/users/me/password",
  tag: "Settings",
  summary: "Change your own password",
  description:
    "Any signed-in user (a session or a user's bearer token; not an API client), also one whose password a super user set: until they change it, every other operation but GET /auth/me answers them 403 `password_change_required`, and the password grant gives them no token. `current_password` is checked like a sign-in (a wrong one counts towards the sign-in throttle: 429 with Retry-After) and answers 422 at `body.current_password`. `new_password`: 12 to 128 characters of any kind, not on the list of common passwords, not the e-mail address, not the current password (422 at `body.new_password`). Clears `must_change_password`.",
  auth: "user",
  openBeforePasswordChange: true,
  audit: {
    action: "user.password_change",
    objectType: "user",
    resultId: ({ result }) => result?.id,
    summary: () => "own password changed",
  },
  body: ZPasswordChange,
  response: ZUser,
  errors: [403, 429],
});

export const resetPasswordOp = defineOperation({
  method: "PUT",
  path: "/settings/users/{user_id}/password",
  tag: "Settings",
  summary: "Set another user's password (super users only); they must change it at next sign-in",
  description:
    "Sets `must_change_password`: the studio asks the user for a new password before anything else, and until they choose one the password grant answers 403 `password_change_required` and so does every operation but PUT /settings/users/me/password and GET /auth/me. Also clears the account's failed sign-in count. Your own password: PUT /settings/users/me/password (409 `self_reset` here).",
  auth: "super",
  audit: {
    action: "user.password_reset",
    objectType: "user",
    id: ({ params }) => params.user_id,
    summary: () => "password set; must change at next sign-in",
  },
  params: z.object({ user_id: z.string() }),
  body: ZPasswordReset,
  response: ZUser,
  errors: [403, 404, 409, 429],
});

export const ZUserUpdate = z.object({ role: ZRole.optional(), is_disabled: z.boolean().optional() });
export const updateUserOp = defineOperation({
  method: "PUT",
  path: "/settings/users/{user_id}",
  tag: "Settings",
  summary: "Change a user's role or disable them (super users only)",
  auth: "super",
  audit: { action: "user.update", objectType: "user", id: ({ params }) => params.user_id },
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
  description:
    'The answer holds client_secret: it is shown this once and cannot be read again. `scopes` (default ["studio"]) limit what the client may do besides its role: `content` (touchpoint content and search, public event tracking, the wheel), `data:write` (the intake routes; with role advanced or super), `studio` (everything the role allows). An operation outside them answers 403 `insufficient_scope` naming the scope it needs; tokens of the client_credentials grant carry the scopes (claim `scope`; the grant\'s `scope` parameter may ask for fewer). A client whose scopes are exactly ["content"] is publishable: its answer and listing carry `publishable_key` (pk_...; not a secret) for a shop\'s pages, accepted by content-scope operations as `Authorization: Bearer pk_...` or the query parameter `key`. Its `allowed_origins` (only publishable clients have them: 422 otherwise) are the browser origins it answers: another `Origin` gets 403 `origin_not_allowed`, a request without Origin (a server) passes, an allowed one gets CORS headers. Publishable keys are rate limited per visitor (client address) and key (PUBLISHABLE_KEY_VISITOR_RATE, PUBLISHABLE_KEY_RATE): 429 with Retry-After.',
  auth: "super",
  audit: {
    action: "api_client.create",
    objectType: "api_client",
    resultId: ({ result }) => result?.client_id,
    summary: ({ body }) => `role ${body.role}`,
  },
  body: ZApiClientCreate,
  response: ZApiClient.extend({ client_secret: z.string() }),
  status: 201,
  errors: [403, 429],
});

export const revokeClientOp = defineOperation({
  method: "DELETE",
  path: "/settings/api-clients/{client_id}",
  tag: "Settings",
  summary: "Revoke an API client (super users only); its tokens stop working at once",
  auth: "super",
  audit: { action: "api_client.revoke", objectType: "api_client", id: ({ params }) => params.client_id },
  params: z.object({ client_id: z.string() }),
  response: z.object({ detail: z.string() }),
  errors: [403, 404],
});

export const revokeTokenOp = defineOperation({
  method: "DELETE",
  path: "/auth/tokens/{jti}",
  tag: "Authentication",
  summary: "Revoke an access token by its id",
  description:
    "`jti` is the token's id: the `jti` of the token response (and claim). Your own tokens (a user's or an API client's), or anyone's for a super user (403 otherwise); 404 for an unknown, expired or already revoked id. From the next request on the token answers 401 (in other processes within a second). Signing out of the studio ends its session the same way; a password reset and disabling a user end all of the user's sessions and tokens.",
  auth: "user",
  audit: { action: "token.revoke", objectType: "token", id: ({ params }) => params.jti },
  params: z.object({ jti: z.string().min(1).max(200) }),
  response: z.object({ detail: z.string() }),
  errors: [403, 404],
});
