/**
 * Who the content is for (spec 4.3 rule 5): identity_value may be an item id (-> product_id),
 * "default" or an unknown customer (-> customer_id), or a known cookie (-> the cookie's customer,
 * whose id is returned as identity_value). identity_type, when given, is taken as the caller's word.
 */
import { db } from "@/lib/db/client";

export interface Identity {
  identity_type: "customer_id" | "product_id" | "cookie_id";
  identity_value: string;
  /** The customer, when one is known. */
  customer_id?: string;
  segment_id?: string;
  /** The item, for product identities. */
  item_id?: string;
}

export async function resolveIdentity(value: string | null, type: string | null): Promise<Identity> {
  const v = (value ?? "").trim() || "default";
  const prisma = await db();
  if (v === "default") return { identity_type: "customer_id", identity_value: "default" };
  const asCustomer = async (id: string): Promise<Identity> => {
    const c = await prisma.customer.findUnique({ where: { customer_id: id }, select: { segment_id: true } });
    return {
      identity_type: "customer_id",
      identity_value: id,
      ...(c ? { customer_id: id, segment_id: c.segment_id } : {}),
    };
  };
  const asCookie = async (): Promise<Identity | undefined> => {
    const cookie = await prisma.customerCookie.findUnique({ where: { cookie_id: v } });
    return cookie ? asCustomer(cookie.customer_id) : undefined;
  };
  if (type === "product_id") return { identity_type: "product_id", identity_value: v, item_id: v };
  if (type === "customer_id") return asCustomer(v);
  if (type === "cookie_id") return (await asCookie()) ?? { identity_type: "customer_id", identity_value: v };
  if (await prisma.item.findUnique({ where: { item_id: v }, select: { item_id: true } })) {
    return { identity_type: "product_id", identity_value: v, item_id: v };
  }
  return (await asCookie()) ?? asCustomer(v);
}
