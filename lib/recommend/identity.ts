/**
 * Who the content is for (spec 4.3 rule 5): identity_value may be an item id (-> product_id),
 * "default" or an unknown customer (-> customer_id), or a known cookie (-> the cookie's customer,
 * whose id is returned as identity_value). identity_type, when given, is taken as the caller's word.
 * The in-memory index answers (./identity-index.ts), or one query before it is built.
 */
import { getDatabase } from "@/lib/db/client";
import { identityIndex } from "./identity-index";

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

/**
 * The three questions, each asked only when its answer decides: the in-memory index
 * (./identity-index.ts) answers them on the content route's hot path, one query's row otherwise.
 */
interface Lookup {
  isItem(value: string): boolean | undefined;
  /** The customer's segment ("" for none); null when the value is no customer. */
  customerSegment(value: string): string | null | undefined;
  /** A known cookie's customer and segment; null when the value is no known cookie. */
  cookieOwner(value: string): { customerId: string; segmentId: string } | null | undefined;
}

/** One query answers all three questions (before the index is built). */
async function facts(value: string): Promise<Lookup> {
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
  const f = rows[0]!;
  return {
    isItem: () => f.is_item,
    customerSegment: () => (f.is_customer ? (f.segment ?? "") : null),
    cookieOwner: () =>
      f.cookie_customer ? { customerId: f.cookie_customer, segmentId: f.cookie_segment ?? "" } : null,
  };
}

/** The identity without waiting, when the in-memory index can answer; else undefined. */
export function resolveIdentityNow(value: string | null, type: string | null): Identity | undefined {
  const v = (value ?? "").trim() || "default";
  if (v === "default") return { identity_type: "customer_id", identity_value: "default" };
  if (type === "product_id") return { identity_type: "product_id", identity_value: v, item_id: v };
  return identityIndex.ready() ? decide(v, type, identityIndex) : undefined;
}

export async function resolveIdentity(value: string | null, type: string | null): Promise<Identity> {
  const now = resolveIdentityNow(value, type);
  if (now) return now;
  const v = (value ?? "").trim() || "default";
  return decide(v, type, await facts(v));
}

/** Spec 4.3 rule 5 (see the top of this file). Module-level helpers: no closure made per request. */
function decide(v: string, type: string | null, known: Lookup): Identity {
  if (type === "customer_id") return customer(v, known.customerSegment(v));
  if (type === "cookie_id") return cookie(known.cookieOwner(v)) ?? { identity_type: "customer_id", identity_value: v };
  if (known.isItem(v)) return { identity_type: "product_id", identity_value: v, item_id: v };
  return cookie(known.cookieOwner(v)) ?? customer(v, known.customerSegment(v));
}

function customer(v: string, segment: string | null | undefined): Identity {
  return segment === null || segment === undefined
    ? { identity_type: "customer_id", identity_value: v }
    : { identity_type: "customer_id", identity_value: v, customer_id: v, segment_id: segment };
}

function cookie(owner: { customerId: string; segmentId: string } | null | undefined): Identity | undefined {
  return owner
    ? {
        identity_type: "customer_id",
        identity_value: owner.customerId,
        customer_id: owner.customerId,
        segment_id: owner.segmentId,
      }
    : undefined;
}
