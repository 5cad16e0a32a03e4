import { exportAudienceOp } from "@/lib/audiences/exports/operations";
import { requestExport } from "@/lib/audiences/exports/request-export";
import { handle } from "@/lib/http/handler";

export const GET = handle(exportAudienceOp, ({ principal, params, query }) =>
  requestExport(principal!, params.audience_id, query),
);
