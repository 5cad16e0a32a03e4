/**
 * npm run worker: a job worker process for PostgreSQL deployments (run as many as needed).
 * `npm run worker -- --queues sends=4,exports` (or WORKER_QUEUES) takes only those pools or queues
 * (lib/jobs/pools.ts), so builds can run in a process of their own; without, every queue.
 * On PGlite the web process runs the workers itself: only one process may open its data directory.
 */
import { parseArgs } from "node:util";
import { adoptAuthSecret } from "@/lib/auth/secret";
import { startInboundMail } from "@/lib/campaigns/suppressions/start-inbound";
import { closeDatabase } from "@/lib/db/client";
import { databaseReady } from "@/lib/db/ready";
import { env } from "@/lib/env";
import { armHardStop } from "@/lib/hard-stop";
import { stopBoss } from "@/lib/jobs/boss";
import { describeSelection, POOLS, parseQueueSelection, type QueueSelection, splitLongSteps } from "@/lib/jobs/pools";
import { startWorkers } from "@/lib/jobs/registry";
import { startWorkerThread, type WorkerThread } from "@/lib/jobs/thread/start-thread";
import { log } from "@/lib/log";
import { startMemoryLog } from "@/lib/memory-log";
import { lowerProcessPriority } from "@/lib/threads/background-priority.mjs";

const settings = env();
let queues: QueueSelection;
try {
  const { values } = parseArgs({ options: { queues: { type: "string" } }, allowPositionals: true });
  queues =
    values.queues !== undefined
      ? parseQueueSelection(values.queues, "--queues")
      : parseQueueSelection(settings.WORKER_QUEUES, "WORKER_QUEUES");
} catch (error) {
  console.error(`npm run worker: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}
if (!settings.DATABASE_URL) {
  console.error("npm run worker needs DATABASE_URL (PostgreSQL). On PGlite, `npm start` runs the workers in-process.");
  process.exit(2);
}
if (!adoptAuthSecret()) {
  console.error(
    "npm run worker needs AUTH_SECRET, the same as the web processes' (it signs the links of campaign messages).",
  );
  process.exit(2);
}
// A worker answers no requests: all its threads yield the CPU to the web processes' request
// threads on a shared machine (BACKGROUND_THREAD_NICE; lib/threads/background-priority.mjs).
lowerProcessPriority();
await databaseReady();
// Model builds and the demo load hold their thread for tens of seconds per step (lib/jobs/pools.ts
// LONG_STEP_POOLS). With other queues in this process they run in a worker thread of their own,
// as on the embedded database, so sends, exports, the schedules and pg-boss's own polling never
// wait behind a build step (they did: a 1M-customer build timed out every other queue's
// connections). A process given only those pools, or none of them, runs them here.
const [long, other] = splitLongSteps(queues);
let longThread: WorkerThread | undefined;
if (long.size && other.size) {
  longThread = await startWorkerThread({
    concurrency: settings.WORKER_CONCURRENCY,
    queues: long,
    soleWorker: false,
    inbound: false,
  });
  await startWorkers({ concurrency: settings.WORKER_CONCURRENCY, queues: other });
} else await startWorkers({ concurrency: settings.WORKER_CONCURRENCY, queues });
// Bounces and complaints (DSN, ARF) over SMTP, when INBOUND_SMTP_PORT is set: with the sending pool.
const inbound = POOLS.sends.some((q) => queues.has(q)) ? await startInboundMail() : undefined;
const described = describeSelection(queues);
log.info("worker started", { concurrency: settings.WORKER_CONCURRENCY, queues: described });
console.log(
  `Worker ready (queues: ${described}${longThread ? `; ${describeSelection(long)} in a thread of their own` : ""})`,
);
startMemoryLog();

let stopping = false;

async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info("worker stopping", { signal });
  // However a step below hangs, the worker ends SHUTDOWN_TIMEOUT_MS + SHUTDOWN_HARD_STOP_EXTRA_MS from now (lib/hard-stop.ts).
  armHardStop(settings.SHUTDOWN_TIMEOUT_MS);
  await inbound?.close();
  // Running jobs get SHUTDOWN_TIMEOUT_MS; those still running then go back to the queue as retries.
  await Promise.all([
    stopBoss({ timeoutMs: settings.SHUTDOWN_TIMEOUT_MS }),
    longThread?.stop({ timeoutMs: settings.SHUTDOWN_TIMEOUT_MS }),
  ]);
  await closeDatabase();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
// Spawned by `npm start` (RUN_WORKERS=separate) over an IPC channel: stop when it is gone, even killed.
if (process.connected) process.on("disconnect", () => void shutdown("parent exited"));
