/**
 * The item fields (spec 2.5) by name: whether a merchandise rule may compare one (as text or as a
 * number), and where it is answered (the carousel's item; smart-search results by filter_columns).
 * Plain data, safe for the browser (the rule builder reads it); lib/data/item-fields.ts completes
 * each with its intake check, storage and reader, and every list of item fields derives from both.
 */
export interface ItemColumn {
  filter?: "text" | "number";
  content: boolean;
  search: boolean;
}

const ANSWERED = { content: true, search: true };

export const ITEM_COLUMNS = {
  item_id: { filter: "text", ...ANSWERED },
  item_name: { filter: "text", ...ANSWERED },
  alternative_id: { filter: "text", ...ANSWERED },
  alternative_name: { filter: "text", ...ANSWERED },
  simple_name: { filter: "text", ...ANSWERED },
  is_active: { ...ANSWERED },
  stock: { filter: "number", content: false, search: false },
  product_url: { filter: "text", ...ANSWERED },
  product_price: { filter: "number", ...ANSWERED },
  original_price: { filter: "number", ...ANSWERED },
  currency: { filter: "text", ...ANSWERED },
  main_image: { ...ANSWERED },
  images: { ...ANSWERED },
  date_added: { content: false, search: true },
  attributes: { ...ANSWERED },
  categories: { ...ANSWERED },
  descriptions: { ...ANSWERED },
  custom: { content: false, search: true },
  additional_item_data: { content: false, search: true },
} as const satisfies Record<string, ItemColumn>;

export type ItemColumnName = keyof typeof ITEM_COLUMNS;

const entries = Object.entries(ITEM_COLUMNS) as [ItemColumnName, ItemColumn][];

/** Item fields a merchandise rule may compare, besides attribute_<name> and category_level_<0-4>. */
export const ITEM_FILTER_COLUMNS: Readonly<Record<string, "text" | "number">> = Object.fromEntries(
  entries.flatMap(([name, c]) => (c.filter ? [[name, c.filter]] : [])),
);

/** What smart-search's filter_columns may list: the fields it answers, and matched_words. */
export const SEARCH_COLUMNS: readonly string[] = [
  ...entries.filter(([, c]) => c.search).map(([name]) => name),
  "matched_words",
];
