/**
 * npm run worker: a job worker process for PostgreSQL deployments (run as many as needed).
 * On PGlite the web process runs the workers itself: only one process may open its data directory.
 */
import { startInboundMail } from "@/lib/campaigns/suppressions/start-inbound";
import { closeDatabase } from "@/lib/db/client";
import { databaseReady } from "@/lib/db/ready";
import { env } from "@/lib/env";
import { stopBoss } from "@/lib/jobs/boss";
import { startWorkers } from "@/lib/jobs/registry";
import { log } from "@/lib/log";

const settings = env();
if (!settings.DATABASE_URL) {
  console.error("npm run worker needs DATABASE_URL (PostgreSQL). On PGlite, `npm start` runs the workers in-process.");
  process.exit(2);
}
await databaseReady();
await startWorkers({ concurrency: settings.WORKER_CONCURRENCY });
// Bounces and complaints (DSN, ARF) over SMTP, when INBOUND_SMTP_PORT is set.
const inbound = await startInboundMail();
log.info("worker started", { concurrency: settings.WORKER_CONCURRENCY });

async function shutdown(signal: string) {
  log.info("worker stopping", { signal });
  await inbound?.close();
  // Running jobs get SHUTDOWN_TIMEOUT_MS; those still running then go back to the queue as retries.
  await stopBoss({ timeoutMs: settings.SHUTDOWN_TIMEOUT_MS });
  await closeDatabase();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
