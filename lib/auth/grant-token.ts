/** POST /auth/token: the password and client_credentials grants. */
import { z } from "zod";
import { ApiError } from "@/lib/http/errors";
import { authenticateApiClient } from "./api-clients";
import { presentPassword } from "./throttle";
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
  }),
]);
export type TTokenRequest = z.infer<typeof ZTokenRequest>;

export const ZTokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal("Bearer"),
  expires_in: z.number().int().describe("Seconds until the token expires (TOKEN_TTL_SECONDS)."),
});
export type TTokenResponse = z.infer<typeof ZTokenResponse>;

/**
 * Both grants go through the password throttle (lib/auth/throttle.ts): failures count per account
 * (the e-mail, or the client id) and per address, shared with the sign-in form and Auth.js's
 * endpoint; a refused attempt is 429 with Retry-After.
 */
export async function grantToken(
  request: TTokenRequest,
  options: {
    /** The client's address (lib/http/client-address.ts); scripts and tests: "local". */ address?: string;
  } = {},
): Promise<TTokenResponse> {
  const address = options.address ?? "local";
  if (request.grant_type === "password") {
    const user = await answerThrottled(() =>
      authenticateUser({ email: request.username, password: request.password, address }),
    );
    if (!user) throw new ApiError(401, "invalid_grant", "The username or password is wrong, or the user is disabled.");
    const { token, expiresIn } = await issueToken({ sub: user.id, role: user.role, kind: "user" });
    return { access_token: token, token_type: "Bearer", expires_in: expiresIn };
  }
  const client = await answerThrottled(() =>
    presentPassword({
      email: `client:${request.client_id}`,
      address,
      verify: () => authenticateApiClient({ clientId: request.client_id, clientSecret: request.client_secret }),
    }),
  );
  if (!client)
    throw new ApiError(401, "invalid_client", "The client id or secret is wrong, or the client was revoked.");
  const { token, expiresIn } = await issueToken({ sub: client.id, role: client.role, kind: "client" });
  return { access_token: token, token_type: "Bearer", expires_in: expiresIn };
}
