/**
 * Who the content is for (spec 4.3 rule 5): identity_value may be an item id (-> product_id),
 * "default" or an unknown customer (-> customer_id), or a known cookie (-> the cookie's customer,
 * whose id is returned as identity_value). identity_type, when given, is taken as the caller's word.
 * One query answers all three questions.
 */
import { getDatabase } from "@/lib/db/client";
import { identityFacts } from "./identity-index";

export interface Identity {
  identity_type: "customer_id" | "product_id" | "cookie_id";
  identity_value: string;
  /** The customer, when one is known. */
  customer_id?: string;
  segment_id?: string;
  /** The item, for product identities. */
  item_id?: string;
}

interface Facts {
  is_item: boolean;
  segment: string | null;
  is_customer: boolean;
  cookie_customer: string | null;
  cookie_segment: string | null;
}

/** From the in-memory index when it is built (./identity-index.ts), else one query. */
async function facts(value: string): Promise<Facts> {
  const known = identityFacts(value);
  if (known) return fromIndex(known);
  const prisma = (await getDatabase()).prisma;
  const rows = await prisma.$queryRawUnsafe<Facts[]>(
    `SELECT EXISTS (SELECT 1 FROM items WHERE item_id = $1) AS is_item,
            c.segment_id AS segment, c.customer_id IS NOT NULL AS is_customer,
            cc.customer_id AS cookie_customer, cs.segment_id AS cookie_segment
     FROM (SELECT 1) AS one
     LEFT JOIN customers c ON c.customer_id = $1
     LEFT JOIN customer_cookies cc ON cc.cookie_id = $1
     LEFT JOIN customers cs ON cs.customer_id = cc.customer_id`,
    value,
  );
  return rows[0]!;
}

/** The identity without waiting, when the in-memory index can answer; else undefined. */
export function resolveIdentityNow(value: string | null, type: string | null): Identity | undefined {
  const v = (value ?? "").trim() || "default";
  if (v === "default") return { identity_type: "customer_id", identity_value: "default" };
  if (type === "product_id") return { identity_type: "product_id", identity_value: v, item_id: v };
  const known = identityFacts(v);
  return known ? decide(v, type, fromIndex(known)) : undefined;
}

export async function resolveIdentity(value: string | null, type: string | null): Promise<Identity> {
  const now = resolveIdentityNow(value, type);
  if (now) return now;
  const v = (value ?? "").trim() || "default";
  return decide(v, type, await facts(v));
}

function fromIndex(known: NonNullable<ReturnType<typeof identityFacts>>): Facts {
  return {
    is_item: known.is_item,
    is_customer: known.is_customer,
    segment: known.segment_id,
    cookie_customer: known.cookie_customer ?? null,
    cookie_segment: known.cookie_segment ?? null,
  };
}

function decide(v: string, type: string | null, f: Facts): Identity {
  const customer = (): Identity => ({
    identity_type: "customer_id",
    identity_value: v,
    ...(f.is_customer ? { customer_id: v, segment_id: f.segment ?? "" } : {}),
  });
  const cookie = (): Identity | undefined =>
    f.cookie_customer
      ? {
          identity_type: "customer_id",
          identity_value: f.cookie_customer,
          customer_id: f.cookie_customer,
          segment_id: f.cookie_segment ?? "",
        }
      : undefined;
  if (type === "customer_id") return customer();
  if (type === "cookie_id") return cookie() ?? { identity_type: "customer_id", identity_value: v };
  if (f.is_item) return { identity_type: "product_id", identity_value: v, item_id: v };
  return cookie() ?? customer();
}
