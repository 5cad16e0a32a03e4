/**
 * The queues this thread's job workers take (./registry.ts startWorkers records them), so work
 * that belongs to one pool is not done by a thread of another: a touchpoint's calculation needing
 * its first model build queues that build for the thread that takes builds (lib/jobs/pools.ts)
 * instead of holding the calculations thread, and with it sends and exports, for minutes.
 * Per thread (globalThis is per isolate): each worker thread has its own.
 */
import { processWide } from "@/lib/process-wide";

const state = processWide("jobs.taken", () => ({ queues: undefined as Set<string> | undefined }));

export function recordTaken(queues: Iterable<string>): void {
  state.queues = new Set([...(state.queues ?? []), ...queues]);
}

/**
 * Whether work of `queue` is done in this thread: it takes that queue, or it runs no job workers
 * at all (a direct call: a CLI command, a test).
 */
export function runsHere(queue: string): boolean {
  return !state.queues || state.queues.has(queue);
}

/** Whether this thread's job workers take `queue` (false where it runs none: the web thread, a CLI). */
export function takes(queue: string): boolean {
  return state.queues?.has(queue) ?? false;
}
