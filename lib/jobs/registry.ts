/**
 * Job names and their handlers. A worker (worker threads on PGlite, `npm run worker` on PostgreSQL)
 * registers the handlers of the queues it takes (lib/jobs/pools.ts); producers only `send` by name.
 */
import type { PgBoss } from "pg-boss";
import { purgeExpiredExports } from "@/lib/audiences/exports/download";
import { runExport } from "@/lib/audiences/exports/run-export";
import { sendDueFallbacks } from "@/lib/campaigns/sending/fallback";
import { runDeliverJob, runPrepareJob } from "@/lib/campaigns/sending/jobs";
import { startDueCampaigns } from "@/lib/campaigns/sending/start-due";
import { loadDemo } from "@/lib/data/demo/load-demo";
import { maintainEventPartitions } from "@/lib/data/maintain-event-partitions";
import { refreshMovingWindow } from "@/lib/data/refresh-customer-aggregates";
import { getDatabase } from "@/lib/db/client";
import { env } from "@/lib/env";
import { beginActivity } from "@/lib/health/event-loop";
import { purgeExpiredKeys } from "@/lib/http/idempotency";
import { log } from "@/lib/log";
import { interruptOrphanedBuilds } from "@/lib/recommend/build-lease";
import {
  buildAndStoreModels,
  buildAnswering,
  rebuildDue,
  recoverInterruptedBuilds,
  requestModelBuild,
} from "@/lib/recommend/model-build";
import { updateModels } from "@/lib/recommend/model-update";
import { calculateTouchpoint, warmSearch } from "@/lib/touchpoints/calculate-touchpoint";
import { createDemoTouchpoints } from "@/lib/touchpoints/create-demo-touchpoints";
import { requestRecalculation } from "@/lib/touchpoints/recalculate";
import { sweepLostCalculations } from "@/lib/touchpoints/sweep-calculations";
import { getBoss, handBackOrphanedJobs, workQueue } from "./boss";
import { JOBS } from "./names";
import { allQueues, type QueueSelection } from "./pools";
import { recordTaken } from "./taken";

export { JOBS };

type Handler = (data: Record<string, unknown>) => Promise<void>;

export const HANDLERS: Record<string, Handler> = {
  [JOBS.refreshPurchaseWindow]: async () => {
    const database = await getDatabase();
    const count = await refreshMovingWindow({ sql: database.sql });
    log.info("refreshed 180-day purchase counts", { customers: count });
  },
  [JOBS.maintainEventPartitions]: () => maintainEventPartitions({}),
  [JOBS.loadDemo]: async () => {
    await loadDemo();
    if (!(await createDemoTouchpoints())) await requestRecalculation({ all: true });
  },
  [JOBS.calculateTouchpoint]: async (data) => {
    // A calculation that throws is recorded on the touchpoint (calculation_error) and ends its
    // job: saving the touchpoint retries it. The job's retries are for a worker that died
    // (SIGKILL, a stale heartbeat) or stopped (SIGTERM) while calculating.
    await calculateTouchpoint({ touchpointId: String(data.touchpointId) }).catch(() => {});
  },
  [JOBS.warmSearch]: (data) => warmSearch({ touchpointId: String(data.touchpointId) }),
  [JOBS.recalculateAll]: async () => {
    await requestRecalculation({ all: true });
  },
  [JOBS.purgeIdempotencyKeys]: async () => {
    const purged = await purgeExpiredKeys();
    if (purged) log.info("purged expired idempotency keys", { keys: purged });
  },
  // One build at a time across processes: a job that finds one under way waits for its result.
  [JOBS.buildModels]: async (data) => {
    const reason = String(data.reason ?? "scheduled");
    // A ready build that answers the request (lib/recommend/model-build.ts buildAnswering) makes it moot.
    const askedAt = typeof data.askedAt === "string" ? new Date(data.askedAt) : undefined;
    const covered = await buildAnswering({
      askedAt: askedAt && !Number.isNaN(askedAt.getTime()) ? askedAt : undefined,
      anyModel: data.anyModel === true,
    });
    if (covered) {
      log.info("model build not needed: a ready build answers it", { reason, built: covered });
      return;
    }
    await buildAndStoreModels({ reason });
  },
  [JOBS.checkModelEvents]: async () => {
    // A build whose process died is marked interrupted and queued again.
    if ((await recoverInterruptedBuilds()).length) return;
    const due = await rebuildDue();
    if (due) await requestModelBuild(due);
  },
  // Purchases since the build reach community and related within minutes (lib/recommend/model-update.ts).
  [JOBS.updateModels]: async () => {
    const outcome = await updateModels();
    if ("skipped" in outcome) log.debug("no incremental model update", { why: outcome.skipped });
  },
  [JOBS.exportAudience]: (data) => runExport(String(data.exportId)),
  [JOBS.purgeExports]: async () => {
    const purged = await purgeExpiredExports();
    if (purged) log.info("deleted the files of expired exports", { exports: purged });
  },
  [JOBS.prepareSend]: (data) => runPrepareJob(String(data.sendId)),
  [JOBS.deliverSend]: (data) => runDeliverJob(String(data.sendId)),
  [JOBS.startDueCampaigns]: async () => {
    await startDueCampaigns();
  },
  [JOBS.sendFallbacks]: async () => {
    const sent = await sendDueFallbacks();
    if (sent) log.info("viber_sms: SMS legs sent", { messages: sent });
  },
  [JOBS.sweepCalculations]: async () => {
    const lost = await sweepLostCalculations();
    if (lost.length) log.warn("calculations recorded as lost", { touchpoints: lost });
  },
};

/** Daily at 03:15: the 180-day window moves even when no events arrive. */
const SCHEDULES = (): { name: string; cron: string }[] => [
  { name: JOBS.refreshPurchaseWindow, cron: "15 3 * * *" },
  // The next months' events partitions, and retention (EVENT_RETENTION_MONTHS).
  { name: JOBS.maintainEventPartitions, cron: "45 3 * * *" },
  // Best-sellers and most-viewed windows move with time: recalculate live touchpoints hourly.
  { name: JOBS.recalculateAll, cron: "5 * * * *" },
  // A calculation whose job failed for good, expired or was lost stops being "calculating".
  { name: JOBS.sweepCalculations, cron: "*/5 * * * *" },
  // The recommendation models: rebuilt nightly (RECS_BUILD_CRON), and sooner when many events arrived.
  { name: JOBS.buildModels, cron: env().RECS_BUILD_CRON },
  { name: JOBS.checkModelEvents, cron: "*/10 * * * *" },
  // Incremental updates between builds (RECS_UPDATE_MINUTES; 0: none).
  ...(env().RECS_UPDATE_MINUTES ? [{ name: JOBS.updateModels, cron: `*/${env().RECS_UPDATE_MINUTES} * * * *` }] : []),
  // Export files go when their 6-minute link expires (a download after that deletes them too).
  { name: JOBS.purgeExports, cron: "* * * * *" },
  // Approved campaigns whose occurrence is due are started; stalled sends are queued again.
  { name: JOBS.startDueCampaigns, cron: "* * * * *" },
  // viber_sms: messages not delivered over Viber within their validity get their SMS leg.
  { name: JOBS.sendFallbacks, cron: "* * * * *" },
  // Idempotency keys are kept 24 hours.
  { name: JOBS.purgeIdempotencyKeys, cron: "35 * * * *" },
];

/**
 * Starts this process's (or thread's) workers for the queues of `queues` (default: every queue),
 * each taking `concurrency` jobs at a time unless the selection sets its own (lib/jobs/pools.ts),
 * and sets the schedules of those queues. `soleWorker`: no other process runs jobs on this database
 * (the process hosting the embedded one, before its other worker thread starts), so jobs found
 * running and model builds found building belong to a process that died: they are handed back
 * and marked interrupted at once.
 */
export async function startWorkers(options: {
  concurrency: number;
  soleWorker?: boolean;
  queues?: QueueSelection;
}): Promise<PgBoss> {
  const queues = options.queues ?? allQueues();
  recordTaken(queues.keys());
  const boss = await getBoss();
  if (options.soleWorker) {
    await handBackOrphanedJobs(boss);
    const interrupted = await interruptOrphanedBuilds(await getDatabase());
    if (interrupted.length) await requestModelBuild(`retry of the interrupted build ${interrupted.at(-1)}`);
  }
  for (const [name, handler] of Object.entries(HANDLERS)) {
    if (!queues.has(name)) continue;
    const concurrency = queues.get(name) ?? options.concurrency;
    await workQueue(boss, name, { concurrency, pollSeconds: env().JOB_POLL_SECONDS }, async (data) => {
      const end = beginActivity(`job ${name}`);
      try {
        await handler(data);
      } finally {
        end();
      }
    });
  }
  for (const s of SCHEDULES()) if (queues.has(s.name)) await boss.schedule(s.name, s.cron);
  if (queues.has(JOBS.sweepCalculations)) await boss.send(JOBS.sweepCalculations, {});
  // A build left by a process that died (a restart after a crash) is retried now, not at the next check.
  if (queues.has(JOBS.checkModelEvents)) await boss.send(JOBS.checkModelEvents, {});
  return boss;
}
