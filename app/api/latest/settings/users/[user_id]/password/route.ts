import { resetPasswordOp } from "@/lib/auth/operations";
import { resetUserPassword } from "@/lib/auth/reset-password";
import { handle } from "@/lib/http/handler";

export const PUT = handle(resetPasswordOp, ({ params, body, principal }) =>
  resetUserPassword({ userId: params.user_id, newPassword: body.new_password, actorId: principal!.id }),
);
