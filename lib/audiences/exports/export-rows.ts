/**
 * The rows of an export, a batch at a time: customers of the audience or segment in customer_id
 * order, read by key (never OFFSET, never the whole audience in memory), each batch with its
 * recommended products. The columns are spec 2.9's row; extended adds every other customer field
 * and each recommended product's name and price.
 */
import type { Database } from "@/lib/db/client";
import type { Customer } from "@/lib/db/generated/client";
import { env } from "@/lib/env";
import { formatNullableTimestamp } from "@/lib/http/timestamps";
import { recommendedItems } from "@/lib/recommend/recommend-for-customers";
import { customerRow, type Membership, PRODUCTS } from "../audience-customers";

export const BATCH = 1000;

type Cell = string | number | boolean | null;

const EXTRA_FIELDS = [
  "vocative_name",
  "country",
  "email_consent",
  "sms_consent",
  "viber_consent",
  "purchases_180d",
  "last_purchase_at",
  "date_created",
  "date_modified",
] as const;

export function exportColumns(extended: boolean): string[] {
  const base = Object.keys(customerRow({} as Customer, []));
  if (!extended) return base;
  const products = Array.from({ length: PRODUCTS }, (_, i) => [
    `product_${i + 1}_name`,
    `product_${i + 1}_price`,
  ]).flat();
  return [...base, ...EXTRA_FIELDS, ...products];
}

interface ItemFacts {
  item_name: string;
  product_price: number;
}

function extraCells(c: Customer, items: string[], facts: Map<string, ItemFacts>): Cell[] {
  const fields: Cell[] = EXTRA_FIELDS.map((f) => {
    const v = c[f];
    return v instanceof Date ? formatNullableTimestamp(v) : (v as Cell);
  });
  for (let i = 0; i < PRODUCTS; i++) {
    const fact = items[i] ? facts.get(items[i]!) : undefined;
    fields.push(fact?.item_name ?? null, fact?.product_price ?? null);
  }
  return fields;
}

/** database: where the export reads (the read replica when there is one: ./run-export.ts). */
export async function countRows(m: Membership, database: Database): Promise<number> {
  const rows = await database.sql.query<{ n: number }>(
    `SELECT COUNT(*)::int AS n FROM customers c WHERE ${m.where}`,
    m.params,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Batches of cells in exportColumns(extended) order. */
export async function* exportBatches(m: Membership, extended: boolean, database: Database): AsyncGenerator<Cell[][]> {
  const n = m.params.length;
  let after = "";
  for (;;) {
    const customers = await database.sql.query<Customer>(
      `SELECT c.* FROM customers c WHERE (${m.where}) AND c.customer_id > $${n + 1} ORDER BY c.customer_id LIMIT ${BATCH}`,
      [...m.params, after],
    );
    if (customers.length === 0) return;
    after = customers[customers.length - 1]!.customer_id;
    const products = await recommendedItems(
      customers.map((c) => c.customer_id),
      m.recommendations,
      env().DEFAULT_RECOMMENDATION_KIND,
    );
    const facts = extended ? await itemFacts([...new Set([...products.values()].flat())], database) : new Map();
    yield customers.map((c) => {
      const items = products.get(c.customer_id) ?? [];
      const base = Object.values(customerRow(c, items)) as Cell[];
      return extended ? [...base, ...extraCells(c, items, facts)] : base;
    });
    if (customers.length < BATCH) return;
  }
}

async function itemFacts(ids: string[], database: Database): Promise<Map<string, ItemFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await database.sql.query<ItemFacts & { item_id: string }>(
    "SELECT item_id, item_name, product_price FROM items WHERE item_id = ANY($1::text[])",
    [ids],
  );
  return new Map(rows.map((r) => [r.item_id, r]));
}
