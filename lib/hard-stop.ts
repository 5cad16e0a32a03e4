/**
 * The last resort of a stopping process (`npm start`, `npm run worker`): whatever hangs during
 * shutdown (a statement waiting on a lock, a thread busy in a long step, a database that does not
 * answer), the process ends `graceMs` + HARD_STOP_EXTRA_MS after the stop began, with exit code 1.
 * A process whose parent is gone must not live on with its port, data directory or jobs; ending
 * here is what a kill would do, which loses no committed work (jobs go back to the queue).
 */
import { log } from "@/lib/log";

/** Beyond SHUTDOWN_TIMEOUT_MS: time for the buffers' writes (5 s each at most) and closing. */
export const HARD_STOP_EXTRA_MS = 20_000;

export function armHardStop(graceMs: number): void {
  setTimeout(() => {
    log.error("stopping took too long; exiting", { ms: graceMs + HARD_STOP_EXTRA_MS });
    process.exit(1);
  }, graceMs + HARD_STOP_EXTRA_MS).unref();
}
