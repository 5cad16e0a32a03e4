/**
 * Per request: the operation's count by status and its time (lib/metrics/request-figures.ts,
 * read at scrape time) and one JSON log line with the request id, the route template (never the
 * raw path or query: they may carry ids and personal data), the status and the time. Called by
 * the API wrapper (lib/http/handler.ts) for every answer, the content route's direct path included.
 */
import { logRequestLine } from "@/lib/log";
import { metrics } from "./registry";
import { countRequest, type OperationFigures, operationFigures } from "./request-figures";

/** What one operation needs at the end of each request. */
export type RequestRecorder = (requestId: string, status: number, ms: number) => void;

export function requestRecorder(op: { method: string; path: string }): RequestRecorder {
  // Bound on the first request, not at module load: route modules are loaded by tests and by
  // `next build`, which must not start node's metric collection (metrics() starts it, as a first
  // request always did).
  let figures: OperationFigures | undefined;
  return (requestId, status, ms) => {
    if (!figures) {
      metrics();
      figures = operationFigures(op.method, op.path);
    }
    countRequest(figures, status, ms);
    logRequestLine(requestId, op.method, op.path, status, Math.round(ms * 10) / 10);
  };
}
