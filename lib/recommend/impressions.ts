/**
 * Impressions of served content, counted in memory and written every few seconds (one upsert per
 * touchpoint and day), so the hot content route does no extra write per request. The counts are
 * process-wide (every copy of this module adds to them) and written at shutdown too.
 */
import { db } from "@/lib/db/client";
import { log } from "@/lib/log";
import { processWide } from "@/lib/process-wide";

const state = processWide("recommend.impressions", () => ({
  pending: new Map<string, number>(),
  timer: undefined as NodeJS.Timeout | undefined,
}));

export function recordImpression(touchpointId: string): void {
  const { pending } = state;
  pending.set(touchpointId, (pending.get(touchpointId) ?? 0) + 1);
  state.timer ??= setTimeout(() => void flushImpressions(), 5000);
  state.timer.unref?.();
}

export async function flushImpressions(): Promise<void> {
  const { pending } = state;
  clearTimeout(state.timer);
  state.timer = undefined;
  if (pending.size === 0) return;
  const batch = [...pending.entries()];
  pending.clear();
  const day = new Date().toISOString().slice(0, 10);
  const prisma = await db();
  for (const [touchpoint_id, n] of batch) {
    try {
      // A touchpoint deleted since it served has no impressions left to count (foreign key).
      await prisma.$executeRawUnsafe(
        `INSERT INTO touchpoint_impressions (touchpoint_id, day, impressions)
         SELECT $1, $2::date, $3 WHERE EXISTS (SELECT 1 FROM touchpoints WHERE touchpoint_id = $1)
         ON CONFLICT (touchpoint_id, day) DO UPDATE SET impressions = touchpoint_impressions.impressions + EXCLUDED.impressions`,
        touchpoint_id,
        day,
        n,
      );
    } catch (error) {
      log.warn("could not write impressions", { touchpoint_id, error });
    }
  }
}
