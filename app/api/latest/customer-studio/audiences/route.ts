import { createAudience, listAudiences, updateAudience } from "@/lib/audiences/audiences";
import { createAudienceOp, listAudiencesOp, updateAudienceOp } from "@/lib/audiences/operations";
import { handle } from "@/lib/http/handler";

export const GET = handle(listAudiencesOp, ({ query }) => listAudiences(query));
export const POST = handle(createAudienceOp, ({ body, principal }) => createAudience(body, principal!.subject));
export const PUT = handle(updateAudienceOp, ({ body, principal }) =>
  updateAudience(body, principal!.subject, principal!),
);
