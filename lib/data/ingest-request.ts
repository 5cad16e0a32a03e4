/**
 * An intake request of the API: the body's bytes go to the intake thread when it runs
 * (./intake-thread), where they are parsed, validated and written; this thread then applies what
 * changed to its serving caches and records the import. Without the thread, the same steps run here.
 */
import { getDatabase } from "@/lib/db/client";
import { recordImport } from "./import-runs";
import { applyIntakeEffects, writeBatch } from "./ingest-batch";
import { runningIntakeThread } from "./intake-thread/running";
import { parseIntakeBody } from "./parse-intake-body";
import type { IntakeKind, TIntakeResult } from "./schemas";

export async function ingestRequest(options: {
  kind: IntakeKind;
  bytes: Uint8Array;
  actor: string;
}): Promise<TIntakeResult> {
  const { kind, bytes, actor } = options;
  const database = await getDatabase();
  const thread = runningIntakeThread();
  const { result, changes } = thread
    ? await thread.ingest(kind, bytes)
    : await writeBatch({ kind, records: parseIntakeBody(kind, bytes), database });
  await applyIntakeEffects({ database, changes });
  await recordImport({ kind, source: "api", actor, result });
  return result;
}
