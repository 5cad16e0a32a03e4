/**
 * Impressions of served content, counted in memory and written every few seconds (one upsert per
 * touchpoint and day), so the hot content route does no extra write per request.
 */
import { db } from "@/lib/db/client";
import { log } from "@/lib/log";

const pending = new Map<string, number>();
let timer: NodeJS.Timeout | undefined;

export function recordImpression(touchpointId: string): void {
  pending.set(touchpointId, (pending.get(touchpointId) ?? 0) + 1);
  timer ??= setTimeout(() => void flushImpressions(), 5000);
  timer.unref?.();
}

export async function flushImpressions(): Promise<void> {
  timer = undefined;
  if (pending.size === 0) return;
  const batch = [...pending.entries()];
  pending.clear();
  const day = new Date().toISOString().slice(0, 10);
  try {
    const prisma = await db();
    for (const [touchpoint_id, n] of batch) {
      await prisma.$executeRawUnsafe(
        `INSERT INTO touchpoint_impressions (touchpoint_id, day, impressions) VALUES ($1, $2::date, $3)
         ON CONFLICT (touchpoint_id, day) DO UPDATE SET impressions = touchpoint_impressions.impressions + EXCLUDED.impressions`,
        touchpoint_id,
        day,
        n,
      );
    }
  } catch (error) {
    log.warn("could not write impressions", { error });
  }
}
