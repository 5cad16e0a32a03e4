import { ingestRequest } from "@/lib/data/ingest-request";
import { listCustomers } from "@/lib/data/list-customers";
import { intakeOps, listCustomersOp } from "@/lib/data/operations";
import { handle } from "@/lib/http/handler";

export const POST = handle(intakeOps.customers, ({ rawBody, principal }) =>
  ingestRequest({ kind: "customers", bytes: rawBody!, actor: principal!.subject }),
);

export const GET = handle(listCustomersOp, ({ query }) => listCustomers(query));
