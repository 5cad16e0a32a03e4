/**
 * The sweeper of lost calculations: a touchpoint still marked calculating a minute after its
 * calculation was asked for, with no job left in the queue that could finish it (the job failed
 * for good, expired, was cancelled, or was never queued because the process died in between), is
 * recorded as failed: not calculating, the reason in calculation_error, its strategies editable.
 * Runs when the workers start and every five minutes.
 */
import { getDatabase } from "@/lib/db/client";
import { JOBS } from "@/lib/jobs/names";
import { recordCalculationFailure } from "./calculate-touchpoint";

/** Long enough for the job to be queued after the touchpoint is marked calculating. */
const GRACE_SECONDS = 60;

export const LOST_CALCULATION =
  "The calculation did not finish: its job failed, expired or was lost (for example when the worker stopped). Save the touchpoint to retry it.";

export async function sweepLostCalculations(options: { graceSeconds?: number } = {}): Promise<string[]> {
  const database = await getDatabase();
  const rows = await database.sql.query<{ touchpoint_id: string }>(
    `SELECT t.touchpoint_id FROM touchpoints t
      WHERE t.is_calculating
        AND coalesce(t.date_calculation_requested, t.date_modified) < now() - make_interval(secs => $1)
        AND NOT EXISTS (
          SELECT 1 FROM pgboss.job j
           WHERE j.name = ANY($2::text[]) AND j.singleton_key = t.touchpoint_id
             AND j.state IN ('created', 'retry', 'active'))`,
    [options.graceSeconds ?? GRACE_SECONDS, [JOBS.calculateTouchpoint, JOBS.warmSearch]],
  );
  for (const row of rows) await recordCalculationFailure(row.touchpoint_id, new Error(LOST_CALCULATION));
  return rows.map((r) => r.touchpoint_id);
}
