import { deleteSuppression } from "@/lib/campaigns/suppressions/delete-suppression";
import { deleteSuppressionOp } from "@/lib/campaigns/suppressions/operations";
import { handle } from "@/lib/http/handler";

// Who removed it is logged by id (user:<id>, client:<id>), never a user's e-mail.
export const DELETE = handle(deleteSuppressionOp, ({ params, principal }) =>
  deleteSuppression({ suppressionId: params.suppression_id, by: principal && `${principal.kind}:${principal.id}` }),
);
