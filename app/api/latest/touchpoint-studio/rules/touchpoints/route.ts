import { handle } from "@/lib/http/handler";
import { createTouchpointOp, listTouchpointsOp } from "@/lib/touchpoints/operations";
import { createTouchpoint, listTouchpoints } from "@/lib/touchpoints/touchpoints";

export const GET = handle(listTouchpointsOp, ({ query }) => listTouchpoints(query));
// The author is the caller, whatever the body says.
export const POST = handle(createTouchpointOp, ({ body, principal }) =>
  createTouchpoint({ ...body, author: principal!.subject }),
);
