/**
 * On the embedded database the web process runs the job workers in worker threads of its own
 * (PostgreSQL deployments run `npm run worker` processes instead): one process, as PGlite needs,
 * but a model build or an export's encoding runs on another core than the requests. Model builds
 * and the demo load (lib/jobs/pools.ts LONG_STEP_POOLS) get a thread apart from sends, exports,
 * calculations and the schedules, so a build step that holds its thread for tens of seconds
 * delays none of them. Each thread is a client of the database thread's socket with its own
 * pg-boss, like a separate worker process.
 */
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { describeSelection, parseQueueSelection, type QueueSelection, splitLongSteps } from "../pools";

export interface WorkerThread {
  /** Running jobs get `timeoutMs` to finish; those still running then go back to the queue. */
  stop(options?: { timeoutMs?: number }): Promise<void>;
}

/** What ./worker-entry.ts reads from workerData. */
export interface WorkerThreadData {
  entry: string;
  concurrency: number;
  queues: [string, number | undefined][];
  soleWorker: boolean;
  /** Bounces and complaints over SMTP (INBOUND_SMTP_PORT): one listener per process. */
  inbound: boolean;
}

/**
 * Starts the job worker threads for the queues of WORKER_QUEUES (default every queue; an unknown
 * name throws here, at start): the long-step pools in one thread, the rest in another (a thread
 * only when it has queues). `soleWorker`: this process hosts the embedded database, so jobs and
 * builds found running are a dead process's; the first thread hands them back before either
 * thread takes a job.
 */
export async function startWorkerThreads(options: { concurrency: number; soleWorker: boolean }): Promise<WorkerThread> {
  const selection = parseQueueSelection(env().WORKER_QUEUES, "WORKER_QUEUES");
  const [long, other] = splitLongSteps(selection);
  const threads: WorkerThread[] = [];
  try {
    for (const queues of [long, other]) {
      if (!queues.size) continue;
      threads.push(
        await startWorkerThread({
          concurrency: options.concurrency,
          queues,
          soleWorker: options.soleWorker && threads.length === 0,
          inbound: queues === other || !other.size,
        }),
      );
    }
  } catch (error) {
    await Promise.all(threads.map((t) => t.stop({ timeoutMs: 0 })));
    throw error;
  }
  return {
    stop: async (stopOptions) => {
      await Promise.all(threads.map((t) => t.stop(stopOptions)));
    },
  };
}

export async function startWorkerThread(options: {
  concurrency: number;
  queues: QueueSelection;
  soleWorker: boolean;
  inbound: boolean;
}): Promise<WorkerThread> {
  const dir = join(process.cwd(), "lib", "jobs", "thread");
  const queues = describeSelection(options.queues);
  const workerData: WorkerThreadData = {
    entry: join(dir, "worker-entry.ts"),
    concurrency: options.concurrency,
    queues: [...options.queues],
    soleWorker: options.soleWorker,
    inbound: options.inbound,
  };
  const worker = new Worker(join(process.cwd(), "lib", "threads", "boot.mjs"), { workerData });
  let stopping = false;
  worker.on("error", (error) => log.error("a job worker thread failed", { queues, error }));
  worker.on("exit", (code) => {
    if (!stopping) log.error("a job worker thread ended; its jobs wait until the service restarts", { queues, code });
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
