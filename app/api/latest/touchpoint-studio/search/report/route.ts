import { handle } from "@/lib/http/handler";
import { searchReportOp } from "@/lib/search/operations";
import { searchReport } from "@/lib/search/search-report";

export const GET = handle(searchReportOp, ({ query }) =>
  searchReport({
    days: query.days,
    from: query.from,
    to: query.to,
    touchpointId: query.touchpoint_id,
    limit: query.limit,
  }),
);
