import { estimateAudience } from "@/lib/audiences/audiences";
import { estimateAudienceOp } from "@/lib/audiences/operations";
import { handle } from "@/lib/http/handler";

export const POST = handle(estimateAudienceOp, ({ body }) => estimateAudience(body.filters));
