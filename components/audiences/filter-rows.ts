/**
 * The builder's filters as the form holds them (one row per filter, values kept as typed) and
 * how they become the API's filter groups. Which filters there are, the types each takes and the
 * options each picker offers come from FILTER_CHOICES; the server checks every filter again and
 * names a bad one.
 */

export type Connector = "AND" | "OR";
export type FilterKind = "segment" | "text" | "bool" | "number" | "purchased";
/** Lists of GET /customer-studio/audiences/filter-options a picker offers. */
export type OptionList = "cities" | "countries" | "genders" | "categories" | "attributes";
export type NumericFilterName = "age" | "customer-lifetime-value" | "purchases-180-days" | "days-since-last-purchase";

export interface FilterChoice {
  /** filter_name|filter_entity */
  id: string;
  name: string;
  entity: string;
  label: string;
  kind: FilterKind;
  options?: OptionList;
  /** What to type when the data offers nothing (item ids). */
  placeholder?: string;
}

const customer = (name: string, label: string, kind: FilterKind, options?: OptionList): FilterChoice => ({
  id: `${name}|customer`,
  name,
  entity: "customer",
  label,
  kind,
  options,
});
const bought = (entity: string, label: string, options?: OptionList, placeholder?: string): FilterChoice => ({
  id: `purchased|${entity}`,
  name: "purchased",
  entity,
  label,
  kind: "purchased",
  options,
  placeholder,
});

export const FILTER_CHOICES: FilterChoice[] = [
  customer("segment", "Segment", "segment"),
  customer("country", "Country", "text", "countries"),
  customer("city", "City", "text", "cities"),
  customer("gender", "Gender", "text", "genders"),
  customer("age", "Age", "number"),
  customer("customer-lifetime-value", "Lifetime value", "number"),
  customer("purchases-180-days", "Purchases in 180 days", "number"),
  customer("days-since-last-purchase", "Days since last purchase", "number"),
  customer("email_consent", "E-mail consent", "bool"),
  customer("sms_consent", "SMS consent", "bool"),
  customer("viber_consent", "Viber consent", "bool"),
  bought("category", "Bought from categories", "categories"),
  bought("attribute", "Bought with attributes", "attributes", "attribute_color=red"),
  bought("product_id", "Bought products", undefined, "Type an item id, then Enter"),
];

export const choiceOf = (id: string): FilterChoice => FILTER_CHOICES.find((c) => c.id === id) ?? FILTER_CHOICES[0]!;

/** The types each kind of filter offers, with what they mean in words. */
export const TYPE_CHOICES: Record<FilterKind, { type: string; label: string }[]> = {
  segment: [
    { type: "IN", label: "is any of" },
    { type: "NOT_IN", label: "is none of" },
  ],
  text: [
    { type: "IN", label: "is any of" },
    { type: "NOT_IN", label: "is none of" },
  ],
  bool: [{ type: "IN", label: "is" }],
  number: [
    { type: "BETWEEN", label: "between" },
    { type: "GTE", label: "at least" },
    { type: "LTE", label: "at most" },
    { type: "GT", label: "more than" },
    { type: "LT", label: "less than" },
    { type: "EQ", label: "exactly" },
  ],
  purchased: [
    { type: "IN", label: "any of" },
    { type: "NOT_IN", label: "none of" },
  ],
};

export const DEFAULT_PERIOD_DAYS = 365;

export interface FilterRow {
  key: number;
  choice: string;
  filter_type: string;
  /** IN/NOT_IN values; ["True"] or ["False"] for consent. */
  values: string[];
  /** Numbers as typed: BETWEEN uses both, GT/GTE/EQ min, LT/LTE max. */
  min: string;
  max: string;
  period_days: string;
  /** How this filter joins the next one of its group. */
  connector: Connector;
}

export interface GroupRow {
  key: number;
  filter_group: string;
  connector: Connector;
  filters: FilterRow[];
}

let lastKey = 0;
export const newKey = () => ++lastKey;

export interface Range {
  min: number;
  max: number;
}

/** Whole numbers around the data's range, so the range as filled in holds every customer. */
export const roundedRange = (range: Range) => ({ min: Math.floor(range.min), max: Math.ceil(range.max) });

export function newFilter(choiceId: string, range?: Range | null): FilterRow {
  const choice = choiceOf(choiceId);
  const rounded = range ? roundedRange(range) : undefined;
  return {
    key: newKey(),
    choice: choice.id,
    filter_type: TYPE_CHOICES[choice.kind][0]!.type,
    values: choice.kind === "bool" ? ["True"] : [],
    min: rounded ? String(rounded.min) : "",
    max: rounded ? String(rounded.max) : "",
    period_days: String(DEFAULT_PERIOD_DAYS),
    connector: "AND",
  };
}

/** Which number inputs a numeric type shows. */
export function numberInputs(type: string): ("min" | "max")[] {
  if (type === "BETWEEN") return ["min", "max"];
  if (type === "LT" || type === "LTE") return ["max"];
  return ["min"];
}

const number = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));

/** The filter as the API takes it, or why it cannot be counted yet. */
export function toApiFilter(row: FilterRow, order: number): { filter?: Record<string, unknown>; missing?: string } {
  const choice = choiceOf(row.choice);
  const base = {
    filter_name: choice.name,
    filter_entity: choice.entity,
    filter_type: row.filter_type,
    filter_order: order,
    filter_value_connector: row.connector,
  };
  if (choice.kind === "number") {
    const min = number(row.min);
    const max = number(row.max);
    if (row.filter_type === "BETWEEN") {
      if (!Number.isFinite(min) || !Number.isFinite(max)) return { missing: "needs a minimum and a maximum" };
      if (min > max) return { missing: "has its minimum above its maximum" };
      return { filter: { ...base, filter_values: { value_name: choice.name, min_value: min, max_value: max } } };
    }
    const value = numberInputs(row.filter_type)[0] === "max" ? max : min;
    if (!Number.isFinite(value)) return { missing: "needs a number" };
    return { filter: { ...base, filter_values: value } };
  }
  if (row.values.length === 0) return { missing: "needs at least one value" };
  if (choice.kind !== "purchased") return { filter: { ...base, filter_values: row.values } };
  const days = Number(row.period_days);
  if (!Number.isInteger(days) || days < 1 || days > 3650) return { missing: "needs a period of 1 to 3650 days" };
  return { filter: { ...base, filter_values: row.values, period_days: days } };
}

export interface Compiled {
  /** Every filter that can be counted, in groups (empty groups left out). */
  groups: Record<string, unknown>[];
  /** Labels of the filters sent, in funnel order. */
  counted: string[];
  /** Filters that cannot be counted yet, in words. */
  missing: string[];
}

/** The rows as API filter groups: complete filters only; what is missing, in words. */
export function compileRows(groups: GroupRow[], segmentName: (id: string) => string = (id) => id): Compiled {
  const out: Compiled = { groups: [], counted: [], missing: [] };
  groups.forEach((group, g) => {
    const values: Record<string, unknown>[] = [];
    group.filters.forEach((row, f) => {
      const place = `${g + 1}.${f + 1}`;
      const { filter, missing } = toApiFilter(row, f);
      if (filter) {
        values.push(filter);
        out.counted.push(
          `${place} ${summarize(row, choiceOf(row.choice).kind === "segment" ? segmentName : undefined)}`,
        );
      } else out.missing.push(`Filter ${place} (${choiceOf(row.choice).label}) ${missing}.`);
    });
    if (values.length > 0) {
      out.groups.push({
        filter_group: group.filter_group,
        filter_group_order: g,
        next_group_connector: group.connector,
        values,
      });
    }
  });
  return out;
}

/** A filter in a few words, for the funnel ("City is any of London, Leeds"). */
export function summarize(row: FilterRow, labelOf: (value: string) => string = (v) => v): string {
  const choice = choiceOf(row.choice);
  const type = TYPE_CHOICES[choice.kind].find((t) => t.type === row.filter_type)?.label ?? row.filter_type;
  if (choice.kind === "number") {
    const shown =
      row.filter_type === "BETWEEN"
        ? `${row.min}–${row.max}`
        : numberInputs(row.filter_type)[0] === "max"
          ? row.max
          : row.min;
    return `${choice.label} ${type} ${shown}`;
  }
  const values = row.values.map(labelOf);
  const list = values.length > 2 ? `${values.slice(0, 2).join(", ")} +${values.length - 2}` : values.join(", ");
  if (choice.kind === "purchased") {
    return `${choice.label}${row.filter_type === "NOT_IN" ? " (none of)" : ""}: ${list} within ${row.period_days} days`;
  }
  return `${choice.label} ${type} ${list}`;
}
