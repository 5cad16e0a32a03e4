/**
 * Per request: the operation's counters and latency histogram (lib/metrics/registry.ts) and one
 * JSON log line with the request id, the route template (never the raw path or query: they may
 * carry ids and personal data), the status and the time. Called by the API wrapper
 * (lib/http/handler.ts) for every answer, the content route's direct path included.
 */
import type { Counter, Histogram } from "prom-client";
import { logRequestLine } from "@/lib/log";
import { metrics } from "./registry";

/** What one operation needs at the end of each request: label-bound children, made once. */
export type RequestRecorder = (requestId: string, status: number, ms: number) => void;

export function requestRecorder(op: { method: string; path: string }): RequestRecorder {
  // Bound on the first request, not at module load: route modules are loaded by tests and by
  // `next build`, which must not start node's metric collection.
  let duration: Histogram.Internal<string> | undefined;
  const byStatus = new Map<number, Counter.Internal>();
  return (requestId, status, ms) => {
    const m = metrics();
    duration ??= m.requestSeconds.labels(op.method, op.path);
    duration.observe(ms / 1000);
    let counter = byStatus.get(status);
    if (!counter) {
      counter = m.requests.labels(op.method, op.path, String(status));
      byStatus.set(status, counter);
    }
    counter.inc();
    logRequestLine(requestId, op.method, op.path, status, Math.round(ms * 10) / 10);
  };
}
