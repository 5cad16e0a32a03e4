/**
 * Long loops on a thread that answers requests give the event loop a turn every SLICE_MS, so no
 * task holds it much longer than that (issue 26: under 50 ms). Usage:
 *   const slice = timeSlice();
 *   for (const x of many) { work(x); await slice(); }
 * The await costs nothing until the slice is used up.
 */
export const SLICE_MS = 8;

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
