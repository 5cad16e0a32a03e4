/** GET /data/items: catalog items by id or by name (the studio's thumbnails and pickers). */
import { z } from "zod";
import { db } from "@/lib/db/client";
import { listResponse, type TPagination, ZList } from "@/lib/http/pagination";

export const ZItemSummary = z.object({
  item_id: z.string(),
  item_name: z.string(),
  main_image: z.string(),
  product_price: z.number(),
  is_active: z.boolean(),
  stock: z.number().int().nullable(),
});
export const ZItemSummaryList = ZList("items", ZItemSummary);

export const ZListItemsQuery = z.object({
  item_ids: z
    .string()
    .max(20_000)
    .optional()
    .describe("Comma-separated item ids (at most 200): those items, in this order, unknown ones left out"),
  search: z.string().max(200).optional().describe("Part of the item's name or id"),
});

export async function listItems(query: z.infer<typeof ZListItemsQuery> & TPagination) {
  const prisma = await db();
  const select = {
    item_id: true,
    item_name: true,
    main_image: true,
    product_price: true,
    is_active: true,
    stock: true,
  } as const;
  if (query.item_ids !== undefined) {
    const ids = [
      ...new Set(
        query.item_ids
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ].slice(0, 200);
    const rows = await prisma.item.findMany({ where: { item_id: { in: ids } }, select });
    const byId = new Map(rows.map((r) => [r.item_id, r]));
    const ordered = ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    return listResponse("items", query, ordered.slice(query.offset, query.offset + query.limit), ordered.length);
  }
  const where = query.search
    ? {
        OR: [
          { item_name: { contains: query.search, mode: "insensitive" as const } },
          { item_id: { startsWith: query.search } },
        ],
      }
    : {};
  const [rows, count] = await Promise.all([
    prisma.item.findMany({ where, select, orderBy: { item_id: "asc" }, skip: query.offset, take: query.limit }),
    prisma.item.count({ where }),
  ]);
  return listResponse("items", query, rows, count);
}
