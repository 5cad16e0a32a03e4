import { ingestRequest } from "@/lib/data/ingest-request";
import { listDiscounts } from "@/lib/data/list-discounts";
import { intakeOps, listDiscountsOp } from "@/lib/data/operations";
import { handle } from "@/lib/http/handler";

export const POST = handle(intakeOps.discounts, ({ rawBody, principal }) =>
  ingestRequest({ kind: "discounts", bytes: rawBody!, actor: principal!.subject }),
);

export const GET = handle(listDiscountsOp, ({ query }) => listDiscounts(query));
