/**
 * Personalisation of a campaign message (placeholders in ../placeholders.ts):
 *   {ph_customer.first_name}, {ph_customer.last_name}: the customer's fields as intake stored them;
 *   {ph_customer.vocative_name}: the customer's vocative_name when intake provides one (the shop
 *     knows its language's vocative forms: "Jano" for Jana), else the first name unchanged (no
 *     rule of a language is guessed, so a name is never mangled);
 *   {ph_product_1..5.name|url|price|image}: the customer's top five recommended products from the
 *     recommendation engine (DEFAULT_RECOMMENDATION_KIND, topped up with the best sellers), read
 *     from the items table: item_name, product_url, product_price with two decimals, main_image.
 *     A product the list does not have (a shop with fewer items) renders as empty text.
 * Filling is pure (fill, valuesFor); loading the facts for a batch of customers is one query for
 * the customers, one recommendation call and one query for the items.
 */
import { getDatabase } from "@/lib/db/client";
import { env } from "@/lib/env";
import { recommendedItems } from "@/lib/recommend/recommend-for-customers";

export const PRODUCTS_IN_MESSAGES = 5;

export interface PersonFacts {
  customer_id: string;
  first_name: string;
  last_name: string;
  vocative_name: string;
}

export interface ProductFacts {
  name: string;
  url: string;
  price: number;
  image: string;
}

export interface Personalisation {
  person: PersonFacts;
  products: ProductFacts[];
}

/** A customer deleted between preparation and delivery: placeholders render empty. */
export const NOBODY: Personalisation = {
  person: { customer_id: "", first_name: "", last_name: "", vocative_name: "" },
  products: [],
};

export function vocativeOf(person: Pick<PersonFacts, "first_name" | "vocative_name">): string {
  return person.vocative_name.trim() || person.first_name;
}

/** Every placeholder's value for one customer. */
export function valuesFor(p: Personalisation): Map<string, string> {
  const values = new Map<string, string>([
    ["{ph_customer.first_name}", p.person.first_name],
    ["{ph_customer.last_name}", p.person.last_name],
    ["{ph_customer.vocative_name}", vocativeOf(p.person)],
  ]);
  for (let n = 1; n <= PRODUCTS_IN_MESSAGES; n++) {
    const item = p.products[n - 1];
    values.set(`{ph_product_${n}.name}`, item?.name ?? "");
    values.set(`{ph_product_${n}.url}`, item?.url ?? "");
    values.set(`{ph_product_${n}.price}`, item ? item.price.toFixed(2) : "");
    values.set(`{ph_product_${n}.image}`, item?.image ?? "");
  }
  return values;
}

const PLACEHOLDER = /\{ph_[^{}\s]*\}/g;

/** The text with each known placeholder replaced (unknown ones cannot be saved; left as they are). */
export function fill(text: string, values: Map<string, string>): string {
  return text.replace(PLACEHOLDER, (name) => values.get(name) ?? name);
}

export function usesProducts(texts: readonly string[]): boolean {
  return texts.some((t) => t.includes("{ph_product_"));
}

/** The facts of a batch of customers; products only when asked for (a text uses them). */
export async function loadPersonalisation(
  customerIds: string[],
  withProducts: boolean,
): Promise<Map<string, Personalisation>> {
  const database = await getDatabase();
  const people = await database.sql.query<PersonFacts>(
    "SELECT customer_id, first_name, last_name, vocative_name FROM customers WHERE customer_id = ANY($1::text[])",
    [customerIds],
  );
  const lists = withProducts
    ? await recommendedItems(customerIds, PRODUCTS_IN_MESSAGES, env().DEFAULT_RECOMMENDATION_KIND)
    : new Map<string, string[]>();
  const itemIds = [...new Set([...lists.values()].flat())];
  const items = new Map<string, ProductFacts>();
  if (itemIds.length) {
    const rows = await database.sql.query<{
      item_id: string;
      item_name: string;
      product_url: string;
      product_price: number;
      main_image: string;
    }>("SELECT item_id, item_name, product_url, product_price, main_image FROM items WHERE item_id = ANY($1::text[])", [
      itemIds,
    ]);
    for (const r of rows) {
      items.set(r.item_id, {
        name: r.item_name,
        url: r.product_url,
        price: Number(r.product_price),
        image: r.main_image,
      });
    }
  }
  const out = new Map<string, Personalisation>();
  for (const person of people) {
    const products = (lists.get(person.customer_id) ?? []).flatMap((id) => items.get(id) ?? []);
    out.set(person.customer_id, { person, products });
  }
  return out;
}
