import { deleteAudience, getAudience } from "@/lib/audiences/audiences";
import { deleteAudienceOp, getAudienceOp } from "@/lib/audiences/operations";
import { handle } from "@/lib/http/handler";

export const GET = handle(getAudienceOp, ({ params }) => getAudience(params.audience_id));
export const DELETE = handle(deleteAudienceOp, ({ params }) => deleteAudience(params.audience_id));
