/** POST /auth/token: the password and client_credentials grants. */
import { z } from "zod";
import { ApiError } from "@/lib/http/errors";
import { authenticateApiClient } from "./api-clients";
import { passwordChangeRequired } from "./password-change-required";
import { allowsScope, parseScopeString, type Scope } from "./scopes";
import { auditSignIn } from "./sign-in-audit";
import { presentPassword, Throttled } from "./throttle";
import { answerThrottled } from "./throttle-error";
import { issueToken } from "./tokens";
import { authenticateUser } from "./users";

export const ZTokenRequest = z.discriminatedUnion("grant_type", [
  z.object({
    grant_type: z.literal("password"),
    username: z.string().min(1).describe("The user's e-mail"),
    password: z.string().min(1),
  }),
  z.object({
    grant_type: z.literal("client_credentials"),
    client_id: z.string().min(1),
    client_secret: z.string().min(1),
    scope: z
      .string()
      .max(200)
      .optional()
      .describe(
        "Space-separated scopes the token is to carry, among the client's (content, data:write, studio); default: all of the client's.",
      ),
  }),
]);
export type TTokenRequest = z.infer<typeof ZTokenRequest>;

export const ZTokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal("Bearer"),
  expires_in: z.number().int().describe("Seconds until the token expires (TOKEN_TTL_SECONDS)."),
  jti: z
    .string()
    .describe("The token's id (also its `jti` claim): DELETE /auth/tokens/{jti} revokes it (401 at once after)."),
});
export type TTokenResponse = z.infer<typeof ZTokenResponse>;

/**
 * A user who must change a password a super user set gets 403 password_change_required instead
 * of a token (the right password shown: a wrong one is 401 as always).
 * Both grants go through the password throttle (lib/auth/throttle.ts): failures count per account
 * (the e-mail, or the client id) and per address, shared with the sign-in form and Auth.js's
 * endpoint; a refused attempt is 429 with Retry-After.
 */
export async function grantToken(
  request: TTokenRequest,
  options: {
    /** The client's address (lib/http/client-address.ts); scripts and tests: "local". */ address?: string;
    /** The request's X-Request-Id, for the audit log's sign-in entries. */
    requestId?: string;
  } = {},
): Promise<TTokenResponse> {
  const address = options.address ?? "local";
  const door = "token grant";
  const requestId = options.requestId;
  if (request.grant_type === "password") {
    const account = request.username;
    const user = await answerThrottled(() =>
      auditThrottled(account, requestId, () =>
        authenticateUser({ email: request.username, password: request.password, address }),
      ),
    );
    if (!user) {
      await auditSignIn({ door, account, outcome: "failure", requestId });
      throw new ApiError(401, "invalid_grant", "The username or password is wrong, or the user is disabled.");
    }
    // A password a super user set is for choosing one's own in the studio, not for API tokens.
    if (user.must_change_password) {
      await auditSignIn({ door, account: user.email, outcome: "refused", who: { kind: "user", ...user }, requestId });
      throw passwordChangeRequired(user.email);
    }
    const { token, expiresIn, jti } = await issueToken({ sub: user.id, role: user.role, kind: "user" });
    await auditSignIn({ door, account: user.email, outcome: "success", who: { kind: "user", ...user }, requestId });
    return { access_token: token, token_type: "Bearer", expires_in: expiresIn, jti };
  }
  const account = request.client_id;
  const client = await answerThrottled(() =>
    auditThrottled(account, requestId, () =>
      presentPassword({
        email: `client:${request.client_id}`,
        address,
        verify: () => authenticateApiClient({ clientId: request.client_id, clientSecret: request.client_secret }),
      }),
    ),
  );
  if (!client) {
    await auditSignIn({ door, account, outcome: "failure", requestId });
    throw new ApiError(401, "invalid_client", "The client id or secret is wrong, or the client was revoked.");
  }
  const { token, expiresIn, jti } = await issueToken({
    sub: client.id,
    role: client.role,
    kind: "client",
    scopes: grantedScopes(client.scopes, request.scope),
  });
  await auditSignIn({ door, account, outcome: "success", who: { kind: "client", ...client }, requestId });
  return { access_token: token, token_type: "Bearer", expires_in: expiresIn, jti };
}

/** A password check whose refusal by the throttle is recorded (auth.sign_in_throttled). */
async function auditThrottled<T>(
  account: string,
  requestId: string | undefined,
  check: () => Promise<T | undefined>,
): Promise<T | undefined> {
  try {
    return await check();
  } catch (error) {
    if (error instanceof Throttled) {
      await auditSignIn({
        door: "token grant",
        account,
        outcome: "throttled",
        requestId,
        retryAfter: error.retryAfter,
      });
    }
    throw error;
  }
}

/** The scopes asked for (OAuth's `scope`), each allowed to the client; none asked: all of the client's. */
function grantedScopes(clientScopes: Scope[], asked: string | undefined): Scope[] {
  if (asked === undefined || !asked.trim()) return clientScopes;
  const scopes = parseScopeString(asked);
  const outside = scopes ? scopes.filter((s) => !allowsScope(clientScopes, s)) : undefined;
  if (!scopes || outside?.length) {
    throw new ApiError(
      400,
      "invalid_scope",
      `The scope "${asked}" is not among this client's scopes (${clientScopes.join(" ")}).`,
    );
  }
  return scopes;
}
