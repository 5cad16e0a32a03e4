/**
 * What runs in the background now, for the studio's indicator (components/studio/background-work.tsx)
 * and GET /system/background-work: the demo shop load and the model build with their progress
 * (the same figures the log prints), and counts of calculations, exports and campaign sends under way.
 */
import { z } from "zod";
import { getDemoProgress } from "@/lib/data/demo-progress";
import { getDatabase } from "@/lib/db/client";
import { STALE_MS } from "@/lib/recommend/build-lease";

export const ZBackgroundTask = z.object({
  kind: z.enum(["demo_load", "model_build", "calculation", "export", "send"]),
  label: z.string().describe("What runs, in words for the studio"),
  done: z.number().int().nullable().describe("Units done, when the work counts them"),
  total: z.number().int().nullable(),
  percent: z.number().int().min(0).max(100).nullable(),
});
export const ZBackgroundWork = z.object({ tasks: z.array(ZBackgroundTask) });
export type TBackgroundWork = z.infer<typeof ZBackgroundWork>;
type Task = z.infer<typeof ZBackgroundTask>;

const percentOf = (done: number, total: number) => (total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : null);

export async function getBackgroundWork(): Promise<TBackgroundWork> {
  const { sql } = await getDatabase();
  const [demo, builds, counts] = await Promise.all([
    getDemoProgress(),
    // A build whose builder stopped beating (lib/recommend/build-lease.ts) was lost with its
    // process, however recently it started; one that beats runs, however long ago it started.
    sql.query<{ progress: { step?: string; done?: number; total?: number } | null }>(
      `SELECT stats->'progress' AS progress FROM rec_models
       WHERE status = 'building' AND date_heartbeat > now() - make_interval(secs => $1)
       ORDER BY date_started DESC LIMIT 1`,
      [STALE_MS / 1000],
    ),
    sql.query<{ calculating: number; exports: number; rows_done: number; rows_total: number; sends: number }>(
      `SELECT (SELECT count(*)::int FROM touchpoints WHERE is_calculating) AS calculating,
              e.exports, e.rows_done, e.rows_total,
              (SELECT count(*)::int FROM campaign_sends WHERE status IN ('Preparing', 'Sending')) AS sends
       FROM (SELECT count(*)::int AS exports, coalesce(sum(rows_done), 0)::int AS rows_done,
                    coalesce(sum(rows_total), 0)::int AS rows_total
             FROM audience_exports WHERE status IN ('queued', 'running')) e`,
    ),
  ]);
  const tasks: Task[] = [];
  if (demo?.state === "loading") {
    tasks.push({
      kind: "demo_load",
      label: `Loading the demo shop (${demo.phase})`,
      done: demo.done,
      total: demo.total,
      percent: percentOf(demo.done, demo.total),
    });
  }
  const build = builds[0];
  if (build) {
    const { step, done = 0, total = 0 } = build.progress ?? {};
    tasks.push({
      kind: "model_build",
      label: step ? `Building recommendation models (${step})` : "Building recommendation models (reading events)",
      done: total ? done : null,
      total: total || null,
      percent: total ? percentOf(done, total) : null,
    });
  }
  const c = counts[0];
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  if (c?.calculating) {
    tasks.push({
      kind: "calculation",
      label: `Calculating ${plural(c.calculating, "touchpoint", "touchpoints")}`,
      done: null,
      total: null,
      percent: null,
    });
  }
  if (c?.exports) {
    tasks.push({
      kind: "export",
      label: `Exporting ${plural(c.exports, "audience", "audiences")}`,
      done: c.rows_done,
      total: c.rows_total || null,
      percent: percentOf(c.rows_done, c.rows_total),
    });
  }
  if (c?.sends) {
    tasks.push({
      kind: "send",
      label: `Sending ${plural(c.sends, "campaign", "campaigns")}`,
      done: null,
      total: null,
      percent: null,
    });
  }
  return { tasks };
}
