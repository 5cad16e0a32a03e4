/** What the catalog models read of an item (an items row or an intake record). */
import type { ItemFacts } from "./content";

interface ItemLike {
  item_name?: string;
  product_price?: number | null;
  descriptions?: unknown;
  categories?: unknown;
  attributes?: unknown;
}

const list = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? (v as Record<string, unknown>[]) : []);

export function itemFacts(item: ItemLike): ItemFacts {
  const categories: string[] = [];
  for (const c of list(item.categories)) {
    const level = Number(String(c.category_level ?? "").replace("category_level_", ""));
    if (Number.isInteger(level) && level >= 0 && level < 5 && c.category_name)
      categories[level] = String(c.category_name);
  }
  // A path stops at its first missing level.
  const path: string[] = [];
  for (const name of categories) {
    if (name === undefined) break;
    path.push(name);
  }
  return {
    name: item.item_name ?? "",
    text: list(item.descriptions)
      .map((d) => String(d.description_value ?? ""))
      .join(" ")
      .slice(0, 2000),
    categories: path,
    attributes: list(item.attributes)
      .filter((a) => a.attribute_name && a.attribute_value !== undefined && a.attribute_value !== "")
      .map((a) => `${String(a.attribute_name)}=${String(a.attribute_value).toLowerCase()}`),
    price: Number(item.product_price ?? 0) || 0,
  };
}

/** An item the models know only by id (not in the catalog any more). */
export const NO_FACTS: ItemFacts = { name: "", text: "", categories: [], attributes: [], price: 0 };
