/**
 * From server start: builds this process's search index in the background as soon as a
 * smart-search touchpoint exists, live or still in the studio's preview (looking every
 * WARM_CHECK_MS until then), so no shopper's or marketer's first search waits for it. The
 * touchpoint's calculation job runs in a worker (the job worker thread on the embedded database, a
 * worker process on PostgreSQL) and builds that worker's index, not this one.
 */
import { db } from "@/lib/db/client";
import { log } from "@/lib/log";
import { getCatalog } from "./catalog-index";

export const WARM_CHECK_MS = 30_000;

export async function warmSearchIndex(): Promise<void> {
  try {
    const prisma = await db();
    const searchBars = await prisma.touchpoint.count({ where: { touchpoint_type: "smart-search" } });
    if (searchBars > 0) {
      await getCatalog();
      return;
    }
  } catch (error) {
    log.warn("search index not built in advance; it will be on the first search", { error });
  }
  setTimeout(() => void warmSearchIndex(), WARM_CHECK_MS).unref();
}
