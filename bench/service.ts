/**
 * The service as `npm start` runs it (scripts/start.ts: the production build, the custom server,
 * workers), in a child process of the bench, so load from the bench's autocannon crosses a real
 * socket to a real server. It builds first when the sources changed since the last build.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";

export interface Service {
  url: string;
  /** The service's process id (its memory: /proc/<pid>/status). */
  pid: number;
  api: (method: string, path: string, body?: unknown, token?: string) => Promise<Record<string, unknown>>;
  token: (username: string) => Promise<string>;
  /** Resolves when the service prints a line matching `pattern` (printed since it started). */
  waitFor: (pattern: RegExp, timeoutMs: number) => Promise<void>;
  /** Calls `listener` with every whole line the service prints from now on (stdout and stderr). */
  onLine: (listener: (line: string) => void) => void;
  stop: () => Promise<void>;
}

export const BENCH_PASSWORD = "bench-password";

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

function waitReady(child: ChildProcess, say: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let tail = "";
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      tail = (tail + text).slice(-4000);
      for (const line of text.split("\n")) if (/Building|build failed|error/i.test(line)) say(line.trim());
      if (text.includes("Lumen is ready")) resolve();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`the service exited (${code}) before it was ready:\n${tail}`)));
  });
}

/** Starts the service on a free port with these settings (DATA_DIR or DATABASE_URL among them). */
export async function startService(settings: Record<string, string>, say: (line: string) => void): Promise<Service> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // BENCH_SERVICE_NODE_ARGS: extra node flags for the service (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
  const nodeArgs = (process.env.BENCH_SERVICE_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", join(process.cwd(), "scripts", "start.ts")], {
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: url,
      DEMO_DATA: "false",
      DEMO_PASSWORD: BENCH_PASSWORD,
      LOG_LEVEL: "warn",
      ...settings,
    },
    // The IPC channel closes when the bench ends, however it ends (a kill -9 too): the service
    // then stops itself (scripts/start.ts) instead of living on with its port and data directory.
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  let output = "";
  const waiters: { pattern: RegExp; resolve: () => void }[] = [];
  const listeners: ((line: string) => void)[] = [];
  const partial = { stdout: "", stderr: "" };
  const toLines = (stream: keyof typeof partial, text: string) => {
    const lines = (partial[stream] + text).split("\n");
    partial[stream] = lines.pop() ?? "";
    for (const line of lines) for (const listener of listeners) listener(line);
  };
  // Cheap per chunk: the service logs a line per request (LOG_LEVEL info), and a slow reader here
  // would block the service's writes to the pipe and be measured as the service's time.
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 400_000) output = output.slice(-200_000);
    if (waiters.length === 0) return;
    for (const w of [...waiters]) {
      if (w.pattern.test(output)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    }
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  child.stdout?.on("data", (chunk: Buffer) => toLines("stdout", chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => toLines("stderr", chunk.toString()));
  await waitReady(child, say);
  let stopping = false;
  child.once("exit", (code, signal) => {
    if (!stopping)
      say(`the service exited (${code ?? signal}) during the run; its last output:\n${output.slice(-3000)}`);
  });
  const api: Service["api"] = async (method, path, body, token) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the service has exited (${child.exitCode ?? child.signalCode}); its last output:\n${output.slice(-3000)}`,
      );
    }
    const response = await fetch(`${url}/api/latest${path}`, {
      method,
      headers: {
        ...(body ? { "content-type": "application/json" } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json).slice(0, 500)}`);
    return json;
  };
  return {
    url,
    pid: child.pid!,
    api,
    token: async (username) =>
      (await api("POST", "/auth/token", { grant_type: "password", username, password: BENCH_PASSWORD }))
        .access_token as string,
    waitFor: (pattern, timeoutMs) =>
      new Promise<void>((resolve, reject) => {
        if (pattern.test(output)) return resolve();
        const timer = setTimeout(
          () => reject(new Error(`the service did not print ${pattern} in ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          pattern,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      }),
    onLine: (listener) => {
      listeners.push(listener);
    },
    stop: async () => {
      stopping = true;
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Headers node's server writes itself, or that describe the connection: not copied from an answer. */
const OWN_HEADERS = new Set(["date", "connection", "keep-alive", "content-length", "transfer-encoding"]);

/** An answer's headers as a bare server should send them again (see startFixedServer). */
export function answerHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (!OWN_HEADERS.has(name)) out[name] = value;
  });
  return out;
}

/**
 * A bare node:http server in its own process answering `body` to every request, with `headers`
 * (the target's own answer headers: answerHeaders), so that the load generator reads the same
 * bytes from both: the floor.
 */
export async function startFixedServer(
  body: string,
  headers: Record<string, string> = { "content-type": "application/json" },
): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  return startChildServer(
    `process.on("disconnect", () => process.exit()); const headers = JSON.parse(process.env.HEADERS); require("node:http").createServer((q, s) => { s.writeHead(200, { ...headers, "content-length": Buffer.byteLength(process.env.BODY) }); s.end(process.env.BODY); }).listen(Number(process.env.PORT), "127.0.0.1", () => console.log("ready"));`,
    { BODY: body, HEADERS: JSON.stringify(headers) },
  );
}

/**
 * A server in a child node process running `code`, which listens on 127.0.0.1 at process.env.PORT
 * and prints a line once it does.
 */
export async function startChildServer(
  code: string,
  env: Record<string, string>,
): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["-e", code], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit", "ipc"],
  });
  await new Promise<void>((resolve) => child.stdout?.once("data", () => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: async () => {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Waits until a touchpoint made through the API is ready and not calculating; returns its id. */
export async function touchpointReady(service: Service, token: string, id: string, seconds = 120): Promise<string> {
  for (let i = 0; i < seconds * 10; i++) {
    // A connection error is retried: the next call says so if the service has exited.
    const state = await service
      .api("GET", `/touchpoint-studio/rules/touchpoints/${id}`, undefined, token)
      .catch((error: Error) => {
        if (/has exited/.test(error.message)) throw error;
        return {} as Record<string, unknown>;
      });
    if (state.is_ready && !state.is_calculating) return id;
    // A failed calculation is not retried (its job has no retries): waiting longer cannot help.
    if (state.calculation_error && !state.is_calculating) {
      throw new Error(`touchpoint ${id}: its calculation failed: ${state.calculation_error}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`touchpoint ${id} did not become ready`);
}
