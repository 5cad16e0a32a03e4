import { deleteSuppression } from "@/lib/campaigns/suppressions/delete-suppression";
import { deleteSuppressionOp } from "@/lib/campaigns/suppressions/operations";
import { handle } from "@/lib/http/handler";

export const DELETE = handle(deleteSuppressionOp, ({ params, principal }) =>
  deleteSuppression({ suppressionId: params.suppression_id, by: principal?.subject }),
);
