import { changeOwnPassword } from "@/lib/auth/change-password";
import { changeOwnPasswordOp } from "@/lib/auth/operations";
import { clientAddress } from "@/lib/http/client-address";
import { forbidden } from "@/lib/http/errors";
import { handle } from "@/lib/http/handler";

export const PUT = handle(changeOwnPasswordOp, ({ principal, headers, body }) => {
  if (principal!.kind !== "user") throw forbidden("An API client has no password; only users change theirs here.");
  return changeOwnPassword({
    userId: principal!.id,
    currentPassword: body.current_password,
    newPassword: body.new_password,
    address: clientAddress(headers),
  });
});
