/**
 * At server start: builds this process's search index in the background when a live
 * smart-search touchpoint exists, so the first shopper's search does not wait for it.
 */
import { db } from "@/lib/db/client";
import { log } from "@/lib/log";
import { getCatalog } from "./catalog-index";

export async function warmSearchIndex(): Promise<void> {
  try {
    const prisma = await db();
    const live = await prisma.touchpoint.count({ where: { touchpoint_type: "smart-search", is_active: true } });
    if (live > 0) await getCatalog();
  } catch (error) {
    log.warn("search index not built at start; it will be on the first search", { error });
  }
}
