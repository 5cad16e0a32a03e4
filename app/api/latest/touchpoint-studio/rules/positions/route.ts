import { handle } from "@/lib/http/handler";
import { createPositionOp, listPositionsOp } from "@/lib/touchpoints/operations";
import { createPosition, listPositions } from "@/lib/touchpoints/positions";

export const GET = handle(listPositionsOp, ({ query }) => listPositions(query));
export const POST = handle(createPositionOp, ({ body }) => createPosition(body));
