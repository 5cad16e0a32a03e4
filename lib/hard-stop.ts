/**
 * The last resort of a stopping process (`npm start`, `npm run worker`): whatever hangs during
 * shutdown (a statement waiting on a lock, a thread busy in a long step, a database that does not
 * answer), the process ends `graceMs` + SHUTDOWN_HARD_STOP_EXTRA_MS (default 20 s: time for the
 * buffers' writes, 5 s each at most, and closing) after the stop began, with exit code 1.
 * A process whose parent is gone must not live on with its port, data directory or jobs; ending
 * here is what a kill would do, which loses no committed work (jobs go back to the queue).
 */
import { env } from "@/lib/env";
import { log } from "@/lib/log";

export function armHardStop(graceMs: number): void {
  const ms = graceMs + env().SHUTDOWN_HARD_STOP_EXTRA_MS;
  setTimeout(() => {
    log.error("stopping took too long; exiting", { ms });
    process.exit(1);
  }, ms).unref();
}
