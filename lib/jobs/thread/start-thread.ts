/**
 * On the embedded database the web process runs the job workers in a worker thread of its own
 * (PostgreSQL deployments run `npm run worker` processes instead): one process, as PGlite needs,
 * but a model build or an export's encoding runs on another core than the requests.
 */
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { log } from "@/lib/log";

export interface WorkerThread {
  /** Running jobs get `timeoutMs` to finish; those still running then go back to the queue. */
  stop(options?: { timeoutMs?: number }): Promise<void>;
}

export async function startWorkerThread(options: { concurrency: number }): Promise<WorkerThread> {
  const dir = join(process.cwd(), "lib", "jobs", "thread");
  const worker = new Worker(join(process.cwd(), "lib", "threads", "boot.mjs"), {
    workerData: { entry: join(dir, "worker-entry.ts"), concurrency: options.concurrency },
  });
  let stopping = false;
  worker.on("error", (error) => log.error("the job worker thread failed", { error }));
  worker.on("exit", (code) => {
    if (!stopping) log.error("the job worker thread ended; jobs wait until the service restarts", { code });
  });
  await new Promise<void>((done, fail) => {
    const onMessage = (message: { type: string }) => {
      if (message.type === "started") {
        worker.off("message", onMessage);
        done();
      }
    };
    worker.on("message", onMessage);
    worker.once("error", fail);
  });
  return {
    stop: async (stopOptions = {}) => {
      stopping = true;
      const timeoutMs = stopOptions.timeoutMs ?? 5000;
      const stopped = new Promise<void>((done) => {
        worker.on("message", (message: { type: string }) => message.type === "stopped" && done());
        worker.once("exit", () => done());
      });
      worker.postMessage({ type: "stop", timeoutMs });
      // Past the jobs' time, handing them back and closing take a moment more.
      await Promise.race([stopped, new Promise((r) => setTimeout(r, timeoutMs + 5000))]);
      await worker.terminate();
    },
  };
}
