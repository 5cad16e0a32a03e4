/**
 * The intake thread (see ./start-intake-thread.ts): parses, validates and writes the API's intake
 * batches on a pool of its own, so a 10 MB JSON document's parsing, 10,000 records' validation and
 * their serialisation for the database never hold the thread that answers requests. What a write
 * changed goes back to the web thread, whose caches it concerns (applyIntakeEffects).
 */
import { parentPort, workerData } from "node:worker_threads";
import { connectTo, type DbKind } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import { readIdentityRows } from "@/lib/recommend/identity-rows";
import { writeBatch } from "../ingest-batch";
import { parseIntakeBody } from "../parse-intake-body";
import type { FromIntakeThread, ThreadError, ToIntakeThread } from "./protocol";

const port = parentPort!;
const { url, kind: dbKind, connections } = workerData as { url: string; kind: DbKind; connections: number };
const database = connectTo(dbKind, url, connections);
const send = (message: FromIntakeThread) => port.postMessage(message);

function crossing(error: unknown): ThreadError {
  if (error instanceof ApiError) {
    return {
      message: error.message,
      status: error.status,
      code: error.code,
      detail: error.detail,
      errors: error.errors,
      headers: error.headers,
    };
  }
  const e = error as { message?: string; code?: unknown };
  return { message: e?.message ?? String(error), ...(typeof e?.code === "string" ? { code: e.code } : {}) };
}

port.on("message", async (message: ToIntakeThread) => {
  if (message.type === "stop") {
    await database.close().catch(() => {});
    send({ type: "stopped" });
    return;
  }
  try {
    const records = parseIntakeBody(message.kind, message.bytes);
    const { result, changes } = await writeBatch({ kind: message.kind, records, database });
    // Read here, not by the web thread: 10,000 rows' parsing would hold the thread that answers.
    if (changes.kind === "customers" && changes.ids.length > 0)
      changes.identities = await readIdentityRows(database, changes.ids);
    send({ type: "done", id: message.id, result, changes });
  } catch (error) {
    send({ type: "failed", id: message.id, error: crossing(error) });
  }
});
send({ type: "started" });
