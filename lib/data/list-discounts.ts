/** GET /data/discounts: the leaflets' discounts, for pickers (wheel-of-fortune strategies). */
import { z } from "zod";
import { db } from "@/lib/db/client";
import { listResponse, type TPagination, ZList } from "@/lib/http/pagination";
import { formatNullableTimestamp } from "@/lib/http/timestamps";

export const ZDiscount = z.object({
  discount_id: z.string(),
  discount_name: z.string(),
  leaflet_id: z.string(),
  item_ids: z.array(z.string()),
  discount_percent: z.number(),
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  is_valid_now: z.boolean(),
});
export const ZDiscountList = ZList("discounts", ZDiscount);

export async function listDiscounts(page: TPagination & { leaflet_id?: string; search?: string }) {
  const prisma = await db();
  const where = {
    ...(page.leaflet_id ? { leaflet_id: page.leaflet_id } : {}),
    ...(page.search
      ? {
          OR: [
            { discount_id: { contains: page.search, mode: "insensitive" as const } },
            { discount_name: { contains: page.search, mode: "insensitive" as const } },
          ],
        }
      : {}),
  };
  const now = new Date();
  const [rows, count] = await Promise.all([
    prisma.discount.findMany({ where, orderBy: { discount_id: "asc" }, skip: page.offset, take: page.limit }),
    prisma.discount.count({ where }),
  ]);
  return listResponse(
    "discounts",
    page,
    rows.map((d) => ({
      discount_id: d.discount_id,
      discount_name: d.discount_name,
      leaflet_id: d.leaflet_id,
      item_ids: d.item_ids,
      discount_percent: d.discount_percent,
      valid_from: formatNullableTimestamp(d.valid_from),
      valid_to: formatNullableTimestamp(d.valid_to),
      is_valid_now: (!d.valid_from || d.valid_from <= now) && (!d.valid_to || d.valid_to >= now),
    })),
    count,
  );
}
