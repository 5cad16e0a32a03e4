import { handle } from "@/lib/http/handler";
import { listPositionsOp } from "@/lib/touchpoints/operations";
import { listPositions } from "@/lib/touchpoints/positions";

/** The spec's singular list path; /rules/positions answers the same. */
export const GET = handle(listPositionsOp, ({ query }) => listPositions(query));
