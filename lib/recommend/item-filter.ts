/**
 * Rule values -> a SQL condition on the items table (alias i). Values on the same column are
 * alternatives (OR: selected-products lists one item_id per value); different columns must all
 * hold (AND). Columns: item fields, attribute_<name>, category_level_<0-4>. Rule parameters
 * (window_days, discount_id, ai-search settings) are not filters and are skipped here.
 */
import type { Comparator } from "./rule-constants";
import { ITEM_FILTER_COLUMNS, PARAMETER_COLUMNS } from "./rule-constants";
import type { TRuleValue } from "./rule-schemas";

export interface SqlFragment {
  sql: string;
  params: unknown[];
}

const SQL_OPS: Record<Exclude<Comparator, "in" | "contains">, string> = {
  "=": "=",
  "!=": "<>",
  "<": "<",
  "<=": "<=",
  ">": ">",
  ">=": ">=",
};

export function isFilterColumn(column: string): boolean {
  return (
    column in ITEM_FILTER_COLUMNS || /^attribute_[a-z0-9_]+$/.test(column) || /^category_level_[0-4]$/.test(column)
  );
}

export function isParameterColumn(column: string): boolean {
  return (PARAMETER_COLUMNS as readonly string[]).includes(column);
}

/** A number, or NULL when the text is not one: a numeric comparison never fails on text like "red". */
const NUMBER_PATTERN = "^\\s*[-+]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][-+]?[0-9]+)?\\s*$";
export function safeNumber(expr: string): string {
  return `(CASE WHEN (${expr}) ~ '${NUMBER_PATTERN}' THEN (${expr})::float8 END)`;
}

/**
 * Compares `expr` with the value: as text, as a number column, or as text read as a number
 * where it is one (an attribute compared with a number; text that is not a number never matches).
 */
type Operand = "text" | "number" | "text-as-number";
function compare(expr: string, v: TRuleValue, operand: Operand, param: (x: unknown) => string): string {
  const numeric = operand !== "text";
  const asNumber = operand === "text-as-number" ? safeNumber(expr) : `(${expr})::float8`;
  if (v.comparator === "in") {
    const list = String(v.value)
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    return numeric
      ? `${asNumber} = ANY(${param(list.map(Number))}::float8[])`
      : `${expr} = ANY(${param(list)}::text[])`;
  }
  if (v.comparator === "contains") return `${expr} ILIKE ${param(`%${String(v.value).replace(/[\\%_]/g, "\\$&")}%`)}`;
  const op = SQL_OPS[v.comparator];
  return numeric ? `${asNumber} ${op} ${param(Number(v.value))}::float8` : `${expr} ${op} ${param(String(v.value))}`;
}

const isNumeric = (v: TRuleValue) =>
  typeof v.value === "number" ||
  (v.comparator !== "in" &&
    v.comparator !== "contains" &&
    v.comparator !== "=" &&
    v.comparator !== "!=" &&
    !Number.isNaN(Number(v.value)));

function condition(v: TRuleValue, param: (x: unknown) => string): string {
  const column = v.column_name;
  const kind = ITEM_FILTER_COLUMNS[column as keyof typeof ITEM_FILTER_COLUMNS];
  if (kind) {
    return kind === "number"
      ? compare(`i."${column}"`, v, "number", param)
      : compare(`i."${column}"::text`, v, "text", param);
  }
  if (column.startsWith("attribute_")) {
    return `EXISTS (SELECT 1 FROM jsonb_array_elements(i.attributes) a WHERE a->>'attribute_name' = ${param(column)} AND ${compare("a->>'attribute_value'", v, isNumeric(v) ? "text-as-number" : "text", param)})`;
  }
  return `EXISTS (SELECT 1 FROM jsonb_array_elements(i.categories) c WHERE c->>'category_level' = ${param(column)} AND ${compare("c->>'category_name'", v, "text", param)})`;
}

/** The condition (or "TRUE") with its parameters numbered from `firstParam`. */
export function compileItemFilter(values: TRuleValue[], firstParam = 1): SqlFragment {
  const params: unknown[] = [];
  const param = (x: unknown) => {
    params.push(x);
    return `$${firstParam + params.length - 1}`;
  };
  const byColumn = new Map<string, TRuleValue[]>();
  for (const v of values) {
    if (!isFilterColumn(v.column_name)) continue;
    byColumn.set(v.column_name, [...(byColumn.get(v.column_name) ?? []), v]);
  }
  const groups = [...byColumn.values()].map((vs) => {
    const alternatives = vs.map((v) => condition(v, param));
    return alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(" OR ")})`;
  });
  return { sql: groups.length ? groups.join(" AND ") : "TRUE", params };
}

/** Items that may be shown: active and not out of stock (stock null = not tracked). */
export const ELIGIBLE = "i.is_active AND (i.stock IS NULL OR i.stock > 0)";
