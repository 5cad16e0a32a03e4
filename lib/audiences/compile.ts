/**
 * Audience filters -> parameterised SQL over `customers c` (values are always parameters, never
 * pasted into the text). Groups are taken in filter_group_order and filters in filter_order; the
 * funnel applies them left to right: each step combines the result so far with the next filter
 * by the connector before it (filter_value_connector of the previous filter in its group, or
 * next_group_connector of the previous group), a group being parenthesised as a whole. Step k's
 * condition is therefore "the first k filters", and its count is the funnel's count_now.
 *
 * Filters (filter_name, entity, types):
 * - customer fields: age, customer-lifetime-value, purchases-180-days, days-since-last-purchase
 *   (numbers: BETWEEN inclusive, EQ, GT, GTE, LT, LTE, IN, NOT_IN); gender, city, country (text,
 *   case-insensitive: IN, NOT_IN, EQ); segment (IN, NOT_IN, EQ of segment ids; all_customers is
 *   everyone); email_consent, sms_consent, viber_consent (IN or EQ of "True"/"False"; the
 *   effective consent: a customer whose address is suppressed on the channel has none).
 *   days-since-last-purchase never matches a customer without purchases.
 * - purchased (filter_group product-focused-filters), entity product_id (item ids), category
 *   (category names at any level) or attribute ("attribute_<name>=<value>"): IN = bought any of
 *   them within period_days (default 365), NOT_IN = bought none of them then.
 */
import { effectiveConsentSql } from "@/lib/data/effective-consent";
import type { FieldError } from "@/lib/http/errors";
import type { FilterType, TFilterGroupInput, TFilterInput } from "./schemas";

type Kind = "number" | "text" | "segment" | "bool" | "purchased";

interface Definition {
  kind: Kind;
  /** The SQL expression of a customer field (number, text, bool kinds). */
  expr?: string;
  entities: readonly string[];
}

const NUMBER_TYPES: readonly FilterType[] = ["BETWEEN", "EQ", "GT", "GTE", "LT", "LTE", "IN", "NOT_IN"];
const TYPES: Record<Kind, readonly FilterType[]> = {
  number: NUMBER_TYPES,
  text: ["IN", "NOT_IN", "EQ"],
  segment: ["IN", "NOT_IN", "EQ"],
  bool: ["IN", "EQ"],
  purchased: ["IN", "NOT_IN"],
};

const CUSTOMER = ["customer"] as const;
export const FILTERS: Record<string, Definition> = {
  age: { kind: "number", expr: "c.age", entities: CUSTOMER },
  "customer-lifetime-value": { kind: "number", expr: "c.clv_value", entities: CUSTOMER },
  "purchases-180-days": { kind: "number", expr: "c.purchases_180d", entities: CUSTOMER },
  "days-since-last-purchase": {
    kind: "number",
    expr: "(EXTRACT(EPOCH FROM (now() - c.last_purchase_at)) / 86400)",
    entities: CUSTOMER,
  },
  gender: { kind: "text", expr: "lower(c.gender)", entities: CUSTOMER },
  city: { kind: "text", expr: "lower(c.city)", entities: CUSTOMER },
  country: { kind: "text", expr: "lower(c.country)", entities: CUSTOMER },
  segment: { kind: "segment", expr: "c.segment_id", entities: CUSTOMER },
  // Effective consent: the feed's AND the address not suppressed (a suppressed customer counts as not consenting).
  email_consent: { kind: "bool", expr: effectiveConsentSql("email"), entities: CUSTOMER },
  sms_consent: { kind: "bool", expr: effectiveConsentSql("sms"), entities: CUSTOMER },
  viber_consent: { kind: "bool", expr: effectiveConsentSql("viber"), entities: CUSTOMER },
  purchased: { kind: "purchased", entities: ["product_id", "category", "attribute"] },
};

export const DEFAULT_PERIOD_DAYS = 365;
const ALL_CUSTOMERS = "all_customers";

export interface OrderedFilter {
  filter: TFilterInput;
  group: TFilterGroupInput;
  /** Where it stands in the request (for `loc`). */
  at: [number, number];
}

/** The filters in funnel order, with their place in the request. */
export function orderedFilters(groups: TFilterGroupInput[]): OrderedFilter[] {
  return groups
    .map((group, g) => ({ group, g }))
    .sort((a, b) => a.group.filter_group_order - b.group.filter_group_order || a.g - b.g)
    .flatMap(({ group, g }) =>
      group.values
        .map((filter, f) => ({ filter, group, at: [g, f] as [number, number] }))
        .sort((a, b) => a.filter.filter_order - b.filter.filter_order || a.at[1] - b.at[1]),
    );
}

export interface CompiledFunnel {
  /** The whole filter set ("TRUE" without filters): each filter's condition once, so linear in their number. */
  where: string;
  /** Each filter's own condition, in funnel order. */
  conditions: string[];
  /**
   * How filter k joins the funnel so far (k >= 1): the previous filter's filter_value_connector
   * in its group, or at the first filter of a group, the previous group's next_group_connector.
   * connectors[0] is "AND" (nothing before it).
   */
  connectors: Connector[];
  /** Whether filter k is the first of its group (the groups before it are then complete). */
  groupStarts: boolean[];
  /** Every connector between two filters is AND: step k is then conditions 0..k all true. */
  allAnd: boolean;
  params: unknown[];
  errors: FieldError[];
}

export type Connector = "AND" | "OR";

const SQL_OP: Partial<Record<FilterType, string>> = { EQ: "=", GT: ">", GTE: ">=", LT: "<", LTE: "<=" };

export function compileFunnel(
  groups: TFilterGroupInput[],
  options: { firstParam?: number; loc?: (string | number)[] } = {},
): CompiledFunnel {
  const params: unknown[] = [];
  const errors: FieldError[] = [];
  const base = options.loc ?? ["body", "filters"];
  const param = (value: unknown, cast: string) => {
    params.push(value);
    return `$${(options.firstParam ?? 1) + params.length - 1}::${cast}`;
  };
  const ordered = orderedFilters(groups);
  const conditions: string[] = [];
  const connectors: Connector[] = [];
  const groupStarts: boolean[] = [];
  let previous: OrderedFilter | undefined;
  for (const item of ordered) {
    const loc = [...base, item.at[0], "values", item.at[1]];
    conditions.push(compileFilter(item.filter, param, (field, msg) => errors.push({ loc: [...loc, field], msg })));
    const starts = previous === undefined || previous.group !== item.group;
    groupStarts.push(starts);
    connectors.push(
      previous === undefined
        ? "AND"
        : starts
          ? previous.group.next_group_connector
          : previous.filter.filter_value_connector,
    );
    previous = item;
  }
  const compiled = { conditions, connectors, groupStarts, params, errors };
  return {
    ...compiled,
    where: conditions.length === 0 ? "TRUE" : stepCondition(compiled, conditions.length - 1),
    allAnd: connectors.every((c) => c === "AND"),
  };
}

/**
 * Step k's condition, "the first k + 1 filters": the groups before filter k's group joined left
 * to right by their next_group_connector, then (parenthesised) filter k's group up to filter k
 * joined by filter_value_connector. Each condition appears once, so the text is linear in k; the
 * funnel counts every step without writing them all out (./funnel.ts).
 */
export function stepCondition(
  compiled: Pick<CompiledFunnel, "conditions" | "connectors" | "groupStarts">,
  k: number,
): string {
  let done: string | undefined;
  let doneConnector: Connector = "AND";
  let current = "";
  for (let i = 0; i <= k; i++) {
    const condition = compiled.conditions[i]!;
    if (i === 0) current = condition;
    else if (compiled.groupStarts[i]) {
      // The previous group is complete.
      done = done === undefined ? `(${current})` : `(${done} ${doneConnector} (${current}))`;
      doneConnector = compiled.connectors[i]!;
      current = condition;
    } else current = `(${current} ${compiled.connectors[i]} ${condition})`;
  }
  return done === undefined ? current : `(${done} ${doneConnector} (${current}))`;
}

function compileFilter(
  f: TFilterInput,
  param: (value: unknown, cast: string) => string,
  fail: (field: string, msg: string) => void,
): string {
  const definition = FILTERS[f.filter_name];
  if (!definition) {
    fail("filter_name", `unknown filter ${f.filter_name}: use one of ${Object.keys(FILTERS).join(", ")}`);
    return "FALSE";
  }
  if (!definition.entities.includes(f.filter_entity)) {
    fail("filter_entity", `${f.filter_name} takes filter_entity ${definition.entities.join(" or ")}`);
    return "FALSE";
  }
  if (!TYPES[definition.kind].includes(f.filter_type)) {
    fail("filter_type", `${f.filter_name} takes filter_type ${TYPES[definition.kind].join(", ")}`);
    return "FALSE";
  }
  const values = f.filter_values;
  if (f.filter_type === "BETWEEN") {
    if (typeof values !== "object" || Array.isArray(values) || values === null) {
      fail("filter_values", "BETWEEN takes {value_name, min_value, max_value}");
      return "FALSE";
    }
    if (values.min_value > values.max_value) {
      fail("filter_values", "min_value is above max_value");
      return "FALSE";
    }
    return `(${definition.expr} BETWEEN ${param(values.min_value, "float8")} AND ${param(values.max_value, "float8")})`;
  }
  if (f.filter_type === "IN" || f.filter_type === "NOT_IN") {
    if (!Array.isArray(values) || values.length === 0) {
      fail("filter_values", `${f.filter_type} takes a non-empty array of values`);
      return "FALSE";
    }
    const list = values.map((v) => String(v).trim());
    const positive = compileIn(definition, f, list, param, fail);
    return f.filter_type === "IN" ? positive : `(NOT ${positive})`;
  }
  // EQ, GT, GTE, LT, LTE: one value.
  if (typeof values === "object") {
    fail("filter_values", `${f.filter_type} takes one value`);
    return "FALSE";
  }
  if (f.filter_type === "EQ") return compileIn(definition, f, [String(values).trim()], param, fail);
  const n = Number(values);
  if (!Number.isFinite(n)) {
    fail("filter_values", `${f.filter_name} is a number`);
    return "FALSE";
  }
  return `(${definition.expr} ${SQL_OP[f.filter_type]} ${param(n, "float8")})`;
}

/** "Any of these values" for a filter (IN, and EQ as IN of one). */
function compileIn(
  definition: Definition,
  f: TFilterInput,
  list: string[],
  param: (value: unknown, cast: string) => string,
  fail: (field: string, msg: string) => void,
): string {
  switch (definition.kind) {
    case "number": {
      const numbers = list.map(Number);
      if (numbers.some((n) => !Number.isFinite(n))) {
        fail("filter_values", `${f.filter_name} takes numbers`);
        return "FALSE";
      }
      return `(${definition.expr} = ANY(${param(numbers, "float8[]")}))`;
    }
    case "text":
      return `(${definition.expr} = ANY(${param(
        list.map((v) => v.toLowerCase()),
        "text[]",
      )}))`;
    case "segment":
      if (list.includes(ALL_CUSTOMERS)) return "TRUE";
      return `(${definition.expr} = ANY(${param(list, "text[]")}))`;
    case "bool": {
      const bools = list.map((v) => v.toLowerCase());
      if (bools.some((v) => v !== "true" && v !== "false")) {
        fail("filter_values", `${f.filter_name} takes "True" or "False"`);
        return "FALSE";
      }
      return `(${definition.expr} = ANY(${param(
        bools.map((v) => v === "true"),
        "boolean[]",
      )}))`;
    }
    case "purchased":
      return purchased(f, list, param, fail);
  }
}

function purchased(
  f: TFilterInput,
  list: string[],
  param: (value: unknown, cast: string) => string,
  fail: (field: string, msg: string) => void,
): string {
  const since = `now() - make_interval(days => ${param(f.period_days ?? DEFAULT_PERIOD_DAYS, "int")})`;
  let items: string;
  if (f.filter_entity === "product_id") items = `e.item_id = ANY(${param(list, "text[]")})`;
  else if (f.filter_entity === "category") {
    items = `e.item_id IN (SELECT i.item_id FROM items i, jsonb_array_elements(i.categories) x
                          WHERE x->>'category_name' = ANY(${param(list, "text[]")}))`;
  } else {
    const pairs = list.map((v) => {
      const [name, ...rest] = v.split("=");
      return { name: name!.trim(), value: rest.join("=").trim().toLowerCase() };
    });
    if (pairs.some((p) => !/^attribute_[a-z0-9_]+$/.test(p.name) || !p.value)) {
      fail("filter_values", "attribute values are attribute_<name>=<value>, e.g. attribute_color=red");
      return "FALSE";
    }
    items = `e.item_id IN (SELECT i.item_id FROM items i, jsonb_array_elements(i.attributes) a
                          WHERE (a->>'attribute_name') || '=' || lower(a->>'attribute_value') = ANY(${param(
                            pairs.map((p) => `${p.name}=${p.value}`),
                            "text[]",
                          )}))`;
  }
  return `EXISTS (SELECT 1 FROM events e WHERE e.customer_id = c.customer_id AND e.event_type = 'purchase'
                  AND e."timestamp" >= ${since} AND ${items})`;
}
