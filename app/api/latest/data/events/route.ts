import { ingestRequest } from "@/lib/data/ingest-request";
import { intakeOps } from "@/lib/data/operations";
import { handle } from "@/lib/http/handler";

export const POST = handle(intakeOps.events, ({ rawBody, principal }) =>
  ingestRequest({ kind: "events", bytes: rawBody!, actor: principal!.subject }),
);
