/**
 * Every field of an item (spec 2.5), declared once: ./item-columns.ts says whether a merchandise
 * rule can filter on it and where it is answered; here each gets how intake checks it, how it is
 * stored, its answered schema and how it is read. The intake schema (ZItemInput), the upsert
 * columns (./tables.ts), the item view (lib/recommend/item-view.ts), the columns smart-search may
 * return (filter_columns), the merchandise-rule columns and the OpenAPI Item all derive from these.
 * A field missing from either table is a type error.
 */
import { z } from "zod";
import type { Item } from "@/lib/db/generated/client";
import { formatTimestamp } from "@/lib/http/timestamps";
import { int4, intakeId, jsonProblem, money, storableJson, storableString, text } from "./intake-fields";
import { ITEM_COLUMNS, type ItemColumn, type ItemColumnName } from "./item-columns";
import { answeredImage } from "./item-picture";
import { ZTimestampInput } from "./timestamp-input";

export const ZAttribute = z.object({
  attribute_name: z.string().regex(/^attribute_[a-z0-9_]+$/, "must look like attribute_<name> (lowercase)"),
  attribute_value: z.union([storableString(), z.number(), z.boolean()]).transform(String),
});
export const ZCategory = z.object({
  category_level: z.enum([
    "category_level_0",
    "category_level_1",
    "category_level_2",
    "category_level_3",
    "category_level_4",
  ]),
  category_name: text(300),
  category_type: text(100).default(""),
});
export const ZDescription = z.object({
  description_language: text(20).default(""),
  description_value: text(20000).nullable(),
});

/** additional_item_data: at most this many bytes as JSON. */
export const ADDITIONAL_DATA_LIMIT = 16_384;

const ZAdditionalData = z
  .record(z.string(), z.unknown())
  .superRefine((v, ctx) => {
    // Storable first: the size is measured on JSON.stringify, which a deeply nested value would overflow.
    const problem = jsonProblem(v);
    if (problem) ctx.addIssue({ code: "custom", path: problem.path, message: problem.message });
    else if (new TextEncoder().encode(JSON.stringify(v)).length > ADDITIONAL_DATA_LIMIT) {
      ctx.addIssue({ code: "custom", message: `at most ${ADDITIONAL_DATA_LIMIT} bytes as JSON` });
    }
  })
  .describe(
    `The shop's own data about the item, a JSON object (at most ${ADDITIONAL_DATA_LIMIT} bytes): stored as sent, returned by smart-search when filter_columns lists additional_item_data; not searched and not a rule filter.`,
  );

/** Where an answered field comes from: the stored item, and the touchpoint for tracked links. */
export interface ReadContext {
  touchpoint_id: string;
  touchpoint_type: string;
  trackedUrl(url: string, touchpointId: string, touchpointType: string): string;
}

interface FieldDetails {
  /** The intake check (every field but item_id may be left out: it keeps its stored value). */
  input: z.ZodType;
  /** Stored: the column's SQL type and the value a new row gets when the field is left out. */
  sql: { type: "text" | "boolean" | "integer" | "float8" | "jsonb" | "timestamptz"; fallback: string };
  /** The answered value's schema (OpenAPI). */
  output: z.ZodType;
  read(item: Item, context: ReadContext): unknown;
}

export type ItemField = FieldDetails & ItemColumn & { name: ItemColumnName };

const plain =
  <K extends keyof Item & string>(name: K) =>
  (item: Item) =>
    item[name];
const DETAILS: Record<ItemColumnName, FieldDetails> = {
  item_id: {
    input: intakeId(),
    sql: { type: "text", fallback: "''" },
    output: z.string(),
    read: plain("item_id"),
  },
  item_name: {
    input: text(500),
    sql: { type: "text", fallback: "''" },
    output: z.string(),
    read: plain("item_name"),
  },
  alternative_id: {
    input: text(200).nullable(),
    sql: { type: "text", fallback: "NULL" },
    output: z.string().nullable(),
    read: plain("alternative_id"),
  },
  alternative_name: {
    input: text(500),
    sql: { type: "text", fallback: "''" },
    output: z.string(),
    read: plain("alternative_name"),
  },
  simple_name: {
    input: text(500),
    sql: { type: "text", fallback: "''" },
    output: z.string(),
    read: plain("simple_name"),
  },
  is_active: {
    input: z.boolean(),
    sql: { type: "boolean", fallback: "true" },
    output: z.boolean(),
    read: plain("is_active"),
  },
  stock: {
    input: int4(0)
      .nullable()
      .describe("Units in stock; 0 keeps the item out of every response, null means not tracked"),
    sql: { type: "integer", fallback: "NULL" },
    output: z.number().int().nullable(),
    read: plain("stock"),
  },
  product_url: {
    input: text(2000),
    sql: { type: "text", fallback: "''" },
    output: z.string().describe("With UTM_SYSTEM, UTM_<service>, UTM_TPID and UTM_TPST"),
    read: (item, c) => c.trackedUrl(item.product_url, c.touchpoint_id, c.touchpoint_type),
  },
  product_price: {
    input: money(),
    sql: { type: "float8", fallback: "0" },
    output: z.number(),
    read: plain("product_price"),
  },
  original_price: {
    input: money(),
    sql: { type: "float8", fallback: "0" },
    output: z.number(),
    read: plain("original_price"),
  },
  currency: {
    input: text(10),
    sql: { type: "text", fallback: "''" },
    output: z.string(),
    read: plain("currency"),
  },
  main_image: {
    input: text(2000),
    sql: { type: "text", fallback: "''" },
    output: z.string(),
    // A demo item without a picture gets its synthetic one (./item-picture.ts); real URLs first.
    read: (item) => answeredImage(item),
  },
  images: {
    input: z.array(text(2000)).max(50),
    sql: { type: "jsonb", fallback: "'[]'::jsonb" },
    output: z.array(z.string()),
    read: plain("images"),
  },
  date_added: {
    input: ZTimestampInput,
    sql: { type: "timestamptz", fallback: "now()" },
    output: z.string().describe("Local date-time (smart-search only)"),
    read: (item) => formatTimestamp(new Date(item.date_added)),
  },
  attributes: {
    input: z.array(ZAttribute).max(200),
    sql: { type: "jsonb", fallback: "'[]'::jsonb" },
    output: z.array(z.object({ attribute_name: z.string(), attribute_value: z.string() })),
    read: plain("attributes"),
  },
  categories: {
    input: z.array(ZCategory).max(20),
    sql: { type: "jsonb", fallback: "'[]'::jsonb" },
    output: z.array(z.object({ category_level: z.string(), category_name: z.string(), category_type: z.string() })),
    read: plain("categories"),
  },
  descriptions: {
    input: z.array(ZDescription).max(20),
    sql: { type: "jsonb", fallback: "'[]'::jsonb" },
    output: z.array(z.object({ description_language: z.string(), description_value: z.string().nullable() })),
    read: plain("descriptions"),
  },
  custom: {
    input: storableJson(z.array(z.unknown()).max(200)),
    sql: { type: "jsonb", fallback: "'[]'::jsonb" },
    output: z.array(z.unknown()).describe("smart-search only"),
    read: plain("custom"),
  },
  additional_item_data: {
    input: ZAdditionalData,
    sql: { type: "jsonb", fallback: "'{}'::jsonb" },
    output: z.record(z.string(), z.unknown()).describe("smart-search only, when filter_columns lists it"),
    read: plain("additional_item_data"),
  },
};

export const ITEM_FIELDS: ItemField[] = (Object.keys(ITEM_COLUMNS) as ItemColumnName[]).map((name) => ({
  name,
  ...ITEM_COLUMNS[name],
  ...DETAILS[name],
}));

export { ITEM_FILTER_COLUMNS, SEARCH_COLUMNS } from "./item-columns";

/** The intake check of an item: item_id required, every other field optional. */
export const ZItemInput = z
  .object(
    Object.fromEntries(ITEM_FIELDS.map((f) => [f.name, f.name === "item_id" ? f.input : f.input.optional()])) as Record<
      string,
      z.ZodType
    >,
  )
  .describe("An item of the catalog (spec 2.5). Fields left out keep their stored value.");

/** An item as the carousel, preview and wheel answer it (OpenAPI). */
export const ZItemView = z
  .object(Object.fromEntries(ITEM_FIELDS.filter((f) => f.content).map((f) => [f.name, f.output])))
  .describe("Item (spec 2.5)");

/** A smart-search result: the fields its filter_columns list, match_score and rank_score (OpenAPI). */
export const ZSearchItem = z
  .object({
    ...Object.fromEntries(ITEM_FIELDS.filter((f) => f.search).map((f) => [f.name, f.output.optional()])),
    matched_words: z.array(z.string()).optional().describe("When filter_columns lists matched_words"),
    match_score: z.number(),
    rank_score: z.number(),
  })
  .describe("Item fields of the strategy's filter_columns (item_id always) plus match_score and rank_score");
