/** Segments: each customer's segment_id/segment_name, plus all_customers holding everyone. */
import { z } from "zod";
import { db } from "@/lib/db/client";
import { listResponse, type TPagination, ZList } from "@/lib/http/pagination";

export const ALL_CUSTOMERS = "all_customers";

export const ZSegment = z.object({
  segment_id: z.string(),
  segment_name: z.string(),
  customer_count: z.number().int(),
});
export type TSegment = z.infer<typeof ZSegment>;
export const ZSegmentList = ZList("segments", ZSegment);

export async function listSegments(page: TPagination) {
  const prisma = await db();
  const groups = await prisma.customer.groupBy({
    by: ["segment_id"],
    where: { segment_id: { not: "" } },
    _count: { _all: true },
    _max: { segment_name: true },
    orderBy: { segment_id: "asc" },
  });
  const total = await prisma.customer.count();
  const all: TSegment[] = [
    { segment_id: ALL_CUSTOMERS, segment_name: "All customers", customer_count: total },
    ...groups.map((g) => ({
      segment_id: g.segment_id,
      segment_name: g._max.segment_name ?? g.segment_id,
      customer_count: g._count._all,
    })),
  ];
  return listResponse("segments", page, all.slice(page.offset, page.offset + page.limit), all.length);
}

/** Customers in any of the segments (all_customers: everyone). Unknown ids count 0. */
export async function countSegmentCustomers(segmentIds: string[]): Promise<number> {
  const prisma = await db();
  if (segmentIds.includes(ALL_CUSTOMERS)) return prisma.customer.count();
  if (segmentIds.length === 0) return 0;
  return prisma.customer.count({ where: { segment_id: { in: segmentIds } } });
}
