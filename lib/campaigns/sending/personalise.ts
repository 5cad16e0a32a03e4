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
 * Which products a group shows (productsOf, from its is_personalized and recommended_products):
 *   is_personalized (the default): the group's recommended_products first, in their order, then
 *     the customer's own recommendations (ten are loaded, so five remain after five pinned ones);
 *   not personalised: the same products for every recipient: recommended_products, then the
 *     shop's best sellers (the engine's fallback list), never the customer's own.
 *   A recommended product deleted since the campaign was saved is left out (the next one moves up).
 * Filling is pure (fill, valuesFor); loading the facts for a batch of customers is one query for
 * the customers, one recommendation call and one query for the items.
 */
import { getDatabase } from "@/lib/db/client";
import { env } from "@/lib/env";
import { recommendedItems } from "@/lib/recommend/recommend-for-customers";

export const PRODUCTS_IN_MESSAGES = 5;
/** A customer's own recommendations loaded: enough to fill five after five pinned products. */
export const PRODUCTS_LOADED = PRODUCTS_IN_MESSAGES * 2;

export interface PersonFacts {
  customer_id: string;
  first_name: string;
  last_name: string;
  vocative_name: string;
}

export interface ProductFacts {
  item_id: string;
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
    ? await recommendedItems(customerIds, PRODUCTS_LOADED, env().DEFAULT_RECOMMENDATION_KIND)
    : new Map<string, string[]>();
  const items = await productFacts([...new Set([...lists.values()].flat())]);
  const out = new Map<string, Personalisation>();
  for (const person of people) {
    const products = (lists.get(person.customer_id) ?? []).flatMap((id) => items.get(id) ?? []);
    out.set(person.customer_id, { person, products });
  }
  return out;
}

/** The facts of items by id (those that exist). */
export async function productFacts(itemIds: string[]): Promise<Map<string, ProductFacts>> {
  const items = new Map<string, ProductFacts>();
  if (itemIds.length === 0) return items;
  const database = await getDatabase();
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
      item_id: r.item_id,
      name: r.item_name,
      url: r.product_url,
      price: Number(r.product_price),
      image: r.main_image,
    });
  }
  return items;
}

/** A group's choice of products (its is_personalized and recommended_products). */
export interface ProductChoice {
  is_personalized: boolean;
  recommended_products: string[];
}

/** What a group's messages share: its recommended products and (not personalised) the best sellers. */
export interface SharedProducts {
  pinned: ProductFacts[];
  popular: ProductFacts[];
}

/** No customer has this id: the engine answers it with the best sellers only. */
const NO_CUSTOMER = "\u0000best-sellers";

/** Loads what a group's messages share (one query, and the best sellers when not personalised). */
export async function sharedProducts(choice: ProductChoice): Promise<SharedProducts> {
  const popularIds = choice.is_personalized
    ? []
    : ((await recommendedItems([NO_CUSTOMER], PRODUCTS_LOADED, env().DEFAULT_RECOMMENDATION_KIND)).get(NO_CUSTOMER) ??
      []);
  const facts = await productFacts([...new Set([...choice.recommended_products, ...popularIds])]);
  const of = (ids: string[]) => ids.flatMap((id) => facts.get(id) ?? []);
  return { pinned: of(choice.recommended_products), popular: of(popularIds) };
}

/** The products one recipient's message shows (see the header). */
export function productsOf(choice: ProductChoice, own: ProductFacts[], shared: SharedProducts): ProductFacts[] {
  const out: ProductFacts[] = [];
  const seen = new Set<string>();
  for (const p of [...shared.pinned, ...(choice.is_personalized ? own : shared.popular)]) {
    if (out.length === PRODUCTS_IN_MESSAGES) break;
    if (seen.has(p.item_id)) continue;
    seen.add(p.item_id);
    out.push(p);
  }
  return out;
}
