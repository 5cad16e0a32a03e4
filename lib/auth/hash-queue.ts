/**
 * At most PASSWORD_HASH_CONCURRENCY password hashes run at once in this process (default: one less
 * than the cores, at least one); the rest wait in order. scrypt runs on libuv's thread pool, so
 * without a cap a burst of sign-in attempts (which hash before anyone is authenticated) would take
 * every core and 128 MiB each. A queue longer than HASH_QUEUE_MAX answers 429 at once.
 */
import { availableParallelism } from "node:os";
import { env } from "@/lib/env";
import { tooManyRequests } from "@/lib/http/errors";
import { processWide } from "@/lib/process-wide";

export const HASH_QUEUE_MAX = 200;

const state = processWide("auth.hash-queue", () => ({ running: 0, waiting: [] as (() => void)[] }));

export function hashConcurrency(): number {
  return env().PASSWORD_HASH_CONCURRENCY ?? Math.max(1, availableParallelism() - 1);
}

/** Hashes running and waiting now (tests and health). */
export function hashQueueState(): { running: number; waiting: number } {
  return { running: state.running, waiting: state.waiting.length };
}

export async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (state.running >= hashConcurrency()) {
    if (state.waiting.length >= HASH_QUEUE_MAX) throw tooManyRequests(1);
    await new Promise<void>((resolve) => state.waiting.push(resolve));
  } else {
    state.running++;
  }
  try {
    return await work();
  } finally {
    const next = state.waiting.shift();
    // The slot passes straight to the next in line (running stays the same), else it is freed.
    if (next) next();
    else state.running--;
  }
}
