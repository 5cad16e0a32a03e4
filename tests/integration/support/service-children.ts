/**
 * `npm start` and `npm run worker` as children of a test (./npm-script.ts through ./children.ts):
 * the real start script (production build, custom server, graceful close), each web process on a
 * PORT of its own. The first start builds the app when the sources changed (scripts/start.ts), which
 * can take minutes on a loaded machine: start one web process, then the others.
 */
import { createServer } from "node:net";
import { spawnScript, type TestChild } from "./children";

export interface WebProcess {
  name: string;
  port: number;
  url: string;
  child: TestChild;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The children's environment: this process's, less what marks it as a test run (NODE_ENV=test
 * would reach Next's build and server), logging errors only, demo data off, with `extra`.
 */
export function serviceEnv(extra: Record<string, string | undefined>): Record<string, string | undefined> {
  const { NODE_ENV: _test, ...rest } = process.env;
  return { ...rest, LOG_LEVEL: "error", DEMO_DATA: "false", ...extra };
}

/** Starts `npm start` on `port` and waits until it listens ("Lumen is ready"). */
export async function startWeb(options: {
  name: string;
  port: number;
  env: Record<string, string | undefined>;
  untilFileEnds?: boolean;
  readyWithinMs?: number;
}): Promise<WebProcess> {
  const url = `http://127.0.0.1:${options.port}`;
  const child = spawnScript("tests/integration/support/npm-script.ts", ["start"], {
    env: { ...options.env, PORT: String(options.port), PUBLIC_URL: url },
    untilFileEnds: options.untilFileEnds,
  });
  await child.waitForLine((line) => line.includes("Lumen is ready"), options.readyWithinMs ?? 600_000);
  return { name: options.name, port: options.port, url, child };
}

/** Starts `npm run worker` (PostgreSQL); it takes jobs once migrated and started. */
export function startWorker(options: { env: Record<string, string | undefined>; untilFileEnds?: boolean }): TestChild {
  return spawnScript("tests/integration/support/npm-script.ts", ["worker"], options);
}

/** Sends SIGTERM and waits for the exit: its code (null when a signal ended it). */
export async function terminate(child: TestChild, withinMs = 60_000): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => {
    if (child.process.exitCode !== null || child.process.signalCode !== null) resolve(child.process.exitCode);
    else child.process.once("exit", (code) => resolve(code));
  });
  child.process.kill("SIGTERM");
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the process did not exit within ${withinMs} ms of SIGTERM`)), withinMs);
  });
  try {
    return await Promise.race([exited, late]);
  } finally {
    clearTimeout(timer);
  }
}
