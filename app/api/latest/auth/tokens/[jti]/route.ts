import { revokeTokenOp } from "@/lib/auth/operations";
import { revokeToken } from "@/lib/auth/revoke-token";
import { handle } from "@/lib/http/handler";

export const DELETE = handle(revokeTokenOp, ({ params, principal }) =>
  revokeToken({ jti: params.jti, principal: principal! }),
);
