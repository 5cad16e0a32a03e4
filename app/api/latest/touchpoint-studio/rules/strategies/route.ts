import { handle } from "@/lib/http/handler";
import { createStrategyOp, listStrategiesOp } from "@/lib/touchpoints/operations";
import { createStrategy, listStrategies } from "@/lib/touchpoints/strategies";

export const GET = handle(listStrategiesOp, ({ query }) => listStrategies(query));
export const POST = handle(createStrategyOp, ({ body }) => createStrategy(body));
