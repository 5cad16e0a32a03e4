import { recordImport } from "@/lib/data/import-runs";
import { ingestBatch } from "@/lib/data/ingest-batch";
import { listCustomers } from "@/lib/data/list-customers";
import { intakeOps, listCustomersOp } from "@/lib/data/operations";
import { handle } from "@/lib/http/handler";

export const POST = handle(intakeOps.customers, async ({ body, principal }) => {
  const result = await ingestBatch({ kind: "customers", records: body.customers });
  await recordImport({ kind: "customers", source: "api", actor: principal!.subject, result });
  return result;
});

export const GET = handle(listCustomersOp, ({ query }) => listCustomers(query));
