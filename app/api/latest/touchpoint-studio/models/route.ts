import { handle } from "@/lib/http/handler";
import { buildNow, listModelBuilds } from "@/lib/recommend/model-builds";
import { listModelBuildsOp, requestModelBuildOp } from "@/lib/recommend/operations";

export const GET = handle(listModelBuildsOp, ({ query }) => listModelBuilds(query));
export const POST = handle(requestModelBuildOp, () => buildNow());
