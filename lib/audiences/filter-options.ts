/**
 * What the audience builder's pickers offer, read from the data: segments with their sizes
 * (all_customers first), cities, countries and genders with their customer counts, the data's
 * min and max of each numeric filter, and the category names and attribute pairs the
 * product-focused filter matches. Every list is most frequent first, at most OPTIONS_LIMIT long,
 * with `truncated` when the data holds more.
 *
 * The values are what the filters compare (compile.ts): text filters compare lower(column), so
 * spellings that differ only in case are one option (shown as the most frequent spelling) whose
 * count is what the filter will find; the ranges are the min and max of each filter's own SQL
 * expression; categories and attributes are counted in items, as the filter matches them.
 *
 * Cost on 1M customers: one scan of customers grouped four ways at once (GROUPING SETS, one hash
 * table per set) and one scan for the ranges; the second level works on the distinct values only.
 */
import { z } from "zod";
import { ALL_CUSTOMERS } from "@/lib/data/segments";
import { type Database, getDatabase } from "@/lib/db/client";
import { FILTERS } from "./compile";

export const OPTIONS_LIMIT = 500;

const list = <T extends z.ZodType>(item: T) =>
  z.object({
    options: z.array(item),
    truncated: z.boolean().describe(`true when the data holds more than the ${OPTIONS_LIMIT} listed`),
  });
const ZValueCount = z.object({ value: z.string(), count: z.number().int() });
const ZRange = z
  .object({ min: z.number(), max: z.number() })
  .nullable()
  .describe("The data's min and max of the filter's value (null when no customer has one)");

export const NUMERIC_FILTERS = [
  "age",
  "customer-lifetime-value",
  "purchases-180-days",
  "days-since-last-purchase",
] as const;
export type NumericFilter = (typeof NUMERIC_FILTERS)[number];

export const ZFilterOptions = z.object({
  total_customers: z.number().int(),
  segments: list(z.object({ segment_id: z.string(), segment_name: z.string(), size: z.number().int() })).describe(
    "all_customers first, then by size",
  ),
  cities: list(ZValueCount).describe("Customers per city (case-insensitive, as the filter compares)"),
  countries: list(ZValueCount),
  genders: list(ZValueCount),
  ranges: z.object(
    Object.fromEntries(NUMERIC_FILTERS.map((name) => [name, ZRange])) as Record<NumericFilter, typeof ZRange>,
  ),
  categories: list(ZValueCount).describe("Category names (any level) with their number of items"),
  attributes: list(ZValueCount).describe("attribute_<name>=<value> pairs with their number of items"),
});
export type TFilterOptions = z.infer<typeof ZFilterOptions>;

type Facet = "segment" | "city" | "country" | "gender";
interface FacetRow {
  facet: Facet;
  value: string;
  name: string;
  n: number;
}

/**
 * Customers per segment, city, country and gender in one scan. Text facets are merged by
 * lower(value), the filters' comparison; values that are blank or carry surrounding spaces (which
 * no filter value can match: the filter trims what it is given) are left out.
 */
const FACETS_SQL = `
WITH raw AS (
  SELECT CASE WHEN GROUPING(c.segment_id) = 0 THEN 'segment'
              WHEN GROUPING(c.city) = 0 THEN 'city'
              WHEN GROUPING(c.country) = 0 THEN 'country'
              ELSE 'gender' END AS facet,
         COALESCE(c.segment_id, c.city, c.country, c.gender) AS value,
         c.segment_name AS name,
         COUNT(*)::int AS n
  FROM customers c
  GROUP BY GROUPING SETS ((c.segment_id, c.segment_name), (c.city), (c.country), (c.gender))
), merged AS (
  SELECT facet,
         (array_agg(value ORDER BY n DESC, value COLLATE "C"))[1] AS value,
         COALESCE(max(name), '') AS name,
         SUM(n)::int AS n
  FROM raw
  WHERE value <> '' AND (facet = 'segment' OR value = btrim(value))
  GROUP BY facet, CASE WHEN facet = 'segment' THEN value ELSE lower(value) END
), ranked AS (
  SELECT *, row_number() OVER (PARTITION BY facet ORDER BY n DESC, value COLLATE "C") AS r FROM merged
)
SELECT facet, value, name, n FROM ranked WHERE r <= $1 ORDER BY facet, r`;

/** SQL for the min and max of a numeric filter's expression (compile.ts's, so they agree). */
function rangeSql(name: NumericFilter): { min: string; max: string } {
  const expr = FILTERS[name]!.expr!;
  if (name !== "days-since-last-purchase") return { min: `min(${expr})::float8`, max: `max(${expr})::float8` };
  // The days fall as last_purchase_at rises: the expression at the latest purchase is the least
  // (the same arithmetic on one value instead of an epoch per customer).
  return {
    min: `(${expr.replaceAll("c.last_purchase_at", "max(c.last_purchase_at)")})::float8`,
    max: `(${expr.replaceAll("c.last_purchase_at", "min(c.last_purchase_at)")})::float8`,
  };
}

const RANGES_SQL = `SELECT COUNT(*)::int AS total, ${NUMERIC_FILTERS.map((name, k) => {
  const { min, max } = rangeSql(name);
  return `${min} AS min${k}, ${max} AS max${k}`;
}).join(", ")} FROM customers c`;

/**
 * Category names and attribute pairs with their number of items, as compile.ts's purchased
 * filter matches them: x->>'category_name' exactly; attribute_name || '=' ||
 * lower(attribute_value), for names the filter accepts (attribute_<a-z0-9_>) and values without
 * surrounding spaces. Each item's own list is made distinct first (small), so the counting is one
 * hash aggregate over the values.
 */
const ITEM_OPTIONS_SQL = `
WITH counted AS (
  SELECT 'category' AS facet, v.value, COUNT(*)::int AS n
  FROM items i CROSS JOIN LATERAL (
    SELECT DISTINCT x->>'category_name' AS value
    FROM jsonb_array_elements(CASE jsonb_typeof(i.categories) WHEN 'array' THEN i.categories ELSE '[]' END) x
  ) v
  WHERE v.value <> ''
  GROUP BY v.value
  UNION ALL
  SELECT 'attribute', v.value, COUNT(*)::int
  FROM items i CROSS JOIN LATERAL (
    SELECT DISTINCT (a->>'attribute_name') || '=' || lower(a->>'attribute_value') AS value
    FROM jsonb_array_elements(CASE jsonb_typeof(i.attributes) WHEN 'array' THEN i.attributes ELSE '[]' END) a
    WHERE a->>'attribute_name' ~ '^attribute_[a-z0-9_]+$'
      AND a->>'attribute_value' <> '' AND a->>'attribute_value' = btrim(a->>'attribute_value')
  ) v
  GROUP BY v.value
), ranked AS (
  SELECT *, row_number() OVER (PARTITION BY facet ORDER BY n DESC, value COLLATE "C") AS r FROM counted
)
SELECT facet, value, n FROM ranked WHERE r <= $1 ORDER BY facet, r`;

function capped<T>(rows: T[]) {
  return { options: rows.slice(0, OPTIONS_LIMIT), truncated: rows.length > OPTIONS_LIMIT };
}

/**
 * One statement without JIT compilation: the planner takes jsonb_array_elements for 100 rows per
 * item, which puts plain scans over the JIT thresholds, and compiling took longer than running
 * (about 1 s against 0.1 s on 50,000 items).
 */
function queryWithoutJit<T>(database: Database, text: string, params: unknown[] = []): Promise<T[]> {
  return database.transaction(async (sql) => {
    await sql.exec("SET LOCAL jit = off");
    return sql.query<T>(text, params);
  });
}

export async function getFilterOptions(options: { database?: Database } = {}): Promise<TFilterOptions> {
  const database = options.database ?? (await getDatabase());
  // One more than shown tells whether there are more. Three statements: on PostgreSQL they run
  // side by side on their own connections.
  const [facets, [ranges], items] = await Promise.all([
    queryWithoutJit<FacetRow>(database, FACETS_SQL, [OPTIONS_LIMIT + 1]),
    queryWithoutJit<Record<string, number | null>>(database, RANGES_SQL),
    queryWithoutJit<{ facet: "category" | "attribute"; value: string; n: number }>(database, ITEM_OPTIONS_SQL, [
      OPTIONS_LIMIT + 1,
    ]),
  ]);
  const of = (facet: Facet) =>
    capped(facets.filter((r) => r.facet === facet).map((r) => ({ value: r.value, count: Number(r.n) })));
  const total = Number(ranges!.total);
  const segments = capped(
    facets
      .filter((r) => r.facet === "segment")
      .map((r) => ({ segment_id: r.value, segment_name: r.name || r.value, size: Number(r.n) })),
  );
  return {
    total_customers: total,
    segments: {
      options: [{ segment_id: ALL_CUSTOMERS, segment_name: "All customers", size: total }, ...segments.options],
      truncated: segments.truncated,
    },
    cities: of("city"),
    countries: of("country"),
    genders: of("gender"),
    ranges: Object.fromEntries(
      NUMERIC_FILTERS.map((name, k) => {
        const min = ranges![`min${k}`];
        const max = ranges![`max${k}`];
        return [
          name,
          min === null || max === null || min === undefined || max === undefined
            ? null
            : { min: Number(min), max: Number(max) },
        ];
      }),
    ) as TFilterOptions["ranges"],
    categories: capped(
      items.filter((r) => r.facet === "category").map((r) => ({ value: r.value, count: Number(r.n) })),
    ),
    attributes: capped(
      items.filter((r) => r.facet === "attribute").map((r) => ({ value: r.value, count: Number(r.n) })),
    ),
  };
}
