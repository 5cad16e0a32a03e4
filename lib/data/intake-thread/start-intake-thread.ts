/**
 * The web process's intake thread (./entry.ts): `npm start` starts it on either database, and
 * the intake routes hand it their request bodies (lib/data/ingest-request.ts, through
 * ./running.ts: route handlers must not import this file, or Next's bundler follows the Worker's
 * path). Without it (route handlers called directly in tests, CLI commands) intake runs on the
 * calling thread.
 *
 * A thread that dies fails its requests in flight with 503 and Retry-After (nothing of a failed
 * batch is reported as stored, and sending a batch again is safe) and is started again on the
 * next request.
 */
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import type { Database } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import { log } from "@/lib/log";
import type { IntakeChanges } from "../ingest-batch";
import type { TIntakeResult } from "../schemas";
import type { FromIntakeThread, ThreadError, ToIntakeThread } from "./protocol";
import { type IntakeThread, intakeThreadSlot as slot } from "./running";

type Pending = {
  resolve: (out: { result: TIntakeResult; changes: IntakeChanges }) => void;
  reject: (e: Error) => void;
};

export async function startIntakeThread(options: {
  database: Pick<Database, "kind" | "url">;
  connections?: number;
}): Promise<IntakeThread> {
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let stopping = false;
  let worker: Promise<Worker> | undefined;

  const spawn = (): Promise<Worker> => {
    const thread = new Worker(join(process.cwd(), "lib", "threads", "boot.mjs"), {
      workerData: {
        entry: join(process.cwd(), "lib", "data", "intake-thread", "entry.ts"),
        url: options.database.url,
        kind: options.database.kind,
        connections: options.connections ?? 4,
      },
    });
    thread.on("message", (message: FromIntakeThread) => {
      if (message.type !== "done" && message.type !== "failed") return;
      const waiting = pending.get(message.id);
      if (!waiting) return;
      pending.delete(message.id);
      if (message.type === "done") waiting.resolve({ result: message.result, changes: message.changes });
      else waiting.reject(fromThread(message.error));
    });
    thread.on("error", (error) => log.error("the intake thread failed", { error }));
    thread.on("exit", (code) => {
      worker = undefined;
      if (stopping) return;
      log.error("the intake thread ended; it starts again on the next intake request", {
        code,
        inFlight: pending.size,
      });
      for (const [, waiting] of pending) {
        waiting.reject(
          new ApiError(503, "service_unavailable", "Intake was interrupted; send the batch again.", undefined, {
            "Retry-After": "1",
          }),
        );
      }
      pending.clear();
    });
    return new Promise<Worker>((done, fail) => {
      const onMessage = (message: FromIntakeThread) => {
        if (message.type !== "started") return;
        thread.off("message", onMessage);
        done(thread);
      };
      thread.on("message", onMessage);
      thread.once("error", fail);
    });
  };

  const thread: IntakeThread = {
    ingest: async (kind, bytes) => {
      if (stopping) throw new ApiError(503, "service_unavailable", "The service is stopping.");
      worker ??= spawn();
      const running = await worker;
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        // A body that owns its whole buffer (any body over 4 kB: Buffer.concat gives it one of its
        // own) is handed over, not copied: no second copy of megabytes on this thread, and its
        // memory leaves this thread's heap accounting (external memory pressure starts full
        // collections here). Nothing reads the bytes here afterwards.
        const owned = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
        const transfer = owned && bytes.buffer instanceof ArrayBuffer ? [bytes.buffer] : [];
        running.postMessage({ type: "ingest", id, kind, bytes } satisfies ToIntakeThread, transfer);
      });
    },
    stop: async () => {
      stopping = true;
      if (slot.current === thread) slot.current = undefined;
      const running = await worker?.catch(() => undefined);
      if (!running) return;
      const stopped = new Promise<void>((done) => {
        running.on("message", (message: FromIntakeThread) => message.type === "stopped" && done());
        running.once("exit", () => done());
      });
      running.postMessage({ type: "stop" } satisfies ToIntakeThread);
      await Promise.race([stopped, new Promise((r) => setTimeout(r, 5_000))]);
      await running.terminate();
    },
  };
  worker = spawn();
  await worker;
  slot.current = thread;
  return thread;
}

/** An error from the thread, as the error it was there (an API error keeps its answer). */
function fromThread(error: ThreadError): Error {
  if (error.status !== undefined && error.code !== undefined) {
    return new ApiError(
      error.status,
      error.code,
      error.detail ?? error.message,
      error.errors as ApiError["errors"],
      error.headers,
    );
  }
  return Object.assign(new Error(error.message), error.code ? { code: error.code } : {});
}
