import { grantToken } from "@/lib/auth/grant-token";
import { tokenOp } from "@/lib/auth/operations";
import { clientAddress } from "@/lib/http/client-address";
import { handle } from "@/lib/http/handler";

export const POST = handle(tokenOp, ({ headers, body }) => grantToken(body, { address: clientAddress(headers) }));
