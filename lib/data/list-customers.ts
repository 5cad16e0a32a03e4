/**
 * GET /data/customers: customers found by part of their id, name or e-mail, for pickers (the
 * preview's "show this customer's carousel"). An id typed whole comes first.
 */
import { z } from "zod";
import { db } from "@/lib/db/client";
import { listResponse, type TPagination, ZList } from "@/lib/http/pagination";
import { formatNullableTimestamp } from "@/lib/http/timestamps";

export const ZCustomerSummary = z.object({
  customer_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  city: z.string(),
  country: z.string(),
  segment_id: z.string(),
  purchases_180d: z.number().int(),
  last_purchase_at: z.string().nullable(),
  is_synthetic: z.boolean(),
});
export const ZCustomerList = ZList("customers", ZCustomerSummary);

export async function listCustomers(page: TPagination & { search?: string }) {
  const prisma = await db();
  const search = page.search?.trim();
  const where = search
    ? {
        OR: [
          { customer_id: { startsWith: search } },
          { first_name: { contains: search, mode: "insensitive" as const } },
          { last_name: { contains: search, mode: "insensitive" as const } },
          { email: { contains: search, mode: "insensitive" as const } },
        ],
      }
    : {};
  const [rows, count, exact] = await Promise.all([
    prisma.customer.findMany({
      where,
      orderBy: [{ purchases_180d: "desc" }, { customer_id: "asc" }],
      skip: page.offset,
      take: page.limit,
    }),
    prisma.customer.count({ where }),
    search && page.offset === 0 ? prisma.customer.findUnique({ where: { customer_id: search } }) : null,
  ]);
  const ordered = exact
    ? [exact, ...rows.filter((r) => r.customer_id !== exact.customer_id)].slice(0, page.limit)
    : rows;
  return listResponse(
    "customers",
    page,
    ordered.map((c) => ({
      customer_id: c.customer_id,
      first_name: c.first_name,
      last_name: c.last_name,
      email: c.email,
      city: c.city,
      country: c.country,
      segment_id: c.segment_id,
      purchases_180d: c.purchases_180d,
      last_purchase_at: formatNullableTimestamp(c.last_purchase_at),
      is_synthetic: c.is_synthetic,
    })),
    count,
  );
}
