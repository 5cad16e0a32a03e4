import { grantToken } from "@/lib/auth/grant-token";
import { tokenOp } from "@/lib/auth/operations";
import { assertNotLimited, clientAddress, recordFailure } from "@/lib/auth/rate-limit";
import { ApiError } from "@/lib/http/errors";
import { handle } from "@/lib/http/handler";

export const POST = handle(tokenOp, async ({ request, body }) => {
  const account = body.grant_type === "password" ? body.username : body.client_id;
  const key = `${clientAddress(request.headers)}|${account.toLowerCase()}`;
  await assertNotLimited(key);
  try {
    return await grantToken(body);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) await recordFailure(key);
    throw error;
  }
});
