import { handle } from "@/lib/http/handler";
import { deletePositionOp, updatePositionOp } from "@/lib/touchpoints/operations";
import { deletePosition, updatePosition } from "@/lib/touchpoints/positions";

export const PUT = handle(updatePositionOp, ({ params, body }) => updatePosition(params.position_id, body));
export const DELETE = handle(deletePositionOp, ({ params }) => deletePosition(params.position_id));
