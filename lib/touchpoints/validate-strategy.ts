/**
 * Checks of a strategy beyond its shape: what each strategy type and rule kind requires (422,
 * with the field's loc) and what it refers to (409: unknown segments or discounts).
 */

import { ITEM_FILTER_COLUMNS, SEARCH_COLUMNS } from "@/lib/data/item-columns";
import { ALL_CUSTOMERS } from "@/lib/data/segments";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { conflict, type FieldError, validationError } from "@/lib/http/errors";
import { isFilterColumn } from "@/lib/recommend/item-filter";
import { AI_SEARCH_COLUMNS, BEST_SELLER_MEASURES, RULE_PARAMETERS } from "@/lib/recommend/rule-constants";
import type { TStrategyInput } from "./schemas";

/** A number, or for `in` a comma-separated list of numbers. */
function isNumberValue(value: string | number, comparator: string): boolean {
  const parts = comparator === "in" ? String(value).split(",") : [String(value)];
  return parts.every((part) => part.trim() !== "" && Number.isFinite(Number(part)));
}

export function strategyShapeErrors(s: TStrategyInput): FieldError[] {
  const errors: FieldError[] = [];
  const at = (loc: (string | number)[], msg: string) => errors.push({ loc: ["body", ...loc], msg });
  if (s.strategy_type === "smart-search") {
    if (s.rules.length !== 1 || s.rules[0]?.rule_type !== "ai-search") {
      at(["rules"], "a smart-search strategy has exactly one rule, ai-search");
    }
  }
  if (s.strategy_type === "wheel-of-fortune" && s.product_hierarchy_level_id !== "discount-leaflet") {
    at(["product_hierarchy_level_id"], "a wheel-of-fortune strategy has product_hierarchy_level_id discount-leaflet");
  }
  s.rules.forEach((rule, r) => {
    const loc = ["rules", r];
    if (rule.rule_type === "ai-search") {
      if (s.strategy_type !== "smart-search")
        at([...loc, "rule_type"], "ai-search is usable only in smart-search strategies");
      if (rule.positions.length > 0) at([...loc, "positions"], "ai-search has no positions (empty array)");
      for (const column of AI_SEARCH_COLUMNS) {
        const found = rule.values.filter((v) => v.column_name === column);
        if (found.length !== 1) at([...loc, "values"], `ai-search needs exactly one value ${column}`);
      }
      rule.values.forEach((v, i) => {
        const where = [...loc, "values", i, "value"];
        if (!(AI_SEARCH_COLUMNS as readonly string[]).includes(v.column_name)) {
          at([...loc, "values", i, "column_name"], `ai-search takes only ${AI_SEARCH_COLUMNS.join(", ")}`);
        } else if (v.column_name === "tenant_id" && String(v.value) !== env().TENANT_ID) {
          at(where, `tenant_id must be this service's tenant (${env().TENANT_ID})`);
        } else if (
          v.column_name === "limit" &&
          !(Number.isInteger(Number(v.value)) && Number(v.value) >= 1 && Number(v.value) <= 100)
        ) {
          at(where, "limit must be an integer from 1 to 100");
        } else if (v.column_name === "match_score" && !(Number(v.value) >= 0 && Number(v.value) <= 100)) {
          at(where, "match_score must be a number from 0 to 100");
        } else if (v.column_name === "filter_columns") {
          const listed = String(v.value)
            .split(",")
            .map((c) => c.trim())
            .filter(Boolean);
          const unknown = listed.filter((c) => !SEARCH_COLUMNS.includes(c));
          if (listed.length === 0) at(where, "filter_columns lists item fields, e.g. item_id,item_name,product_price");
          else if (unknown.length > 0) {
            at(where, `unknown column(s) ${unknown.join(", ")}: filter_columns takes ${SEARCH_COLUMNS.join(", ")}`);
          }
        }
      });
      return;
    }
    if (s.strategy_type === "smart-search") return;
    if (
      s.strategy_type === "wheel-of-fortune" &&
      !["discount-leaflet", "ai-attribute-based-leaflet"].includes(rule.rule_type)
    ) {
      at(
        [...loc, "rule_type"],
        "a wheel-of-fortune strategy uses discount-leaflet (or ai-attribute-based-leaflet) rules",
      );
    }
    if (rule.positions.length === 0) at([...loc, "positions"], "a rule fills at least one slot");
    if (rule.rule_type === "discount-leaflet") {
      if (rule.positions.length !== 1) at([...loc, "positions"], "a discount-leaflet rule fills exactly one slot");
      if (rule.values.length !== 1 || rule.values[0]?.column_name !== "discount_id") {
        at([...loc, "values"], "a discount-leaflet rule has one value {column_name: discount_id, value: <discount>}");
      }
      return;
    }
    rule.values.forEach((v, i) => {
      const parameterOk = (RULE_PARAMETERS[rule.rule_type] ?? []).includes(v.column_name);
      if (!parameterOk && !isFilterColumn(v.column_name)) {
        at(
          [...loc, "values", i, "column_name"],
          `unknown column ${v.column_name}: use an item field, attribute_<name> or category_level_<0-4>`,
        );
      } else if (
        parameterOk &&
        v.column_name === "window_days" &&
        !(Number.isInteger(Number(v.value)) && Number(v.value) >= 1 && Number(v.value) <= 3650)
      ) {
        at([...loc, "values", i, "value"], "window_days must be a whole number of days from 1 to 3650");
      } else if (
        parameterOk &&
        v.column_name === "exclude_purchased_days" &&
        !(Number.isInteger(Number(v.value)) && Number(v.value) >= 0 && Number(v.value) <= 3650)
      ) {
        at([...loc, "values", i, "value"], "exclude_purchased_days must be a whole number of days from 0 to 3650");
      } else if (
        parameterOk &&
        v.column_name === "measure" &&
        !(BEST_SELLER_MEASURES as readonly string[]).includes(String(v.value))
      ) {
        at([...loc, "values", i, "value"], `measure is one of ${BEST_SELLER_MEASURES.join(", ")}`);
      } else if (ITEM_FILTER_COLUMNS[v.column_name] === "number" && v.comparator === "contains") {
        at(
          [...loc, "values", i, "comparator"],
          `${v.column_name} is a number: compare it with =, !=, <, <=, >, >= or in`,
        );
      } else if (ITEM_FILTER_COLUMNS[v.column_name] === "number" && !isNumberValue(v.value, v.comparator)) {
        at([...loc, "values", i, "value"], `${v.column_name} is a number: compare it with a number`);
      }
    });
    if (rule.rule_type === "ai-attribute-based-leaflet" && !rule.values.some((v) => v.column_name === "discount_id")) {
      at(
        [...loc, "values"],
        "an ai-attribute-based-leaflet rule names its leaflet: {column_name: discount_id, value: <discount>}",
      );
    }
    if (rule.rule_type === "selected-products" && !rule.values.some((v) => v.column_name === "item_id")) {
      at(
        [...loc, "values"],
        "selected-products lists its items as values {column_name: item_id, comparator: =, value: <id>}",
      );
    }
  });
  return errors;
}

export async function assertStrategyValid(s: TStrategyInput): Promise<void> {
  const errors = strategyShapeErrors(s);
  if (errors.length > 0) throw validationError(errors);
  const prisma = await db();
  const named = s.segments.filter((id) => id !== ALL_CUSTOMERS);
  if (named.length > 0) {
    const known = await prisma.customer.groupBy({ by: ["segment_id"], where: { segment_id: { in: named } } });
    const missing = named.filter((id) => !known.some((k) => k.segment_id === id));
    if (missing.length > 0)
      throw conflict(`Unknown segment(s): ${missing.join(", ")}. GET /data/segments lists them.`, "unknown_segment");
  }
  const discounts = s.rules.flatMap((r) =>
    r.values.filter((v) => v.column_name === "discount_id").map((v) => String(v.value)),
  );
  if (discounts.length > 0) {
    const found = await prisma.discount.findMany({
      where: { discount_id: { in: discounts } },
      select: { discount_id: true },
    });
    const missing = discounts.filter((d) => !found.some((f) => f.discount_id === d));
    if (missing.length > 0) throw conflict(`Unknown discount(s): ${missing.join(", ")}.`, "unknown_discount");
  }
}
