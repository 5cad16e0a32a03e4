/**
 * Starts (or finds) the embedded database's thread (./pglite-host.mjs) and says where its socket
 * is. One data directory has one host: its Unix socket, inside DATA_DIR, is the lock. A second
 * opener of the same directory (a CLI command, the job worker thread, a second `npm start`) finds
 * the socket alive and connects to it instead; a socket left by a killed process is removed.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, unlinkSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Worker } from "node:worker_threads";

/** pg finds a server's Unix socket as <host>/.s.PGSQL.<port>. */
export const SOCKET_PORT = 5432;
const SOCKET_NAME = `.s.PGSQL.${SOCKET_PORT}`;
/**
 * The thread's script, found from the working directory like the migrations (every entry point
 * runs from the project's root); a path Next's bundler does not follow.
 */
const HOST_SCRIPT = join(process.cwd(), "lib", "db", "embedded", "pglite-host.mjs");
/** Unix socket paths are limited to about 107 bytes; longer data directory paths use /tmp. */
const MAX_SOCKET_PATH = 100;

export interface EmbeddedStats {
  waiting: number;
  turns: number;
  longest_turn_ms: number;
  held_ms: number;
}

export interface EmbeddedHost {
  /** Writes the whole data directory as a tar (tests clone a migrated template this way). */
  dump(file: string): Promise<void>;
  stats(): Promise<EmbeddedStats>;
  close(): Promise<void>;
}

export interface Embedded {
  /** The directory holding the socket: pg's `host`. */
  socketDir: string;
  /** Present when this process hosts the database; absent when it connected to another host. */
  host?: EmbeddedHost;
}

/** Where the socket of a data directory lives (the same answer in every process). */
export function socketDirFor(dataDir: string): string {
  const dir = resolve(dataDir);
  if (join(dir, SOCKET_NAME).length <= MAX_SOCKET_PATH) return dir;
  const hash = createHash("sha256").update(dir).digest("hex").slice(0, 16);
  return join(tmpdir(), `lumen-db-${hash}`);
}

function alive(path: string): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(path);
    socket.once("connect", () => {
      socket.destroy();
      done(true);
    });
    socket.once("error", () => done(false));
  });
}

/** Hosts the data directory (or an in-memory database) unless a live host serves it already. */
export async function startEmbedded(options: { dataDir?: string; loadFrom?: string }): Promise<Embedded> {
  const { dataDir, loadFrom } = options;
  const socketDir = dataDir ? socketDirFor(dataDir) : mkdtempSync(join(tmpdir(), "lumen-mem-"));
  mkdirSync(socketDir, { recursive: true });
  const socketPath = join(socketDir, SOCKET_NAME);
  if (existsSync(socketPath)) {
    if (dataDir && (await alive(socketPath))) return { socketDir };
    unlinkSync(socketPath); // left by a process that was killed
  }
  const worker = new Worker(HOST_SCRIPT, {
    workerData: { dataDir: dataDir ? resolve(dataDir) : undefined, loadFrom, socketPath },
  });
  const first = await new Promise<{ type: string; message?: string }>((done, fail) => {
    worker.once("message", done);
    worker.once("error", fail);
  });
  if (first.type === "busy") {
    await worker.terminate();
    return { socketDir };
  }
  if (first.type !== "ready") {
    await worker.terminate();
    throw new Error(`the embedded database could not start: ${first.message ?? first.type}`);
  }

  let nextId = 0;
  const replies = new Map<number, { done: (value: unknown) => void; fail: (error: Error) => void }>();
  worker.on("message", (message: { type: string; id: number; error?: string; stats?: EmbeddedStats }) => {
    const waiter = message.type === "reply" ? replies.get(message.id) : undefined;
    if (!waiter) return;
    replies.delete(message.id);
    if (message.error) waiter.fail(new Error(message.error));
    else waiter.done(message.stats);
  });
  worker.on("error", (error) => {
    for (const waiter of replies.values()) waiter.fail(error);
    replies.clear();
  });
  const ask = (message: Record<string, unknown>) =>
    new Promise<unknown>((done, fail) => {
      const id = nextId++;
      replies.set(id, { done, fail });
      worker.postMessage({ ...message, id });
    });

  let closing: Promise<void> | undefined;
  return {
    socketDir,
    host: {
      dump: async (file) => {
        await ask({ type: "dump", file });
      },
      stats: async () => (await ask({ type: "stats" })) as EmbeddedStats,
      close: () => {
        closing ??= (async () => {
          await ask({ type: "close" }).catch(() => {});
          await worker.terminate();
          if (!dataDir) rmSync(socketDir, { recursive: true, force: true });
        })();
        return closing;
      },
    },
  };
}
