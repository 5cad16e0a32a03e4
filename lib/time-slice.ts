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

export interface SliceOptions {
  /**
   * Background work (a model load while the old models serve): after each slice the loop rests
   * this long (a timer) before the next, so the thread sleeps when no request is waiting instead
   * of running flat out. On a machine whose cores are all busy (a build, the database, the shop's
   * traffic) a thread that never sleeps is the one the kernel's scheduler makes wait: its
   * requests then wait for a core, not for our work.
   */
  restMs?: number;
}

export function timeSlice(budgetMs = SLICE_MS, options: SliceOptions = {}): () => Promise<void> | undefined {
  const rest = options.restMs ?? 0;
  let start = performance.now();
  const next = (resolve: () => void) => () => {
    start = performance.now();
    resolve();
  };
  return () => {
    if (performance.now() - start < budgetMs) return undefined;
    return new Promise<void>((resolve) => {
      if (rest > 0) setTimeout(next(resolve), rest);
      else setImmediate(next(resolve));
    });
  };
}
