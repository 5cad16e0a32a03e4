import { updateUserOp } from "@/lib/auth/operations";
import { updateUserById } from "@/lib/auth/users";
import { handle } from "@/lib/http/handler";

export const PUT = handle(updateUserOp, ({ params, body, principal }) =>
  updateUserById({ id: params.user_id, ...body, actorId: principal!.id }),
);
