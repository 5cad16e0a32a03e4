/**
 * pg-boss over the same database, through its own small pool (on the embedded database, over the
 * socket of the database's thread). Workers run in a thread of the web process on the embedded
 * database and in separate processes (`npm run worker`) on PostgreSQL. Enqueue inside a Prisma transaction with
 * `send(name, data, { db: fromPrisma(tx) })`: a rolled-back transaction never runs its job.
 */
import { PgBoss } from "pg-boss";
import { getDatabase } from "@/lib/db/client";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { processWide } from "@/lib/process-wide";
import { JOBS } from "./names";
import { takes } from "./taken";

const slot = processWide("boss", () => ({
  current: undefined as Promise<PgBoss> | undefined,
  /** Instances being stopped (on globalThis like the instance: either copy of lib/ may stop it). */
  stopping: new WeakSet<PgBoss>(),
}));

async function create(): Promise<PgBoss> {
  const database = await getDatabase();
  const settings = env();
  const boss = new PgBoss({
    connectionString: database.url,
    max: 4,
    connectionTimeoutMillis: connectTimeoutMs(),
    notifyHeartbeatTimeoutMs: listenHeartbeatTimeoutMs(),
    schema: "pgboss",
    // The supervisor fails (and so retries) jobs whose heartbeat stopped or whose time ran out; its
    // default of once a minute would add up to a minute to every recovery after a killed worker.
    superviseIntervalSeconds: settings.JOB_SUPERVISE_SECONDS,
    monitorIntervalSeconds: settings.JOB_SUPERVISE_SECONDS,
    // A worker skips the queued jobs of a stately queue (calculations, builds, the demo load) whose
    // key it believes active, from the `singletons_active` the monitor last wrote and this instance
    // last read (once a minute by default). A job handed back after its worker died stayed invisible
    // for up to that minute (issue 23: the retried calculation seemed to hang), as did the next
    // calculation of a touchpoint whose previous one had just ended. Read the monitor's figures as
    // often as it writes them (a SELECT of the queue table's few rows), at least every 5 s.
    queueCacheIntervalSeconds: Math.min(settings.JOB_SUPERVISE_SECONDS, 5),
    // A job sent wakes the workers of its queue at once (every queue has notify on: ensureQueues),
    // and idle workers only look every JOB_POLL_SECONDS (workQueue below): polling each of the
    // 17 queues twice every 2 s cost the embedded database's thread about a tenth of a core while
    // the service answered content requests. On the embedded database the host passes each
    // notification on to the connections listening (lib/db/embedded/pglite-host.mjs).
    useListenNotify: true,
  });
  boss.on("error", (error) => {
    // A handler still running when stop handed its job back ends after the queue's pool closed:
    // pg-boss then reports that it could not settle the job, which is expected, not a fault.
    if (slot.stopping.has(boss))
      log.warn("job queue: a job handed back at shutdown ended late", { error: error.message });
    else log.error("job queue error", { error });
  });
  boss.on("warning", (warning) => {
    // Without its listener (PgBouncer in transaction pooling, say) a worker looks every 2 s again.
    const type = (warning.data as { type?: string }).type;
    if (type === "listen_notify_unavailable") log.warn("job queue: workers poll every 2 s", { why: warning.message });
    else log.debug("job queue warning", { type, message: warning.message });
  });
  await boss.start();
  await ensureQueues(boss);
  return boss;
}

/**
 * How long pg-boss waits for a connection of its pool. A thread that runs model builds or the demo
 * load holds its event loop for seconds at a time (a build step at 1M customers: tens of seconds);
 * the pool's timer then fires as soon as the step ends, before the connection it waited for is
 * handed over, and every queue this thread polls reported "timeout exceeded when trying to connect"
 * as an error after each long step (about 30 per step in the serving-scale bench). There the wait
 * is as long as such a step may be: LONG_STEP_WAIT_MS, past the builds' heartbeat, because the
 * thread runs at background priority and a step stretches behind a busy web process (1M customers,
 * a rebuild under load: one step of 116 s, 28 s alone, and the timeouts again with a 120-s wait).
 * Elsewhere pg-boss's own 10 s.
 */
const LONG_STEP_WAIT_MS = 600_000;
const takesLongSteps = () => takes(JOBS.buildModels) || takes(JOBS.loadDemo);
export function connectTimeoutMs(): number {
  return takesLongSteps() ? LONG_STEP_WAIT_MS : 10_000;
}

/**
 * How long pg-boss's LISTEN connection waits for the answer of its heartbeat query (every 10 s)
 * before it takes the connection for lost, reconnects and reports an error. The same hazard as
 * the connection wait: in a thread that runs long steps the timer fired as soon as a step ended,
 * before the answer waiting on the socket was read ("LISTEN/NOTIFY heartbeat timed out", logged as
 * an error once per long step of a 1M-customer build). There LONG_STEP_WAIT_MS; a listener really
 * lost meanwhile costs nothing, as the thread's workers also poll (JOB_POLL_SECONDS). Elsewhere
 * pg-boss's own 5 s.
 */
export function listenHeartbeatTimeoutMs(): number {
  return takesLongSteps() ? LONG_STEP_WAIT_MS : 5_000;
}

/**
 * Every queue exists as soon as the process has a pg-boss, so a web process can queue work before
 * any worker has started (one queued job per key where a second would only repeat the first).
 */
async function ensureQueues(boss: PgBoss): Promise<void> {
  for (const name of Object.values(JOBS)) {
    const stately =
      name === JOBS.loadDemo ||
      name === JOBS.calculateTouchpoint ||
      name === JOBS.recalculateAll ||
      name === JOBS.buildModels ||
      // One update runs and one waits: more would only read the same new events.
      name === JOBS.updateModels;
    // A model build on a large shop may take most of an hour (bench: recs-build).
    const expiry = name === JOBS.buildModels ? { expireInSeconds: 3600 } : {};
    await boss.createQueue(name, { ...(stately ? { policy: "stately" as const } : {}), notify: true, ...expiry });
    // createQueue leaves an existing queue as it was: the heartbeat and notify are set on every start.
    await boss.updateQueue(name, { heartbeatSeconds: heartbeatSeconds(name), notify: true });
  }
}

/**
 * A job whose worker died (SIGKILL, a lost machine) stays `active` until pg-boss sees no
 * heartbeat for this long and fails it, which retries it when retries are left: without a
 * heartbeat it would wait for its expiry (up to an hour for a model build). pg-boss beats every
 * half interval from the worker's event loop, so the interval must outlast the longest stretch a
 * job holds its thread: model builds and the demo load have CPU-bound steps of tens of seconds
 * (issue 21 measured 26 s), which would otherwise look like a death and start a second run.
 */
// The default (120 s) is the builds' bound for every queue: all queues of a worker share its
// thread, so while a build step holds the thread no job there beats either, and a send or an
// export running beside a build would otherwise be judged dead and started a second time.
export function heartbeatSeconds(name: string): number {
  const configured = env().JOB_HEARTBEAT_SECONDS;
  return name === JOBS.buildModels || name === JOBS.loadDemo ? Math.max(configured, 120) : configured;
}

/**
 * On the embedded database only one process opens the data directory and only its worker thread
 * runs jobs, so a job still `active` when that thread starts was running in a process that died
 * (SIGKILL, a power cut): it is failed at once, which retries it when retries are left, instead
 * of waiting for its heartbeat to go stale. Never on PostgreSQL, where other workers may be
 * running those jobs; their heartbeat tells. Returns the number of jobs handed back.
 */
export async function handBackOrphanedJobs(boss: PgBoss): Promise<number> {
  const database = await getDatabase();
  const rows = await database.sql.query<{ name: string; id: string }>(
    "SELECT name, id::text FROM pgboss.job WHERE state = 'active'",
  );
  const byQueue = new Map<string, string[]>();
  for (const row of rows) byQueue.set(row.name, [...(byQueue.get(row.name) ?? []), row.id]);
  for (const [name, ids] of byQueue) {
    await boss.fail(name, ids, { message: "the process running this job ended before it finished" });
  }
  if (rows.length) log.warn("jobs of a process that ended were handed back to the queue", { jobs: rows.length });
  return rows.length;
}

/**
 * Runs `run` for each job of queue `name`, `concurrency` at a time. Workers are woken by a
 * notification when a job is sent (every queue has notify on: ensureQueues); their own look comes
 * every `pollSeconds`, for what no notification announces (a retry or a delayed job coming due)
 * and a lost listener. One pg-boss worker per job at a time, each knowing its id: a worker that
 * took a job looks again at once, since a notification that came while it worked is not kept for
 * it (jobs sent together would otherwise drain one per worker per `pollSeconds`).
 */
export async function workQueue(
  boss: PgBoss,
  name: string,
  options: { concurrency: number; pollSeconds: number },
  run: (data: Record<string, unknown>) => Promise<void>,
): Promise<void> {
  const polling = {
    pollingIntervalSeconds: Math.min(2, options.pollSeconds),
    notifyPollingIntervalSeconds: options.pollSeconds,
  };
  for (let i = 0; i < options.concurrency; i++) {
    let self: string | undefined;
    self = await boss.work<Record<string, unknown>>(name, polling, async (jobs) => {
      try {
        for (const job of jobs) await run(job.data ?? {});
      } finally {
        if (self) boss.notifyWorker(self);
      }
    });
  }
}

/** The process's pg-boss, started on first use (schema created/migrated by pg-boss itself). */
export function getBoss(): Promise<PgBoss> {
  slot.current ??= create();
  return slot.current;
}

/**
 * Stops the process's pg-boss: no new jobs are fetched, running ones get `timeoutMs` to finish,
 * and those still running then are failed by pg-boss (failWip), which hands them back to the
 * queue as retries (when retries are left) for the next worker, at once rather than after
 * their heartbeat goes stale.
 */
export async function stopBoss(options: { timeoutMs?: number } = {}): Promise<void> {
  const current = slot.current;
  slot.current = undefined;
  if (!current) return;
  const boss = await current;
  slot.stopping.add(boss);
  await boss.stop({ graceful: true, timeout: options.timeoutMs ?? 5000, close: true });
}
