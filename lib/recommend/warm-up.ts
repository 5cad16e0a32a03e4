/**
 * From server start: what the first content requests of live touchpoints need is loaded in the
 * background, so that no shopper's first page waits for it, or gets the fallback while the models
 * load: each live, ready carousel's or wheel's serving state (a learned touchpoint's keeps every
 * eligible item: about 1.4 s at 100,000 items), and the models when one of them has learned rules
 * (serveModels, as that touchpoint's first request would; a process that serves none loads none).
 * A touchpoint put live later loads on its first request, as before.
 */
import { db } from "@/lib/db/client";
import { log } from "@/lib/log";
import { serveModels } from "./model-store";
import { servingState } from "./serving-state";

/** Loads the live touchpoints' serving states (one at a time); returns the ids loaded. */
export async function warmServing(): Promise<string[]> {
  const warmed: string[] = [];
  try {
    const prisma = await db();
    const live = await prisma.touchpoint.findMany({
      where: { is_active: true, is_ready: true, touchpoint_type: { not: "smart-search" } },
      select: { touchpoint_id: true },
      orderBy: { touchpoint_id: "asc" },
    });
    for (const { touchpoint_id } of live) {
      const state = await servingState(touchpoint_id);
      if (state.allItems) serveModels();
      warmed.push(touchpoint_id);
    }
  } catch (error) {
    log.warn("touchpoints not loaded in advance; each loads on its first request", { error });
  }
  return warmed;
}
