/**
 * A job worker process for tests/integration/crash-recovery.test.ts (started through
 * ./children.ts), run as the service runs its workers: with DATA_DIR it hosts the embedded
 * database and runs the workers in their own thread, as `npm start` does on PGlite
 * (lib/jobs/thread); with DATABASE_URL it is a worker process, as `npm run worker` is. Prints
 * "started" once the workers take jobs; the test kills it (SIGKILL) mid-job or stops it (SIGTERM).
 * WORKER_QUEUES limits the queues (lib/jobs/pools.ts) on either database.
 * Usage: tsx tests/integration/support/crash-worker.ts (settings from the environment)
 */
import { closeDatabase } from "@/lib/db/client";
import { databaseReady } from "@/lib/db/ready";
import { env } from "@/lib/env";
import { stopBoss } from "@/lib/jobs/boss";
import { parseQueueSelection } from "@/lib/jobs/pools";
import { startWorkers } from "@/lib/jobs/registry";
import { startWorkerThreads, type WorkerThread } from "@/lib/jobs/thread/start-thread";
import { endWithParent } from "./end-with-parent";

endWithParent();
const database = await databaseReady();
let thread: WorkerThread | undefined;
if (database.embedded) thread = await startWorkerThreads({ concurrency: 2, soleWorker: true });
else await startWorkers({ concurrency: 2, queues: parseQueueSelection(env().WORKER_QUEUES, "WORKER_QUEUES") });
process.stdout.write("started\n");

// SIGTERM as the service and `npm run worker` handle it: running jobs get SHUTDOWN_TIMEOUT_MS,
// then go back to the queue.
process.on("SIGTERM", async () => {
  const timeoutMs = env().SHUTDOWN_TIMEOUT_MS;
  await thread?.stop({ timeoutMs });
  await stopBoss({ timeoutMs });
  await closeDatabase();
  process.stdout.write("stopped\n");
  process.exit(0);
});
