import { getFilterOptions } from "@/lib/audiences/filter-options";
import { audienceFilterOptionsOp } from "@/lib/audiences/operations";
import { handle } from "@/lib/http/handler";

export const GET = handle(audienceFilterOptionsOp, () => getFilterOptions());
