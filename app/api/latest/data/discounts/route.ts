import { recordImport } from "@/lib/data/import-runs";
import { ingestBatch } from "@/lib/data/ingest-batch";
import { listDiscounts } from "@/lib/data/list-discounts";
import { intakeOps, listDiscountsOp } from "@/lib/data/operations";
import { handle } from "@/lib/http/handler";

export const POST = handle(intakeOps.discounts, async ({ body, principal }) => {
  const result = await ingestBatch({ kind: "discounts", records: body.discounts });
  await recordImport({ kind: "discounts", source: "api", actor: principal!.subject, result });
  return result;
});

export const GET = handle(listDiscountsOp, ({ query }) => listDiscounts(query));
