/**
 * Long loops on a thread that answers requests give the event loop a turn every SLICE_MS, so no
 * task holds it much longer than that (issue 26: under 50 ms). Usage:
 *   const slice = timeSlice();
 *   for (const x of many) { work(x); await slice(); }
 * The await costs nothing until the slice is used up.
 */
/**
 * 4, not 8: the responsive bench's export phase (issue 26) ran while the identity index was still
 * applying 500,000 freshly loaded customers in slices; at 8 ms those slices alone put the web
 * thread's event-loop delay p99 at 11-13 ms (target 10). A turn between slices costs microseconds.
 */
export const SLICE_MS = 4;

export function timeSlice(budgetMs = SLICE_MS): () => Promise<void> | undefined {
  let start = performance.now();
  return () => {
    if (performance.now() - start < budgetMs) return undefined;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        start = performance.now();
        resolve();
      }),
    );
  };
}
