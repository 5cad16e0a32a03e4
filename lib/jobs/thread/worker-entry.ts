/**
 * A job worker thread of the embedded database (see ./start-thread.ts): the same workers as
 * `npm run worker` on PostgreSQL for the queues it was given, connected to the database thread's
 * socket like any other client, so model builds, exports, send preparation and demo loading never
 * hold the thread that answers requests. The parent asks it to stop with { type: "stop" }.
 */
import { parentPort, workerData } from "node:worker_threads";
import { startInboundMail } from "@/lib/campaigns/suppressions/start-inbound";
import { closeDatabase, getDatabase } from "@/lib/db/client";
import { stopBoss } from "@/lib/jobs/boss";
import { describeSelection } from "@/lib/jobs/pools";
import { startWorkers } from "@/lib/jobs/registry";
import { log } from "@/lib/log";
import type { WorkerThreadData } from "./start-thread";

const port = parentPort!;
const data = workerData as WorkerThreadData;
const queues = new Map(data.queues);

const database = await getDatabase();
if (database.embedded) {
  // The main thread hosts the database; a thread that finds no host must not open a second one.
  await closeDatabase();
  throw new Error("the job worker thread found no embedded database host");
}
// soleWorker: the process hosts the embedded database and this is its first worker thread, so jobs
// left active were a dead process's (lib/jobs/boss.ts). On PostgreSQL (RUN_WORKERS=in-process) or
// in a process that only reaches another's host, other workers may be running them.
await startWorkers({ concurrency: data.concurrency, soleWorker: data.soleWorker, queues });
// Bounces and complaints (DSN, ARF) over SMTP, when INBOUND_SMTP_PORT is set.
const inbound = data.inbound ? await startInboundMail() : undefined;
log.info("job worker thread started", { concurrency: data.concurrency, queues: describeSelection(queues) });
port.postMessage({ type: "started" });

port.on("message", async (message: { type: string; timeoutMs?: number }) => {
  if (message.type !== "stop") return;
  await inbound?.close();
  // Jobs still running after timeoutMs are failed into retries: the next process takes them.
  await stopBoss({ timeoutMs: message.timeoutMs });
  await closeDatabase();
  port.postMessage({ type: "stopped" });
});
