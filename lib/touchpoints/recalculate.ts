/**
 * Starts calculations: marks the touchpoints calculating (a first calculation leaves is_ready
 * false; a recalculation keeps serving the previous lists) and their strategies not ready, then
 * queues one job per touchpoint. Only live touchpoints (active, or not a draft) are calculated,
 * and the hourly recalculation of all takes the active ones only.
 */
import { db } from "@/lib/db/client";
import { getBoss } from "@/lib/jobs/boss";
import { JOBS } from "@/lib/jobs/names";
import { forgetServingState } from "@/lib/recommend/serving-state";
import { toRow, usingStrategy, WITH_STRATEGIES } from "@/lib/recommend/touchpoint-rows";

/**
 * A calculation job: one queued per touchpoint (singleton key), expired after 15 minutes. A
 * failure is recorded on the touchpoint (calculation_error) and ends the job instead of being
 * retried by the queue (lib/jobs/registry.ts), so that a retry asked for at once (saving the
 * touchpoint) is not held back by a queued retry; the hourly recalculation retries active
 * touchpoints. The queue's retries are for a worker that died or stopped mid-calculation (its
 * heartbeat, lib/jobs/boss.ts). lib/touchpoints/sweep-calculations.ts records the touchpoint
 * failed when no job is left to finish it (expired, lost, retries used up).
 */
export function calculationJob(touchpointId: string) {
  return { singletonKey: touchpointId, retryLimit: 2, expireInSeconds: 900 };
}

export function isLive(t: { is_active: boolean; is_draft: boolean }): boolean {
  return t.is_active || !t.is_draft;
}

export async function requestRecalculation(options: {
  touchpointId?: string;
  strategyId?: string;
  all?: boolean;
}): Promise<number> {
  const prisma = await db();
  const found = await prisma.touchpoint.findMany({
    where: {
      touchpoint_type: { not: "smart-search" },
      ...(options.touchpointId ? { touchpoint_id: options.touchpointId } : {}),
      ...(options.strategyId ? usingStrategy(options.strategyId) : {}),
    },
    include: WITH_STRATEGIES,
  });
  const touchpoints = found.map(toRow);
  // The hourly recalculation (all) keeps only active touchpoints fresh: a switched-off one is
  // not served, and is calculated again when it is switched on.
  const live = touchpoints.filter((t) => (options.all ? t.is_active : isLive(t)));
  if (live.length === 0) return 0;
  const boss = await getBoss();
  for (const t of live) {
    await prisma.$transaction([
      prisma.touchpoint.update({
        where: { touchpoint_id: t.touchpoint_id },
        data: { is_calculating: true, date_calculation_requested: new Date() },
      }),
      prisma.strategy.updateMany({
        where: { strategy_id: { in: [t.default_strategy, ...t.strategies] } },
        data: { is_ready: false },
      }),
    ]);
    forgetServingState(t.touchpoint_id);
    await boss.send(JOBS.calculateTouchpoint, { touchpointId: t.touchpoint_id }, calculationJob(t.touchpoint_id));
  }
  return live.length;
}
