/** Counts for the Data page and GET /data/overview. */
import { z } from "zod";
import { db } from "@/lib/db/client";
import { getDemoProgress, ZDemoProgress } from "./demo-progress";
import { listImportRuns, ZImportRun } from "./import-runs";
import { EVENTS_COUNT_KEY } from "./ingest-batch";

export const ZDataOverview = z.object({
  items: z.number().int(),
  active_items: z.number().int(),
  customers: z.number().int(),
  events: z.number().int(),
  segments: z.number().int().describe("Distinct segments, all_customers included"),
  discounts: z.number().int(),
  last_imports: z.array(ZImportRun),
  demo: ZDemoProgress.nullable(),
});
export type TDataOverview = z.infer<typeof ZDataOverview>;

export async function getDataOverview(): Promise<TDataOverview> {
  const prisma = await db();
  const [items, active_items, customers, events, segmentRows, discounts, last_imports, demo] = await Promise.all([
    prisma.item.count(),
    prisma.item.count({ where: { is_active: true } }),
    prisma.customer.count(),
    eventsCount(),
    prisma.customer.groupBy({ by: ["segment_id"], where: { segment_id: { not: "" } } }),
    prisma.discount.count(),
    listImportRuns(10),
    getDemoProgress(),
  ]);
  return { items, active_items, customers, events, segments: segmentRows.length + 1, discounts, last_imports, demo };
}

/** Exact, from the counter intake keeps (lib/data/ingest-batch.ts); a real count when none yet. */
async function eventsCount(): Promise<number> {
  const prisma = await db();
  const row = await prisma.systemState.findUnique({ where: { key: EVENTS_COUNT_KEY } });
  return row ? Number(row.value) : prisma.event.count();
}
