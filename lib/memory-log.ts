/**
 * A process's memory as a log line every MEMORY_LOG_SECONDS (0: never): what a worker process,
 * which answers no /api/metrics, shows of itself, and what a soak reads to tell whether growth
 * is in V8's heap (heap_used), its reserve (heap_total), or outside it (external, array buffers,
 * the rest of rss: native allocations, code). The heap figures are the main thread's only: where
 * jobs run in threads of the same process (the embedded database), their heaps are in rss alone.
 */
import { env } from "@/lib/env";
import { log } from "@/lib/log";

const MB = 1024 * 1024;

export function memoryFigures() {
  const m = process.memoryUsage();
  const mb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;
  return {
    rss_mb: mb(m.rss),
    heap_used_mb: mb(m.heapUsed),
    heap_total_mb: mb(m.heapTotal),
    external_mb: mb(m.external),
    array_buffers_mb: mb(m.arrayBuffers),
  };
}

/** Starts the periodic line (unless the setting is 0); the timer does not keep the process alive. */
export function startMemoryLog(seconds = env().MEMORY_LOG_SECONDS): () => void {
  if (!seconds) return () => {};
  const timer = setInterval(() => log.info("memory", memoryFigures()), seconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
