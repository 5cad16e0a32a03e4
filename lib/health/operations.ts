/** The service's own state, for the studio. */
import { defineOperation } from "@/lib/http/operation";
import { ZBackgroundWork } from "./background-work";

export const backgroundWorkOp = defineOperation({
  method: "GET",
  path: "/system/background-work",
  tag: "System",
  summary: "Work running in the background now (demo load, model build, calculations, exports, sends)",
  description:
    "What the studio's indicator shows: the demo shop load and the recommendation model build with their progress, and how many touchpoint calculations, audience exports and campaign sends are under way. An empty list: nothing runs.",
  auth: "user",
  response: ZBackgroundWork,
});
