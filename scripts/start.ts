/**
 * npm start: builds when the sources changed since the last build, opens the database (on the
 * embedded default, hosts PGlite in a thread of its own), migrates, creates the demo users on an
 * empty database, loads the demo shop in the background, starts the job workers (a worker thread
 * of this process on PGlite; a separate `npm run worker` process on PostgreSQL) and serves the
 * app on PORT. `npm run dev` does the same with Next's dev server.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import next from "next";
import { GET as contentRoute } from "@/app/api/latest/touchpoint-studio/touchpoints/[touchpoint_id]/content/route";
import { demoUsersEnabled, prepareFirstUsers } from "@/lib/auth/first-run";
import { ensureAuthSecret } from "@/lib/auth/secret";
import { pinPlatformClock } from "@/lib/clock";
import { scheduleDemoLoad } from "@/lib/data/demo/schedule-demo-load";
import { startIntakeThread } from "@/lib/data/intake-thread/start-intake-thread";
import { closeDatabase, getDatabase } from "@/lib/db/client";
import { databaseReady } from "@/lib/db/ready";
import { env, setEnv } from "@/lib/env";
import { armHardStop } from "@/lib/hard-stop";
import { markListening, watchEventLoop } from "@/lib/health/event-loop";
import { healthDirect } from "@/lib/health/health-answer";
import { directRoutes } from "@/lib/http/direct-routes";
import { closeGracefully } from "@/lib/http/graceful-close";
import { preloadNextEntries } from "@/lib/http/next-preload";
import { createApiServer } from "@/lib/http/server";
import { stopBoss } from "@/lib/jobs/boss";
import { startWorkerThreads, type WorkerThread } from "@/lib/jobs/thread/start-thread";
import { batchRequestLines, log } from "@/lib/log";
import { startMemoryLog } from "@/lib/memory-log";
import { startIdentityIndex, stopIdentityIndex } from "@/lib/recommend/identity-index";
import { flushImpressions } from "@/lib/recommend/impressions";
import { startLiveShare, stopLiveShare } from "@/lib/recommend/live-share";
import { warmServing } from "@/lib/recommend/warm-up";
import { flushSearchEvents } from "@/lib/search/record-search";
import { warmSearchIndex } from "@/lib/search/warm-up";
import { contentOp } from "@/lib/touchpoints/operations";
import { ensurePredefinedPositions } from "@/lib/touchpoints/positions";

const dev = process.argv.includes("--dev");
const root = process.cwd();

function fingerprint(): string {
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(`${path}:${statSync(path).mtimeMs}:${statSync(path).size}\n`);
    }
  };
  for (const dir of ["app", "components", "lib", "prisma"]) walk(join(root, dir));
  for (const file of ["next.config.mjs", "package.json", "postcss.config.mjs", "tsconfig.json"]) {
    if (existsSync(file)) hash.update(`${file}:${statSync(file).mtimeMs}\n`);
  }
  return hash.digest("hex");
}

function built(marker: string, current: string): boolean {
  return existsSync(join(root, ".next", "BUILD_ID")) && existsSync(marker) && readFileSync(marker, "utf8") === current;
}

/** Whether the process numbered `pid` still runs (a lock whose holder died is stale). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Held while one start builds: two `npm start`s at once (two web processes on one machine, or
 * tests starting several) would run two `next build`s in one .next folder, and Next stops the
 * second ("Wait for the build to complete"). The second waits for the first's build, then finds
 * it current. Outside .next, which the build empties. A lock whose holder died is taken over.
 */
const BUILD_LOCK = join(root, ".lumen-build.lock");
/** Longer than any build takes here (1-5 minutes). */
const STALE_LOCK_MS = 30 * 60_000;
function lockAgeMs(): number {
  try {
    return Date.now() - statSync(BUILD_LOCK).mtimeMs;
  } catch {
    return 0;
  }
}
function lockHolder(): string | undefined {
  try {
    return readFileSync(BUILD_LOCK, "utf8");
  } catch {
    return undefined;
  }
}
function lockBuild(): () => void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  let told = false;
  for (;;) {
    try {
      writeFileSync(BUILD_LOCK, String(process.pid), { flag: "wx" });
      return () => rmSync(BUILD_LOCK, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const text = lockHolder();
    if (text === undefined) continue; // released meanwhile
    if (text === "") {
      Atomics.wait(pause, 0, 0, 50); // made, its pid not written yet
      continue;
    }
    const holder = Number.parseInt(text, 10);
    // Past STALE_LOCK_MS it is stale whoever holds the pid now (a dead holder's pid reused).
    if (!Number.isInteger(holder) || !alive(holder) || lockAgeMs() > STALE_LOCK_MS) {
      // Taken over only if it is still the dead holder's (another waiter may have been first).
      if (lockHolder() === text) rmSync(BUILD_LOCK, { force: true });
      continue;
    }
    if (!told) console.log(`Waiting for the build of another start (pid ${holder})...`);
    told = true;
    Atomics.wait(pause, 0, 0, 500);
  }
}

function buildIfNeeded(): void {
  const marker = join(root, ".next", "lumen-build-fingerprint");
  const current = fingerprint();
  if (built(marker, current)) return;
  const unlock = lockBuild();
  try {
    // Another start may have built while this one waited.
    if (built(marker, current)) return;
    console.log("Building the app (next build)...");
    const result = spawnSync("npx", ["next", "build"], { stdio: "inherit", env: process.env });
    if (result.status !== 0) {
      console.error("next build failed");
      unlock();
      process.exit(result.status ?? 1);
    }
    writeFileSync(marker, current);
  } finally {
    unlock();
  }
}

const settings = env();
// tsx turns source maps on for the whole process, and Node then keeps the parsed map of every
// module it loads for as long as the process lives. Next's server chunks (356 maps) came to about
// 75 MB of this thread's heap (181 MB against 106 MB after start, demo off), which every full
// collection walks while requests wait. Modules imported above keep their maps; stack traces from
// Next's chunks name compiled lines unless SOURCE_MAPS=true.
if (!dev && !settings.SOURCE_MAPS) process.setSourceMapsEnabled(false);
// One stderr write per turn of the event loop for the per-request lines, not one per request (lib/log.ts).
batchRequestLines();
// The request path's clock: node's own Date.now, kept before Next's server replaces Date (lib/clock.ts).
pinPlatformClock();
// Decided once here, so Next's copy of the settings (which may see NODE_ENV=production) agrees.
setEnv("DEMO_USERS", String(demoUsersEnabled(settings)));
ensureAuthSecret();
if (!dev) buildIfNeeded();
watchEventLoop(); // after the build, which holds this thread on purpose

const database = await databaseReady();
// Demo users (DEMO_USERS) on an empty database, or the first-run setup token in the log.
await prepareFirstUsers();

await ensurePredefinedPositions();

const mode = settings.RUN_WORKERS ?? (settings.DATABASE_URL ? "separate" : "in-process");
let workerChild: ChildProcess | undefined;
let workerThread: WorkerThread | undefined;
if (mode === "in-process") {
  // Threads of this process (the embedded database allows one process), not this thread: model
  // builds in one, the other queues in another. Hosting the embedded database, this process is
  // its only worker: what it finds running was a dead process's.
  workerThread = await startWorkerThreads({
    concurrency: settings.WORKER_CONCURRENCY,
    soleWorker: !!database.embedded,
  });
} else if (mode === "separate") {
  // With an IPC channel: the worker stops when this process is gone, even killed (scripts/worker.ts).
  workerChild = spawn(process.execPath, [...process.execArgv, join(root, "scripts", "worker.ts")], {
    stdio: ["inherit", "inherit", "inherit", "ipc"],
    env: process.env,
  });
}
if (settings.DEMO_DATA) await scheduleDemoLoad();
// Intake batches (up to 10 MB of JSON each) are parsed, validated and written in a thread of their own.
const intakeThread = await startIntakeThread({ database: await getDatabase() });

const app = next({ dev, dir: root, port: settings.PORT, hostname: "localhost" });
const handler = app.getRequestHandler();
await app.prepare();
if (!dev) await preloadNextEntries(app);
// The content route (every page view, every search keystroke) and health checks go straight to
// their handlers; all else through Next. The dev server leaves them to Next, so edits reload as usual.
const direct = dev
  ? () => false
  : directRoutes([
      { operation: contentOp, GET: contentRoute },
      { operation: { method: "GET", path: "/health" }, base: "/api", GET: healthDirect },
    ]);
// Keep-alive, header timeouts and bodies left unread: lib/http/server.ts.
const server = createApiServer({ direct, fallback: (req, res) => void handler(req, res) });
server.listen(settings.PORT, () => {
  markListening();
  void warmSearchIndex();
  void startIdentityIndex();
  void warmServing();
  startMemoryLog();
  // Tracked events that reach another web process personalise this one's next answer (PostgreSQL).
  void getDatabase()
    .then(startLiveShare)
    .catch((error) => log.warn("live overlay sharing not started", { error }));
  console.log(
    `Lumen is ready at ${settings.PUBLIC_URL} (port ${settings.PORT}, ${settings.DATABASE_URL ? "PostgreSQL" : `PGlite in ${settings.DATA_DIR}`})`,
  );
});

let stopping = false;

function exitOf(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info("stopping", { signal });
  const graceMs = settings.SHUTDOWN_TIMEOUT_MS;
  armHardStop(graceMs);
  // No new connections; requests under way get SHUTDOWN_TIMEOUT_MS to finish before the buffers
  // below are written (lib/http/graceful-close.ts).
  if (!(await closeGracefully(server, graceMs))) log.warn("requests cut at the shutdown deadline", { graceMs });
  // Jobs get the same time; those still running then go back to the queue for the next process.
  // The worker process gets SIGTERM and the same time (its own hard stop bounds it): waited for,
  // so that a supervisor restarting this process never finds the old worker still running.
  const workerExited = workerChild ? exitOf(workerChild) : undefined;
  workerChild?.kill("SIGTERM");
  await Promise.all([workerThread?.stop({ timeoutMs: graceMs }), intakeThread.stop(), workerExited]);
  await stopBoss({ timeoutMs: graceMs });
  // Counted and buffered in memory: written before the database closes, retried for a few
  // seconds if the database fails; what could not be written is logged with its count.
  await Promise.all([flushSearchEvents({ withinMs: 5000 }), flushImpressions({ withinMs: 5000 })]);
  await stopIdentityIndex();
  await stopLiveShare();
  await closeDatabase();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
// Started by a program with an IPC channel (the benches): stop when it is gone, even if it was killed.
if (process.connected) process.on("disconnect", () => void shutdown("parent exited"));
