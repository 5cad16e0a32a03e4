/**
 * The item lists a CSV import merges into the stored ones instead of replacing them: attributes by
 * name, categories by level, descriptions by language. A CSV's `attribute_color` column sets the
 * colour and leaves the other attributes as they are; a blank cell sends nothing, so the stored
 * value stays (lib/data/csv-record.ts). Pure functions.
 */

/** The list fields of an item and the key that names an entry of each. */
export const ITEM_LIST_KEYS = {
  attributes: "attribute_name",
  categories: "category_level",
  descriptions: "description_language",
} as const;
export type ItemListField = keyof typeof ITEM_LIST_KEYS;
export const ITEM_LIST_FIELDS = Object.keys(ITEM_LIST_KEYS) as ItemListField[];

const keyOf = (entry: unknown, key: string): unknown =>
  entry !== null && typeof entry === "object" ? (entry as Record<string, unknown>)[key] : undefined;

/**
 * The stored list with the patch merged in: the entries of a key the patch names are replaced by
 * the patch's entries of that key (where the first of them stood), the others stay in their
 * order, and entries of keys new to the list are added at the end in the patch's order.
 */
export function mergeList(stored: unknown, patch: unknown[], key: string): unknown[] {
  const current = Array.isArray(stored) ? stored : [];
  const byKey = new Map<unknown, unknown[]>();
  for (const entry of patch) {
    const k = keyOf(entry, key);
    const list = byKey.get(k);
    if (list) list.push(entry);
    else byKey.set(k, [entry]);
  }
  const out: unknown[] = [];
  const placed = new Set<unknown>();
  for (const entry of current) {
    const k = keyOf(entry, key);
    const replacement = byKey.get(k);
    if (!replacement) out.push(entry);
    else if (!placed.has(k)) {
      out.push(...replacement);
      placed.add(k);
    }
  }
  for (const [k, entries] of byKey) if (!placed.has(k)) out.push(...entries);
  return out;
}
