/** The recommendation models as an API: their builds, and a build on demand. */
import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { ZPagination } from "@/lib/http/pagination";
import { ZModelBuild, ZModelBuildList } from "./model-builds";

const tag = "Recommendation models";

export const listModelBuildsOp = defineOperation({
  method: "GET",
  path: "/touchpoint-studio/models",
  tag,
  summary: "The recommendation models' builds, newest first",
  description:
    "Every learned rule kind (similar, related, collaborative, history-based, time-based, next-gen, description- and attribute-based) is served from models built from all events by a background job: when the first touchpoint with a learned rule goes live, nightly (RECS_BUILD_CRON, default 02:30) and when RECS_REBUILD_EVENTS new events arrived (checked every 10 minutes). The newest ready build serves in every process within seconds of its completion; a failed build keeps its error here and the previous build serves on. stats: build time (ms) and peak memory (MB) per model.",
  auth: "user",
  query: ZPagination,
  response: ZModelBuildList,
});

export const requestModelBuildOp = defineOperation({
  method: "POST",
  path: "/touchpoint-studio/models",
  tag,
  summary: "Build the recommendation models now",
  description:
    "Queues a build from all events (one build waits at a time: asking again while one is queued does nothing more). 202 with the build now running or queued, if any; poll GET to see it ready.",
  auth: "advanced",
  audit: { action: "model.build", objectType: "model" },
  body: z.object({}).strict().optional(),
  response: z.object({ queued: z.literal(true), building: ZModelBuild.nullable() }),
  status: 202,
});
