/**
 * A flat CSV row (one cell per column, as spreadsheets export them) as an intake record that
 * lib/data/ingest-batch.ts validates like any API record:
 * - empty cells are left out, so a blank cell keeps the stored value;
 * - numeric and boolean fields are converted (true/false/1/0/yes/no); a cell that does not convert
 *   is kept as text so validation rejects the row with a clear reason instead of guessing;
 * - items: `attribute_<name>` columns -> attributes, `category_level_0..4` -> categories,
 *   `description` / `description_<lang>` -> descriptions; the import merges these into the stored
 *   lists by name, level and language (lib/data/merge-lists.ts), so a CSV with only an
 *   `attribute_color` column changes the colour and keeps the other attributes;
 * - list fields (images, cookie_ids, item_ids) are split on `|`; a cell starting with `[` in a list
 *   or structured field (attributes, categories, descriptions, images, custom) is read as JSON.
 * Pure functions: no database; settings are read only when a timestamp is validated.
 */
import { ITEM_LIST_KEYS, type ItemListField, mergeList } from "./merge-lists";
import { type IntakeKind, RECORD_SCHEMAS } from "./schemas";

/** The fields a record of the kind has: read off its intake schema, so the two cannot drift. */
function fieldsOf(kind: IntakeKind): string[] {
  return Object.keys(RECORD_SCHEMAS[kind].shape);
}

const NUMBERS = new Set(["product_price", "original_price", "stock", "age", "quantity", "price", "discount_percent"]);
const BOOLEANS = new Set(["is_active", "email_consent", "sms_consent", "viber_consent"]);
const LISTS = new Set(["images", "cookie_ids", "item_ids"]);
const JSON_FIELDS = new Set([
  "attributes",
  "categories",
  "descriptions",
  "images",
  "custom",
  "cookie_ids",
  "item_ids",
  "additional_item_data",
]);

const ATTRIBUTE_COLUMN = /^attribute_/;
const CATEGORY_COLUMN = /^category_level_[0-4]$/;
const DESCRIPTION_COLUMN = /^description(?:_([A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*))?$/;
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const TRUE = new Set(["true", "1", "yes"]);
const FALSE = new Set(["false", "0", "no"]);

function convert(field: string, cell: string): unknown {
  if (JSON_FIELDS.has(field) && (cell.startsWith("[") || cell.startsWith("{"))) {
    try {
      return JSON.parse(cell);
    } catch {
      return cell; // validation reports "expected array"
    }
  }
  if (NUMBERS.has(field)) return NUMBER.test(cell) ? Number(cell) : cell;
  if (BOOLEANS.has(field)) {
    const lower = cell.toLowerCase();
    return TRUE.has(lower) ? true : FALSE.has(lower) ? false : cell;
  }
  if (LISTS.has(field)) {
    return cell
      .split("|")
      .map((part) => part.trim())
      .filter((part) => part !== "");
  }
  return cell;
}

/** Merges the entries built from flat columns into the JSON column's list, if there was one (flat columns win). */
function appendTo(record: Record<string, unknown>, field: ItemListField, entries: unknown[]): void {
  if (entries.length === 0) return;
  const current = record[field];
  if (current === undefined) record[field] = entries;
  else if (Array.isArray(current)) record[field] = mergeList(current, entries, ITEM_LIST_KEYS[field]);
  // anything else is a malformed JSON cell: left as it is, validation rejects the row
}

export function csvRowToRecord(kind: IntakeKind, row: Record<string, string | undefined>): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  const attributes: unknown[] = [];
  const categories: unknown[] = [];
  const descriptions: unknown[] = [];
  for (const [column, raw] of Object.entries(row)) {
    const cell = raw?.trim() ?? "";
    if (cell === "") continue;
    if (kind === "items") {
      if (ATTRIBUTE_COLUMN.test(column)) {
        attributes.push({ attribute_name: column, attribute_value: cell });
        continue;
      }
      if (CATEGORY_COLUMN.test(column)) {
        categories.push({ category_level: column, category_name: cell, category_type: "" });
        continue;
      }
      const description = DESCRIPTION_COLUMN.exec(column);
      if (description) {
        descriptions.push({ description_language: description[1] ?? "", description_value: cell });
        continue;
      }
    }
    record[column] = convert(column, cell);
  }
  appendTo(record, "attributes", attributes);
  appendTo(record, "categories", categories);
  appendTo(record, "descriptions", descriptions);
  return record;
}

/**
 * Columns (CSV) or keys (NDJSON) that are not fields of the kind. Validation would drop them
 * silently, so the import names them once as a warning.
 */
export function unknownColumns(kind: IntakeKind, columns: Iterable<string>, format: "csv" | "json" = "csv"): string[] {
  const known = new Set<string>(fieldsOf(kind));
  const flat = (c: string) =>
    format === "csv" &&
    kind === "items" &&
    (ATTRIBUTE_COLUMN.test(c) || CATEGORY_COLUMN.test(c) || DESCRIPTION_COLUMN.test(c));
  return [...new Set(columns)].filter((c) => !known.has(c) && !flat(c));
}
