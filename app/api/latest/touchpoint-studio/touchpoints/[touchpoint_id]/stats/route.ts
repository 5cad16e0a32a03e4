import { handle } from "@/lib/http/handler";
import { statsOp } from "@/lib/touchpoints/operations";
import { touchpointStats } from "@/lib/touchpoints/touchpoints";

export const GET = handle(statsOp, ({ params, query }) => touchpointStats(params.touchpoint_id, query.days));
