/**
 * What shoppers searched for over a period, from the search events (one per search, not per
 * keystroke: ./search-chains.ts; the keystroke chains still open are recorded first):
 * the most searched terms with their average result count and the clicks on their results, and
 * the terms that found nothing. Terms are compared case-insensitively.
 */
import { z } from "zod";
import { getDatabase } from "@/lib/db/client";
import { validationError } from "@/lib/http/errors";
import { formatTimestamp } from "@/lib/http/timestamps";
import { flushSearchEvents } from "./record-search";

export const ZSearchReport = z.object({
  from: z.string().describe("Start of the period (local date-time, inclusive)"),
  to: z.string().describe("End of the period (local date-time, exclusive)"),
  touchpoint_id: z.string().nullable().describe("Only this touchpoint's searches, or null for all"),
  searches: z.number().int().describe("Searches asked in the period"),
  distinct_terms: z.number().int(),
  no_result_searches: z.number().int().describe("Searches that found nothing"),
  no_result_rate: z.number().describe("Percent of searches that found nothing"),
  top_searches: z.array(
    z.object({
      term: z.string(),
      searches: z.number().int(),
      average_results: z.number(),
      clicks: z.number().int().describe("Click events with this term in the period (of this touchpoint when filtered)"),
      last_searched: z.string(),
    }),
  ),
  no_results: z.array(
    z.object({
      term: z.string(),
      searches: z.number().int(),
      last_searched: z.string(),
    }),
  ),
});
export type TSearchReport = z.infer<typeof ZSearchReport>;

export async function searchReport(options: {
  days?: number;
  from?: Date;
  to?: Date;
  touchpointId?: string;
  limit: number;
  now?: Date;
}): Promise<TSearchReport> {
  const now = options.now ?? new Date();
  const to = options.to ?? now;
  const from = options.from ?? new Date(to.getTime() - (options.days ?? 30) * 86_400_000);
  if (from >= to) throw validationError([{ loc: ["query", "from"], msg: "must be before to" }]);
  await flushSearchEvents();
  const { sql } = await getDatabase();
  const params: unknown[] = [from, to];
  let where = `event_type = 'search' AND term IS NOT NULL AND "timestamp" >= $1 AND "timestamp" < $2`;
  if (options.touchpointId) {
    params.push(options.touchpointId);
    where += ` AND touchpoint_id = $3`;
  }
  const limitParam = `$${params.length + 1}`;
  const [totals] = await sql.query<{ searches: number; distinct_terms: number; empty: number }>(
    `SELECT count(*)::int AS searches, count(DISTINCT lower(term))::int AS distinct_terms,
            count(*) FILTER (WHERE quantity = 0)::int AS empty
     FROM events WHERE ${where}`,
    params,
  );
  const top = await sql.query<{ term: string; searches: number; results: number; last: Date }>(
    `SELECT lower(term) AS term, count(*)::int AS searches, avg(quantity)::float8 AS results, max("timestamp") AS last
     FROM events WHERE ${where}
     GROUP BY lower(term) ORDER BY searches DESC, term LIMIT ${limitParam}`,
    [...params, options.limit],
  );
  const empty = await sql.query<{ term: string; searches: number; last: Date }>(
    `SELECT lower(term) AS term, count(*)::int AS searches, max("timestamp") AS last
     FROM events WHERE ${where} AND quantity = 0
     GROUP BY lower(term) ORDER BY searches DESC, term LIMIT ${limitParam}`,
    [...params, options.limit],
  );
  const clicks = new Map<string, number>();
  if (top.length > 0) {
    // Clicks of the same touchpoint when the report is about one.
    const rows = await sql.query<{ term: string; clicks: number }>(
      `SELECT lower(term) AS term, count(*)::int AS clicks FROM events
       WHERE event_type = 'click' AND "timestamp" >= $1 AND "timestamp" < $2 AND lower(term) = ANY($3::text[])
         ${options.touchpointId ? "AND touchpoint_id = $4" : ""}
       GROUP BY lower(term)`,
      [from, to, top.map((t) => t.term), ...(options.touchpointId ? [options.touchpointId] : [])],
    );
    for (const r of rows) clicks.set(r.term, r.clicks);
  }
  const searches = totals?.searches ?? 0;
  const noResults = totals?.empty ?? 0;
  return {
    from: formatTimestamp(from),
    to: formatTimestamp(to),
    touchpoint_id: options.touchpointId ?? null,
    searches,
    distinct_terms: totals?.distinct_terms ?? 0,
    no_result_searches: noResults,
    no_result_rate: searches > 0 ? Math.round((noResults / searches) * 10000) / 100 : 0,
    top_searches: top.map((t) => ({
      term: t.term,
      searches: t.searches,
      average_results: Math.round(t.results * 100) / 100,
      clicks: clicks.get(t.term) ?? 0,
      last_searched: formatTimestamp(new Date(t.last)),
    })),
    no_results: empty.map((t) => ({
      term: t.term,
      searches: t.searches,
      last_searched: formatTimestamp(new Date(t.last)),
    })),
  };
}
