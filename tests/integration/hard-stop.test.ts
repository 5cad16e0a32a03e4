/**
 * The hard stop of `npm start` (scripts/start.ts): whatever hangs during shutdown, the process
 * ends SHUTDOWN_TIMEOUT_MS + SHUTDOWN_HARD_STOP_EXTRA_MS after SIGTERM. Here a request waits on a table another
 * connection has locked and never releases: the graceful close cuts the request at the deadline,
 * but its query keeps its connection, so closing the database pool would wait for it forever.
 * Without the hard stop this process never exits (the test then fails at its deadline). The same
 * when the program that started it over an IPC channel (a bench) disconnects.
 * The service runs from scripts/start.ts itself (production build, RUN_WORKERS=none) on this file's
 * database (PostgreSQL) or on a data directory of its own (embedded).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { embeddedUrl, getDatabase } from "@/lib/db/client";
import { socketDirFor } from "@/lib/db/embedded/host";
import { spawnScript, type TestChild } from "./support/children";

const onPglite = !process.env.TEST_DATABASE_URL;
const GRACE_MS = 1000;
/** The hard stop's time beyond the grace (20 s by default; shorter here, the same mechanism). */
const HARD_STOP_EXTRA_MS = 4000;
const dir = onPglite ? mkdtempSync(join(tmpdir(), "lumen-hard-stop-")) : undefined;

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The service on a free port, started directly or (`viaIpc`) by ./support/ipc-parent.ts. */
async function startService(options: {
  viaIpc: boolean;
  runWorkers?: "none" | "separate";
}): Promise<{ child: TestChild; url: string; dbUrl: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dbUrl = dir ? embeddedUrl(socketDirFor(dir)) : (await getDatabase()).url;
  const where = dir ? { DATA_DIR: dir, DATABASE_URL: undefined } : { DATABASE_URL: dbUrl };
  // Not a test run for Next (NODE_ENV=test would reach its build and server).
  const { NODE_ENV: _test, ...rest } = process.env;
  const env = {
    ...rest,
    ...where,
    LOG_LEVEL: "error",
    DEMO_DATA: "false",
    RUN_WORKERS: options.runWorkers ?? "none",
    PORT: String(port),
    PUBLIC_URL: url,
    SHUTDOWN_TIMEOUT_MS: String(GRACE_MS),
    SHUTDOWN_HARD_STOP_EXTRA_MS: String(HARD_STOP_EXTRA_MS),
  };
  const script = options.viaIpc ? "tests/integration/support/ipc-parent.ts" : "scripts/start.ts";
  const child = spawnScript(script, [], { env });
  // The first start builds the app when the sources changed: minutes on a loaded machine.
  await child.waitForLine((line) => line.includes("Lumen is ready"), 600_000);
  return { child, url, dbUrl };
}

/**
 * Takes the users table on a connection of the test's own and keeps it; a sign-in (which reads
 * that table) then waits. Returns the lock's holder and the request's outcome.
 */
async function stuckRequest(dbUrl: string, url: string): Promise<{ holder: pg.Client; request: Promise<string> }> {
  const holder = new pg.Client({ connectionString: dbUrl });
  holder.on("error", () => {});
  await holder.connect();
  await holder.query("BEGIN");
  await holder.query("LOCK TABLE users IN ACCESS EXCLUSIVE MODE");
  const request = fetch(`${url}/api/latest/auth/token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ grant_type: "password", username: "nobody@example.test", password: "not-this" }),
  }).then(
    (res) => `answered ${res.status}`,
    () => "cut",
  );
  const early = await Promise.race([request, new Promise((r) => setTimeout(() => r("waiting"), 2000))]);
  expect(early).toBe("waiting");
  return { holder, request };
}

async function release(holder: pg.Client): Promise<void> {
  await holder.query("ROLLBACK").catch(() => {});
  await holder.end().catch(() => {});
}

/** Time to wait for the exit: the hard stop's, and some. */
const WAIT_MS = GRACE_MS + HARD_STOP_EXTRA_MS + 25_000;

describe(`npm start's hard stop (${onPglite ? "embedded database" : "PostgreSQL"})`, () => {
  it("ends the process SHUTDOWN_TIMEOUT_MS + SHUTDOWN_HARD_STOP_EXTRA_MS after SIGTERM while a request waits forever", async () => {
    const { child, url, dbUrl } = await startService({ viaIpc: false });
    const { holder, request } = await stuckRequest(dbUrl, url);
    try {
      const exited = new Promise<number | null>((resolve) => child.process.once("exit", (code) => resolve(code)));
      const sentAt = Date.now();
      child.process.kill("SIGTERM");
      const code = await Promise.race([
        exited,
        new Promise<"still running">((r) => setTimeout(() => r("still running"), WAIT_MS)),
      ]);
      expect(code).toBe(1); // the hard stop's exit, not a clean one
      expect(Date.now() - sentAt).toBeGreaterThanOrEqual(GRACE_MS + HARD_STOP_EXTRA_MS - 500);
      // The request was cut at the graceful deadline, long before.
      expect(await request).toBe("cut");
    } finally {
      await release(holder);
    }
  }, 720_000);

  it("ends the process when the program that started it over IPC goes away, also while a request waits forever", async () => {
    const { child, url, dbUrl } = await startService({ viaIpc: true });
    const { holder, request } = await stuckRequest(dbUrl, url);
    try {
      const sentAt = Date.now();
      child.process.stdin?.write("disconnect\n");
      const line = await child.waitForLine((l) => l.startsWith("service exited"), WAIT_MS);
      expect(line).toBe("service exited 1");
      expect(Date.now() - sentAt).toBeGreaterThanOrEqual(GRACE_MS + HARD_STOP_EXTRA_MS - 500);
      expect(await request).toBe("cut");
    } finally {
      await release(holder);
    }
  }, 720_000);
});

/** The pid of the `npm run worker` process `npm start` spawned (RUN_WORKERS=separate). */
function workerPidOf(parent: number): number {
  const children = readFileSync(`/proc/${parent}/task/${parent}/children`, "utf8").trim().split(/\s+/).map(Number);
  const worker = children.find((pid) => pid > 0 && readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("worker.ts"));
  if (!worker) throw new Error(`no worker among ${children.join(", ")}`);
  return worker;
}

/** Whether a process runs (a zombie waiting for its reaper counts as ended). */
function running(pid: number): boolean {
  try {
    return !readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.startsWith("Z");
  } catch {
    return false;
  }
}

async function ended(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (running(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  return !running(pid);
}

// The worker process of `npm start` exists on PostgreSQL only (the embedded database has threads).
describe.skipIf(onPglite)("npm start's worker process (RUN_WORKERS=separate)", () => {
  it("ends when npm start is killed with SIGKILL", async () => {
    const { child } = await startService({ viaIpc: false, runWorkers: "separate" });
    await child.waitForLine((line) => line.startsWith("Worker ready"), 120_000);
    const worker = workerPidOf(child.process.pid!);
    process.kill(child.process.pid!, "SIGKILL");
    expect(await ended(worker, GRACE_MS + 30_000)).toBe(true);
  }, 720_000);

  it("is waited for: when npm start exits after SIGTERM, its worker has ended", async () => {
    const { child } = await startService({ viaIpc: false, runWorkers: "separate" });
    await child.waitForLine((line) => line.startsWith("Worker ready"), 120_000);
    const worker = workerPidOf(child.process.pid!);
    const exited = new Promise<number | null>((resolve) => child.process.once("exit", (code) => resolve(code)));
    child.process.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(running(worker)).toBe(false);
  }, 720_000);
});
