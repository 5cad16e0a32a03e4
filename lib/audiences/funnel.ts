/**
 * The funnel of a filter set: how many customers hold after each filter, in one statement over
 * the customers table (with only AND connectors, each customer placed at its first failing filter;
 * otherwise each filter evaluated once per customer and the steps folded over the distinct
 * outcomes). count_before of a filter is the previous one's count_now, the first one's the number
 * of all customers; filtered_percentage is count_now / count_before x 100 with two decimals.
 */
import type { Database, SqlRunner } from "@/lib/db/client";
import { guardedQuery } from "@/lib/db/guarded-query";
import { readDatabase } from "@/lib/db/replica";
import { validationError } from "@/lib/http/errors";
import { type CompiledFunnel, compileFunnel, orderedFilters } from "./compile";
import type { TFilterGroupInput } from "./schemas";

export interface StepCount {
  count_before: number;
  count_now: number;
  filtered_percentage: string;
}

export interface Funnel {
  total: number;
  size: number;
  /** Per filter, in funnel order. */
  steps: StepCount[];
}

export function percentage(now: number, before: number): string {
  return before > 0 ? ((now / before) * 100).toFixed(2) : "0.00";
}

/**
 * Compiles the filters (422 naming the filter on a bad one) and counts every step, on the read
 * replica when there is one (the primary's writes so far included: lib/db/replica.ts).
 */
export async function funnel(primary: Database, groups: TFilterGroupInput[]): Promise<Funnel> {
  const compiled = compileFunnel(groups);
  if (compiled.errors.length > 0) throw validationError(compiled.errors);
  const label = "audience funnel";
  const database = await readDatabase(label, primary);
  const { total, counts } = await guardedQuery(
    async (sql) => {
      // PostgreSQL's estimate charges a product filter's lookup to every customer (it cannot know
      // the filters before it stop most), so by default it JIT-compiles the statement: 0.15-1.2 s
      // at 1M customers, as much as the count itself takes (docs/benchmarks.md, "Audience funnel speed").
      if (database.kind === "postgres") await sql.query("SET LOCAL jit = off");
      return compiled.allAnd && compiled.conditions.length > 0 ? chainCounts(sql, compiled) : stepCounts(sql, compiled);
    },
    { database, label },
  );
  const steps: StepCount[] = [];
  let before = total;
  for (const now of counts) {
    steps.push({ count_before: before, count_now: now, filtered_percentage: percentage(now, before) });
    before = now;
  }
  return { total, size: steps.at(-1)?.count_now ?? total, steps };
}

/**
 * Any connectors. Each customer's filters are evaluated once, into an array of booleans (NULL
 * counts as false: the steps only AND and OR whole conditions, so a step is true exactly when it
 * is true with every unknown filter false); customers are grouped by that array, and the steps
 * are folded left to right over the distinct arrays, not over customers, by a recursive query
 * whose text does not depend on the number of filters: the statement grows linearly with the
 * filters (writing each step's whole condition out grew with their square: 1,000 OR-ed filters
 * made 170 MB of SQL). connectors and group starts are parameters.
 */
async function stepCounts(sql: SqlRunner, compiled: CompiledFunnel) {
  const { statement, params } = foldStatement(compiled);
  const rows = await sql.query<{ k: number; n: string | null }>(statement, params);
  const byStep = new Map(rows.map((r) => [Number(r.k), Number(r.n ?? 0)]));
  return {
    total: byStep.get(-1) ?? 0,
    counts: compiled.conditions.map((_, k) => byStep.get(k) ?? 0),
  };
}

/** stepCounts' statement and parameters (exported for the unit test of its size). */
export function foldStatement(compiled: CompiledFunnel): { statement: string; params: unknown[] } {
  const p = compiled.params.length;
  const starts = `($${p + 1}::boolean[])`;
  const connectors = `($${p + 2}::text[])`;
  const count = `$${p + 3}::int`;
  const join = (left: string, connector: string, right: string) =>
    `CASE WHEN ${connector} = 'AND' THEN ${left} AND ${right} ELSE ${left} OR ${right} END`;
  // A step: the complete groups (done, joined by done_connector) with the current group (cur).
  const step = `CASE WHEN f.done IS NULL THEN f.cur ELSE ${join("f.done", "f.done_connector", "f.cur")} END`;
  const next = "f.b[f.k + 2]";
  const statement = `WITH RECURSIVE p AS (
      SELECT ARRAY[${compiled.conditions.map((c) => `(${c}) IS TRUE`).join(", ")}]::boolean[] AS b, COUNT(*)::bigint AS n
      FROM customers c GROUP BY 1
    ),
    f AS (
      SELECT p.b, p.n, 0 AS k, NULL::boolean AS done, 'AND'::text AS done_connector, p.b[1] AS cur FROM p
      UNION ALL
      SELECT f.b, f.n, f.k + 1,
        CASE WHEN ${starts}[f.k + 2] THEN ${step} ELSE f.done END,
        CASE WHEN ${starts}[f.k + 2] THEN ${connectors}[f.k + 2] ELSE f.done_connector END,
        CASE WHEN ${starts}[f.k + 2] THEN ${next} ELSE ${join("f.cur", `${connectors}[f.k + 2]`, next)} END
      FROM f WHERE f.k + 1 < ${count}
    )
    SELECT -1 AS k, SUM(p.n)::text AS n FROM p
    UNION ALL
    SELECT f.k, (SUM(f.n) FILTER (WHERE ${step}))::text AS n FROM f GROUP BY f.k`;
  return {
    statement,
    params: [...compiled.params, compiled.groupStarts, compiled.connectors, compiled.conditions.length],
  };
}

/** Decimal digits per place in chainCounts' sum: up to 10^10 - 1 customers. */
const PLACE_DIGITS = 10;

/**
 * Only AND connectors: step k holds where filters 0..k all hold, so a customer's place is its
 * first failing filter (n when none fails) and count_now of step k is the number of customers
 * placed after k. The CASE evaluates each filter at most once per customer, in funnel order,
 * stopping at the first failure as a plain WHERE does, instead of once in every step from its
 * own on. The places are counted by one numeric sum, customer at place k adding 10^(10k), read
 * back ten digits a place: one aggregate over one output row keeps PostgreSQL's product filters
 * a lookup per customer who reaches them. (Grouped by place, the CASE is computed per scanned
 * row and PostgreSQL hashes every buyer of the period first: 1 s more at 10 million events.)
 */
async function chainCounts(sql: SqlRunner, compiled: CompiledFunnel) {
  const n = compiled.conditions.length;
  const rows = await sql.query<{ places: string | null }>(chainStatement(compiled), compiled.params);
  const base = 10n ** BigInt(PLACE_DIGITS);
  let places = BigInt(rows[0]?.places ?? "0");
  const atPlace: number[] = [];
  for (let k = 0; k <= n; k++) {
    atPlace.push(Number(places % base));
    places /= base;
  }
  let passed = atPlace.reduce((sum, x) => sum + x, 0);
  const total = passed;
  const counts: number[] = [];
  for (let k = 0; k < n; k++) {
    passed -= atPlace[k]!;
    counts.push(passed);
  }
  return { total, counts };
}

/** chainCounts' statement (exported for the benchmark's EXPLAIN). */
export function chainStatement(compiled: CompiledFunnel): string {
  const whens = compiled.conditions.map(
    (condition, k) => `WHEN (${condition}) IS NOT TRUE THEN 1e${PLACE_DIGITS * k}::numeric`,
  );
  const last = PLACE_DIGITS * compiled.conditions.length;
  return `SELECT SUM(CASE ${whens.join(" ")} ELSE 1e${last}::numeric END)::text AS places FROM customers c`;
}

/** The groups with each filter's counts in place (response shape). */
export function withCounts(groups: TFilterGroupInput[], steps: (StepCount | undefined)[]) {
  const countOf = new Map<string, StepCount | undefined>();
  for (const [k, o] of orderedFilters(groups).entries()) countOf.set(`${o.at[0]}:${o.at[1]}`, steps[k]);
  return groups.map((group, g) => ({
    ...group,
    values: group.values.map((filter, f) => {
      const c = countOf.get(`${g}:${f}`);
      return {
        ...filter,
        count_before: c?.count_before ?? null,
        count_now: c?.count_now ?? null,
        filtered_percentage: c?.filtered_percentage ?? null,
      };
    }),
  }));
}
