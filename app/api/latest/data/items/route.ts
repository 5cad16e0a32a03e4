import { ingestRequest } from "@/lib/data/ingest-request";
import { listItems } from "@/lib/data/list-items";
import { intakeOps, listItemsOp } from "@/lib/data/operations";
import { handle } from "@/lib/http/handler";

export const POST = handle(intakeOps.items, ({ rawBody, principal }) =>
  ingestRequest({ kind: "items", bytes: rawBody!, actor: principal!.subject }),
);

export const GET = handle(listItemsOp, ({ query }) => listItems(query));
