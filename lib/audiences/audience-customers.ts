/**
 * GET /customer-studio/audiences/<audience_or_segment_id>/customers: the customers of an audience
 * (a static one's stored members, a dynamic one's filters now) or of a segment (all_customers:
 * everyone), as spec 2.9's rows, with product_1 to product_10 from the recommendation engine.
 */
import { z } from "zod";
import { ALL_CUSTOMERS } from "@/lib/data/segments";
import { getDatabase } from "@/lib/db/client";
import type { Customer } from "@/lib/db/generated/client";
import { guardedQuery } from "@/lib/db/guarded-query";
import { readDatabase } from "@/lib/db/replica";
import { env } from "@/lib/env";
import { notFound } from "@/lib/http/errors";
import { listResponse, type TPagination, ZList } from "@/lib/http/pagination";
import { recommendedItems } from "@/lib/recommend/recommend-for-customers";
import { findAudience } from "./audiences";
import { compileFunnel } from "./compile";
import type { TAudience, TFilterGroupInput } from "./schemas";

export const PRODUCTS = 10;

export const ZCustomerRow = z.object({
  customer_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone_number: z.string().nullable(),
  email: z.string().nullable(),
  gender: z.string(),
  age: z.number().int().nullable(),
  city: z.string(),
  segment_id: z.string(),
  segment_name: z.string(),
  clv_value: z.number(),
  ...Object.fromEntries(Array.from({ length: PRODUCTS }, (_, i) => [`product_${i + 1}`, z.string().nullable()])),
});
export const ZCustomerRows = ZList("customers", ZCustomerRow);

export interface Membership {
  where: string;
  params: unknown[];
  recommendations: number;
  /** The audience's name, or the segment's. */
  name: string;
}

/** Who is in an audience or segment: a SQL condition on customers c with its parameters. */
export async function membership(id: string): Promise<Membership> {
  if (id === ALL_CUSTOMERS) return { where: "TRUE", params: [], recommendations: PRODUCTS, name: "All customers" };
  const database = await getDatabase();
  if (id.startsWith("audience-id-")) {
    const audience = await findAudience(id).catch(() => undefined);
    if (audience) {
      const recommendations =
        (audience.recommendations_export as TAudience["recommendations_export"]).number_of_recommendations ?? PRODUCTS;
      if (audience.status === "created" && !audience.is_dynamic) {
        return {
          where: "EXISTS (SELECT 1 FROM audience_members m WHERE m.audience_id = $1 AND m.customer_id = c.customer_id)",
          params: [id],
          recommendations,
          name: audience.audience_name,
        };
      }
      const compiled = compileFunnel(audience.filters as TFilterGroupInput[]);
      return { where: compiled.where, params: compiled.params, recommendations, name: audience.audience_name };
    }
  }
  const known = await database.sql.query<{ segment_name: string }>(
    "SELECT segment_name FROM customers WHERE segment_id = $1 LIMIT 1",
    [id],
  );
  if (known.length === 0) throw notFound(`No audience or segment has id ${id}.`);
  return { where: "c.segment_id = $1", params: [id], recommendations: PRODUCTS, name: known[0]!.segment_name || id };
}

export async function audienceCustomers(id: string, page: TPagination) {
  const m = await membership(id);
  const database = await readDatabase("audience customers");
  const n = m.params.length;
  // One guarded transaction (a deadline for both statements): the filters are the caller's.
  const [rows, count] = await guardedQuery(
    async (sql) => [
      await sql.query<Customer>(
        `SELECT c.* FROM customers c WHERE ${m.where} ORDER BY c.customer_id LIMIT $${n + 1} OFFSET $${n + 2}`,
        [...m.params, page.limit, page.offset],
      ),
      await sql.query<{ n: number }>(`SELECT COUNT(*)::int AS n FROM customers c WHERE ${m.where}`, m.params),
    ],
    { database, label: "audience customers" },
  );
  const products = await recommendedItems(
    rows.map((r) => r.customer_id),
    m.recommendations,
    env().DEFAULT_RECOMMENDATION_KIND,
  );
  return listResponse(
    "customers",
    page,
    rows.map((c) => customerRow(c, products.get(c.customer_id) ?? [])),
    Number(count[0]?.n ?? 0),
  );
}

/** Spec 2.9's row of one customer with its recommended items (null beyond the list). */
export function customerRow(c: Customer, items: string[]) {
  return {
    customer_id: c.customer_id,
    first_name: c.first_name,
    last_name: c.last_name,
    phone_number: c.phone_number,
    email: c.email,
    gender: c.gender,
    age: c.age,
    city: c.city,
    segment_id: c.segment_id,
    segment_name: c.segment_name,
    clv_value: Math.round(c.clv_value * 100) / 100,
    ...Object.fromEntries(Array.from({ length: PRODUCTS }, (_, i) => [`product_${i + 1}`, items[i] ?? null])),
  };
}
