import { createSuppression } from "@/lib/campaigns/suppressions/create-suppression";
import { listSuppressions } from "@/lib/campaigns/suppressions/list-suppressions";
import { createSuppressionOp, listSuppressionsOp } from "@/lib/campaigns/suppressions/operations";
import { handle } from "@/lib/http/handler";

export const GET = handle(listSuppressionsOp, ({ query }) => listSuppressions(query));
export const POST = handle(createSuppressionOp, ({ body, principal }) => createSuppression({ input: body, principal }));
