/**
 * "A new model build is ready", told to every thread and process that serves models, so a build
 * finished anywhere is served everywhere within a second (issue 21) instead of at the next poll.
 * - Threads of this process (the embedded database's job worker thread builds, the request thread
 *   serves): a BroadcastChannel, which reaches every other thread of the process.
 * - Other processes (PostgreSQL: worker processes build, web processes serve): NOTIFY lumen_models,
 *   heard on the LISTEN connection of ./live-share.ts. Not sent on the embedded database: its
 *   connections share one session, and only one process hosts it.
 * A signal lost (a listener reconnecting) costs only time: model-store still looks for a newer
 * build now and then.
 * Incremental updates are announced the same way, as `<build>#<patch>` (./model-update.ts
 * patchSignal): a process serving that build looks for its newest patch.
 */
import { BroadcastChannel } from "node:worker_threads";
import type { Database } from "@/lib/db/client";
import { log } from "@/lib/log";
import { processWide } from "@/lib/process-wide";

export const MODELS_CHANNEL = "lumen_models";

type Listener = (modelId: string) => void;

const state = processWide("recommend.model-signal", () => {
  const listeners = new Set<Listener>();
  const channel = new BroadcastChannel(MODELS_CHANNEL);
  channel.onmessage = (message) => {
    const data = (message as { data?: unknown }).data;
    if (typeof data === "string") tell(listeners, data);
  };
  // A thread with nothing else to do may end: the channel alone does not keep it alive.
  channel.unref();
  return { listeners, channel };
});

function tell(listeners: Set<Listener>, modelId: string): void {
  for (const listener of listeners) {
    try {
      listener(modelId);
    } catch (error) {
      log.warn("a model-ready listener failed", { error: String(error) });
    }
  }
}

/** Calls `listener` with the id of each build that becomes ready anywhere; returns the unsubscribe. */
export function onModelReady(listener: Listener): () => void {
  state.listeners.add(listener);
  return () => state.listeners.delete(listener);
}

/** Tells this thread, the process's other threads and (PostgreSQL) the other processes. */
export async function announceModelReady(database: Database, modelId: string): Promise<void> {
  tell(state.listeners, modelId);
  state.channel.postMessage(modelId);
  if (database.kind !== "postgres") return;
  await database.sql.query("SELECT pg_notify($1, $2)", [MODELS_CHANNEL, modelId]).catch((error) => {
    log.warn("the new model build was not announced to other processes", { modelId, error: String(error) });
  });
}

/** A build announced by another process (the LISTEN connection of ./live-share.ts). */
export function modelReadyElsewhere(modelId: string): void {
  tell(state.listeners, modelId);
}
