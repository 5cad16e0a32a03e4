import { handle } from "@/lib/http/handler";
import { deleteStrategyOp, getStrategyOp, updateStrategyOp } from "@/lib/touchpoints/operations";
import { deleteStrategy, getStrategy, updateStrategy } from "@/lib/touchpoints/strategies";

export const GET = handle(getStrategyOp, ({ params }) => getStrategy(params.strategy_id));
export const PUT = handle(updateStrategyOp, ({ params, body }) => updateStrategy(params.strategy_id, body));
export const DELETE = handle(deleteStrategyOp, ({ params }) => deleteStrategy(params.strategy_id));
