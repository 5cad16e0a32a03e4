import { grantToken } from "@/lib/auth/grant-token";
import { tokenOp } from "@/lib/auth/operations";
import { clientAddress } from "@/lib/http/client-address";
import { handle } from "@/lib/http/handler";

export const POST = handle(tokenOp, ({ headers, body, requestId }) =>
  grantToken(body, { address: clientAddress(headers), requestId }),
);
