import { handle } from "@/lib/http/handler";
import { createStrategyOp, listStrategiesOp } from "@/lib/touchpoints/operations";
import { createStrategy, listStrategies } from "@/lib/touchpoints/strategies";

export const GET = handle(listStrategiesOp, ({ query }) => listStrategies(query));
// The author is the caller, whatever the body says.
export const POST = handle(createStrategyOp, ({ body, principal }) =>
  createStrategy({ ...body, author: principal!.subject }),
);
