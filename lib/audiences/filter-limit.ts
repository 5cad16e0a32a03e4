/**
 * The cap on filters per audience (AUDIENCE_MAX_FILTERS, default 50): each filter is a condition
 * every customer is tested against, so an unbounded list lets one request occupy the database.
 * Checked where a request brings filters (estimate, create, update); an audience saved under a
 * higher cap still counts.
 */
import { env } from "@/lib/env";
import { validationError } from "@/lib/http/errors";
import type { TFilterGroupInput } from "./schemas";

export function checkFilterLimit(groups: TFilterGroupInput[]): void {
  const max = env().AUDIENCE_MAX_FILTERS;
  const count = groups.reduce((sum, g) => sum + g.values.length, 0);
  if (count > max) {
    throw validationError([
      {
        loc: ["body", "filters"],
        msg: `holds ${count} filters; an audience takes at most ${max} (AUDIENCE_MAX_FILTERS)`,
      },
    ]);
  }
}
