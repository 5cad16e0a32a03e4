import { getDataOverview } from "@/lib/data/get-data-overview";
import { dataOverviewOp } from "@/lib/data/operations";
import { handle } from "@/lib/http/handler";

export const GET = handle(dataOverviewOp, () => getDataOverview());
