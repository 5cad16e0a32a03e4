/**
 * The funnel of a filter set: how many customers hold after each filter, in one statement
 * (COUNT(*) FILTER per step over the customers table). count_before of a filter is the previous
 * one's count_now, the first one's the number of all customers; filtered_percentage is
 * count_now / count_before x 100 with two decimals.
 */
import type { SqlRunner } from "@/lib/db/client";
import { validationError } from "@/lib/http/errors";
import { compileFunnel, orderedFilters } from "./compile";
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

/** Compiles the filters (422 naming the filter on a bad one) and counts every step. */
export async function funnel(sql: SqlRunner, groups: TFilterGroupInput[]): Promise<Funnel> {
  const compiled = compileFunnel(groups);
  if (compiled.errors.length > 0) throw validationError(compiled.errors);
  const columns = compiled.steps.map((step, k) => `COUNT(*) FILTER (WHERE ${step})::int AS s${k}`);
  const rows = await sql.query<Record<string, number>>(
    `SELECT ${["COUNT(*)::int AS total", ...columns].join(", ")} FROM customers c`,
    compiled.params,
  );
  const row = rows[0]!;
  const total = Number(row.total);
  const steps: StepCount[] = [];
  let before = total;
  for (let k = 0; k < compiled.steps.length; k++) {
    const now = Number(row[`s${k}`]);
    steps.push({ count_before: before, count_now: now, filtered_percentage: percentage(now, before) });
    before = now;
  }
  return { total, size: steps.at(-1)?.count_now ?? total, steps };
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
