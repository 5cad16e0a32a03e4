/**
 * The figures of work done outside this thread, read from the database at scrape time: jobs run
 * in the job worker thread (embedded database) or in `npm run worker` processes (PostgreSQL), so
 * counters in the web thread would never see them. Read at most every CACHE_MS (scrapes in
 * between get the last figures), each a small query on an index or a small table:
 *
 * - queue depth and jobs finished since the last read (their wait and run times go into
 *   histograms): pg-boss's job table, which keeps finished jobs a week (some tens of thousands
 *   of rows with the schedules here; no index on completed_on, so a scan each read);
 * - messages handed on since the last read (outbox_messages, on its date_created index), and
 *   campaign messages failed (per send: closed sends keep their count, open ones are counted on
 *   the (send_id, status) index; failed SMS fallback legs on the (channel, status,
 *   fallback_status) index);
 * - import runs since the last read, and runs still open (a demo load, a CLI import) as they grow;
 * - the newest ready model build and its newest incremental update.
 *
 * Counters count from the process's first scrape (Prometheus's rate() and increase() expect
 * counters that start at a process's start). Rows are read up to LAG_MS ago: a row's timestamp is
 * taken before its transaction commits, and one that commits later than that would be missed.
 * Every web process reads the same database: sum these over one instance, not over all.
 */
import { getDatabase, type SqlRunner } from "@/lib/db/client";
import { env } from "@/lib/env";
import { JOBS } from "@/lib/jobs/names";
import { log } from "@/lib/log";
import { processWide } from "@/lib/process-wide";
import { type Metrics, metrics } from "./registry";

const CACHE_MS = 10_000;
const LAG_MS = 30_000;
/** Jobs read per refresh at most (the rest are read by the next). */
const JOB_ROWS = 5000;

interface OpenRun {
  kind: string;
  received: number;
  upserted: number;
  rejected: number;
}

const state = processWide("metrics.database", () => ({
  /** Rows up to this time are counted; undefined before the first read. */
  until: undefined as Date | undefined,
  /** Import runs seen unfinished: their figures so far (counted), to count what they add. */
  openRuns: new Map<string, OpenRun>(),
  /** Per send (and fallback legs per send): failed messages counted so far. */
  sendFailed: new Map<string, number>(),
  fallbackFailed: new Map<string, number>(),
  readAt: 0,
  reading: undefined as Promise<void> | undefined,
  cacheMs: CACHE_MS,
  lagMs: LAG_MS,
}));

/** Tests: read at every scrape, rows up to now. */
export function setFigureTimingForTests(timing: { cacheMs: number; lagMs: number }): void {
  state.cacheMs = timing.cacheMs;
  state.lagMs = timing.lagMs;
}

/** Brings the database figures up to date when the last read is older than the cache time. */
export function refreshDatabaseFigures(): Promise<void> {
  if (state.reading) return state.reading;
  if (Date.now() - state.readAt < state.cacheMs) return Promise.resolve();
  state.reading = readAll(metrics())
    .then(
      () => metrics().databaseUp.set(1),
      (error) => {
        // The scrape still answers (requests, event loop, heap); the database figures stay as they were.
        metrics().databaseUp.set(0);
        log.warn("metrics: database figures not read", { error: String(error) });
      },
    )
    .finally(() => {
      state.readAt = Date.now();
      state.reading = undefined;
    });
  return state.reading;
}

async function readAll(m: Metrics): Promise<void> {
  const { sql } = await getDatabase();
  const until = new Date(Date.now() - state.lagMs);
  const since = state.until;
  // pg-boss makes its tables when a process first starts it: until then there are no jobs to read.
  const [boss] = await sql.query<{ present: boolean }>("SELECT to_regclass('pgboss.job') IS NOT NULL AS present");
  const jobs = boss?.present === true;
  if (jobs) await readQueues(sql, m);
  await readModel(sql, m);
  await readFailedMessages(sql, m, since === undefined);
  if (since === undefined) {
    // The first read only sets where counting starts (and which runs are open then).
    noteImportRuns(m, undefined, await queryImportRuns(sql, undefined, until));
    state.until = until;
    return;
  }
  if (until <= since) return;
  // Everything of the window is read before anything is counted: a query that fails leaves the
  // window to the next scrape, never counted twice.
  const finished = jobs ? await queryFinishedJobs(sql, since, until) : { rows: [], stop: undefined };
  const end = finished.stop ?? until;
  const sent = await querySentMessages(sql, since, end);
  const runs = await queryImportRuns(sql, since, end);
  for (const r of finished.rows) {
    m.jobsFinished.labels(r.name, r.state).inc();
    if (r.wait_s !== null) m.jobWaitSeconds.labels(r.name).observe(Math.max(0, r.wait_s));
    if (r.run_s !== null) m.jobRunSeconds.labels(r.name).observe(Math.max(0, r.run_s));
  }
  for (const r of sent) m.messagesSent.labels(r.provider, r.channel).inc(r.n);
  noteImportRuns(m, since, runs);
  state.until = end;
}

async function readQueues(sql: SqlRunner, m: Metrics): Promise<void> {
  // state < 'active' is the predicate of pg-boss's job_i11 index; active jobs are few.
  const rows = await sql.query<{ name: string; queued: number; deferred: number; active: number }>(
    `SELECT name,
            COUNT(*) FILTER (WHERE state < 'active' AND start_after <= now())::int AS queued,
            COUNT(*) FILTER (WHERE state < 'active' AND start_after > now())::int AS deferred,
            COUNT(*) FILTER (WHERE state = 'active')::int AS active
       FROM pgboss.job WHERE state <= 'active' GROUP BY name`,
  );
  const byName = new Map(rows.map((r) => [r.name, r]));
  // Every queue shows, idle ones with 0 (an absent series is not a zero on a dashboard).
  for (const name of new Set([...Object.values(JOBS), ...byName.keys()])) {
    const row = byName.get(name);
    m.queueDepth.labels(name, "queued").set(row?.queued ?? 0);
    m.queueDepth.labels(name, "deferred").set(row?.deferred ?? 0);
    m.queueDepth.labels(name, "active").set(row?.active ?? 0);
  }
}

interface FinishedJob {
  name: string;
  state: string;
  wait_s: number | null;
  run_s: number | null;
  at_ms: number;
}

/**
 * Jobs finished in (since, until], to the millisecond (pg-boss keeps microseconds; the window's
 * ends are milliseconds). Past JOB_ROWS, stops before the last millisecond read (`stop`), which
 * may have rows not read yet.
 */
async function queryFinishedJobs(
  sql: SqlRunner,
  since: Date,
  until: Date,
): Promise<{ rows: FinishedJob[]; stop: Date | undefined }> {
  const rows = await sql.query<FinishedJob>(
    `SELECT name, state::text AS state,
            (EXTRACT(EPOCH FROM date_trunc('milliseconds', completed_on)) * 1000)::float8 AS at_ms,
            EXTRACT(EPOCH FROM (started_on - start_after))::float8 AS wait_s,
            EXTRACT(EPOCH FROM (completed_on - started_on))::float8 AS run_s
       FROM pgboss.job
      WHERE state IN ('completed', 'failed')
        AND date_trunc('milliseconds', completed_on) > $1 AND date_trunc('milliseconds', completed_on) <= $2
      ORDER BY completed_on LIMIT $3`,
    [since, until, JOB_ROWS],
  );
  if (rows.length < JOB_ROWS) return { rows, stop: undefined };
  const last = rows[rows.length - 1]!.at_ms;
  const before = rows.filter((r) => r.at_ms < last);
  // Thousands of jobs in one millisecond: take them all rather than never move on.
  if (before.length === 0) return { rows, stop: new Date(last) };
  return { rows: before, stop: new Date(last - 1) };
}

async function querySentMessages(sql: SqlRunner, since: Date, until: Date) {
  return sql.query<{ provider: string; channel: string; n: number }>(
    `SELECT provider, channel, COUNT(*)::int AS n FROM outbox_messages
      WHERE date_created > $1 AND date_created <= $2 GROUP BY provider, channel`,
    [since, until],
  );
}

/** The provider a channel's messages go to with this process's settings (lib/messaging/send-message.ts). */
function providerOf(channel: string): string {
  const settings = env();
  if (channel === "email") return settings.SMTP_URL ? "smtp" : "outbox";
  if (channel === "sms") return settings.SMS_PROVIDER;
  return settings.VIBER_PROVIDER;
}

/**
 * Failed campaign messages, counted per send as they grow: the first read takes what is there as
 * counted already. A viber_sms message's first leg counts as viber, its SMS leg as sms.
 */
async function readFailedMessages(sql: SqlRunner, m: Metrics, first: boolean): Promise<void> {
  const sends = await sql.query<{ send_id: string; channel: string; failed: number }>(
    `SELECT s.send_id, c.channel_type AS channel,
            CASE WHEN s.status IN ('Preparing', 'Sending')
                 THEN (SELECT COUNT(*)::int FROM campaign_messages m WHERE m.send_id = s.send_id AND m.status = 'failed')
                 ELSE s.failed END AS failed
       FROM campaign_sends s JOIN campaigns c ON c.campaign_key = s.campaign_key`,
  );
  const fallbacks = await sql.query<{ send_id: string; failed: number }>(
    `SELECT send_id, COUNT(*)::int AS failed FROM campaign_messages
      WHERE channel = 'viber_sms' AND status = 'sent' AND fallback_status = 'failed' GROUP BY send_id`,
  );
  /** Counts what a send's failures grew by since the last read; answers the figure to keep. */
  const count = (seen: Map<string, number>, id: string, failed: number, channel: string) => {
    const before = seen.get(id) ?? 0;
    if (!first && failed > before) m.messagesFailed.labels(providerOf(channel), channel).inc(failed - before);
    return Math.max(before, failed);
  };
  const sendFailed = new Map<string, number>();
  for (const s of sends) {
    const channel = s.channel === "viber_sms" ? "viber" : s.channel;
    sendFailed.set(s.send_id, count(state.sendFailed, s.send_id, s.failed, channel));
  }
  const fallbackFailed = new Map<string, number>();
  for (const f of fallbacks) fallbackFailed.set(f.send_id, count(state.fallbackFailed, f.send_id, f.failed, "sms"));
  // Sends deleted since (a deleted campaign) drop out.
  state.sendFailed = sendFailed;
  state.fallbackFailed = fallbackFailed;
}

type ImportRunRow = OpenRun & { id: string; finished: boolean };

/** Import runs started in (since, until] and those seen open before (the first read: the last day's). */
async function queryImportRuns(sql: SqlRunner, since: Date | undefined, until: Date): Promise<ImportRunRow[]> {
  return sql.query<ImportRunRow>(
    `SELECT id, kind, received, upserted, rejected, date_finished IS NOT NULL AS finished FROM import_runs
      WHERE (date_started > $1 AND date_started <= $2) OR id = ANY($3::text[])`,
    [since ?? new Date(until.getTime() - 86_400_000), until, [...state.openRuns.keys()]],
  );
}

/** Counts what each run added since it was last seen (not on the first read), and keeps the open ones. */
function noteImportRuns(m: Metrics, since: Date | undefined, rows: ImportRunRow[]): void {
  for (const r of rows) {
    const before = state.openRuns.get(r.id) ?? { kind: r.kind, received: 0, upserted: 0, rejected: 0 };
    if (since !== undefined) {
      for (const outcome of ["received", "upserted", "rejected"] as const) {
        const added = r[outcome] - before[outcome];
        if (added > 0) m.intakeRecords.labels(r.kind, outcome).inc(added);
      }
    }
    if (r.finished) state.openRuns.delete(r.id);
    else state.openRuns.set(r.id, { kind: r.kind, received: r.received, upserted: r.upserted, rejected: r.rejected });
  }
}

async function readModel(sql: SqlRunner, m: Metrics): Promise<void> {
  const [row] = await sql.query<{
    model_id: string;
    age_s: number;
    build_s: number;
    events: string;
    patch_seq: number | null;
    patch_age_s: number | null;
  }>(
    `SELECT m.model_id, EXTRACT(EPOCH FROM (now() - m.date_built))::float8 AS age_s,
            EXTRACT(EPOCH FROM (m.date_built - m.date_started))::float8 AS build_s, m.events::text AS events,
            p.seq AS patch_seq, EXTRACT(EPOCH FROM (now() - p.date_created))::float8 AS patch_age_s
       FROM (SELECT * FROM rec_models WHERE status = 'ready' AND date_built IS NOT NULL
              ORDER BY date_built DESC LIMIT 1) m
       LEFT JOIN LATERAL (SELECT seq, date_created FROM rec_model_patches
                           WHERE model_id = m.model_id ORDER BY seq DESC LIMIT 1) p ON true`,
  );
  // Labelled by the build, so that before the first build there is no series (not a misleading 0).
  m.modelAge.reset();
  m.modelBuildSeconds.reset();
  m.modelEvents.reset();
  m.modelUpdates.reset();
  m.modelUpdateAge.reset();
  if (!row) return;
  m.modelAge.labels(row.model_id).set(Math.max(0, row.age_s));
  m.modelBuildSeconds.labels(row.model_id).set(Math.max(0, row.build_s));
  m.modelEvents.labels(row.model_id).set(Number(row.events));
  m.modelUpdates.labels(row.model_id).set(Number(row.patch_seq ?? 0));
  if (row.patch_age_s !== null) m.modelUpdateAge.labels(row.model_id).set(Math.max(0, row.patch_age_s));
}
