import { recordImport } from "@/lib/data/import-runs";
import { ingestBatch } from "@/lib/data/ingest-batch";
import { listItems } from "@/lib/data/list-items";
import { intakeOps, listItemsOp } from "@/lib/data/operations";
import { handle } from "@/lib/http/handler";

export const POST = handle(intakeOps.items, async ({ body, principal }) => {
  const result = await ingestBatch({ kind: "items", records: body.items });
  await recordImport({ kind: "items", source: "api", actor: principal!.subject, result });
  return result;
});

export const GET = handle(listItemsOp, ({ query }) => listItems(query));
