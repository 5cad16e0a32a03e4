import { recalculateAudience } from "@/lib/audiences/audiences";
import { recalculateAudienceOp } from "@/lib/audiences/operations";
import { handle } from "@/lib/http/handler";

export const POST = handle(recalculateAudienceOp, ({ params }) => recalculateAudience(params.audience_id));
