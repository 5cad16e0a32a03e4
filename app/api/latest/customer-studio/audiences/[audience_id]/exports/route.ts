import { listExports } from "@/lib/audiences/exports/list-exports";
import { listExportsOp } from "@/lib/audiences/exports/operations";
import { handle } from "@/lib/http/handler";

export const GET = handle(listExportsOp, ({ params, query }) => listExports(params.audience_id, query));
