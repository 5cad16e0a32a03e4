import { handle } from "@/lib/http/handler";
import { deleteTouchpointOp, getTouchpointOp, updateTouchpointOp } from "@/lib/touchpoints/operations";
import { deleteTouchpoint, getTouchpoint, updateTouchpoint } from "@/lib/touchpoints/touchpoints";

export const GET = handle(getTouchpointOp, ({ params }) => getTouchpoint(params.touchpoint_id));
export const PUT = handle(updateTouchpointOp, ({ params, body }) => updateTouchpoint(params.touchpoint_id, body));
export const DELETE = handle(deleteTouchpointOp, ({ params }) => deleteTouchpoint(params.touchpoint_id));
