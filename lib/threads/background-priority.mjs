/**
 * Background threads (the embedded database, the job workers, intake) yield the CPU to the thread
 * that answers requests: on Linux each one raises its own nice value, so when the cores are busy
 * the scheduler runs the request thread first and its event loop is not delayed by work that can
 * wait (issue 26). Threads are tasks on Linux, and setpriority() on a thread id changes only that
 * thread; /proc/thread-self names the calling thread's id. Elsewhere, or when refused, nothing
 * changes. BACKGROUND_THREAD_NICE (0-19, default 10) sets the value; 0 leaves threads as they are.
 *
 * Plain JavaScript: imported by lib/threads/boot.mjs and lib/db/embedded/pglite-host.mjs.
 */
import { readdirSync, readlinkSync } from "node:fs";
import { setPriority } from "node:os";

export const DEFAULT_BACKGROUND_NICE = 10;

/** The nice value background threads take, from BACKGROUND_THREAD_NICE. */
export function backgroundNice(env = process.env) {
  const raw = env.BACKGROUND_THREAD_NICE;
  if (raw === undefined || raw === "") return DEFAULT_BACKGROUND_NICE;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 19) {
    throw new Error(`BACKGROUND_THREAD_NICE must be a whole number from 0 to 19, not "${raw}"`);
  }
  return value;
}

/** Lowers the calling thread's priority; returns the thread id changed, or undefined. */
export function lowerThisThreadPriority(nice = backgroundNice()) {
  if (nice === 0 || process.platform !== "linux") return undefined;
  try {
    const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (!Number.isInteger(tid) || tid === process.pid) return undefined; // never the main thread
    setPriority(tid, nice);
    return tid;
  } catch {
    return undefined;
  }
}

/**
 * Lowers the priority of every thread of this process (a job worker process, `npm run worker`,
 * which answers no requests): its main thread, and the threads the runtime started before any of
 * our code ran (V8's garbage-collection helpers, libuv's pool), which inherit nothing. Threads
 * started later inherit the value. A worker process's collections of a 600 MB build heap ran on
 * helpers at full priority and held both cores of a shared machine for hundreds of milliseconds,
 * while the web process's thread waited (1M customers, a rebuild: stalls of 110-301 ms with 30-60
 * ms of the web thread's own CPU time). Returns the number of threads changed (0: none, or not
 * Linux, or BACKGROUND_THREAD_NICE=0).
 */
export function lowerProcessPriority(nice = backgroundNice()) {
  if (nice === 0 || process.platform !== "linux") return 0;
  let changed = 0;
  for (const name of readdirSync("/proc/self/task")) {
    try {
      setPriority(Number(name), nice);
      changed++;
    } catch {
      // a thread that ended meanwhile, or a change refused
    }
  }
  return changed;
}
